import type { MeritItem } from '@contract/merit';
import { meritOrderMachine } from '@machines/merit-order.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { useOrderingEffects } from '../../shared/ordering/ordering-effects';

/**
 * The merit order flow of `item` with its real effects: the ordering flow's (the login, the
 * checkout, the success page, the orders asked again), the wish wall asked again when paid, and
 * /merit on leaving.
 */
export const useMeritOrderActor = (item: MeritItem) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const effects = useOrderingEffects();
  return useActor(
    meritOrderMachine.provide({
      actors: effects.actors,
      actions: {
        ...effects.actions,
        goToSuccess: (args, params) => {
          // A paid offering's wish shows on the wish wall.
          void queryClient.invalidateQueries({ queryKey: ['wishes'] });
          effects.actions.goToSuccess(args, params);
        },
        leave: () => void navigate({ to: '/merit' }),
      },
    }),
    { input: { item } },
  );
};
