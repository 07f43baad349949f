import type { AssemblyInput } from '@contract/assembly-form';
import { assemblyOrderMachine } from '@machines/assembly-order.machine';
import { useNavigate } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { useOrderingEffects } from '../../shared/ordering/ordering-effects';

/**
 * The registration flow of one assembly with its real effects: the ordering flow's (the login,
 * the checkout, the success page, the orders asked again) and /BusinessClass on leaving.
 */
export const useAssemblyOrderActor = (input: AssemblyInput) => {
  const navigate = useNavigate();
  const effects = useOrderingEffects();
  return useActor(
    assemblyOrderMachine.provide({
      actors: effects.actors,
      actions: { ...effects.actions, leave: () => void navigate({ to: '/BusinessClass' }) },
    }),
    { input },
  );
};
