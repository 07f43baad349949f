import type { EnshrinementItem } from '@contract/believer';
import { enshrinementRenewalMachine } from '@machines/enshrinement-renewal.machine';
import { useActor } from '@xstate/react';
import { useOrderingEffects } from '../../shared/ordering/ordering-effects';

/**
 * The renewal of `item` with its real effects: the ordering flow's (the checkout, a refusal shown
 * beside the button, the user centre's lists — 我的订单, 当前供奉 — asked again when an order was
 * paid, reserved or left unpaid; its success is the dialog closing).
 */
export const useEnshrinementRenewalActor = (item: EnshrinementItem) => {
  const effects = useOrderingEffects({ successPage: false });
  return useActor(enshrinementRenewalMachine.provide({ actors: effects.actors, actions: effects.actions }), {
    input: { item },
  });
};
