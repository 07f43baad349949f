import type { StatuePlace } from '@contract/statue-form';
import { statueOrderMachine } from '@machines/statue-order.machine';
import { useActor } from '@xstate/react';
import { useOrderingEffects } from '../../shared/ordering/ordering-effects';
import { seatSelectionLogic } from '../../shared/seat-map/use-seat-selection';
import { loadStatueSeats } from './statue-queries';

const seats = seatSelectionLogic(loadStatueSeats);

/** The enshrinement flow of one location with its real effects: the checkout, the map, the login, navigation. */
export const useStatueOrderActor = (place: StatuePlace) => {
  const effects = useOrderingEffects();
  return useActor(
    statueOrderMachine.provide({
      actors: { ...effects.actors, seatSelection: seats },
      actions: effects.actions,
    }),
    { input: place },
  );
};
