import type { TabletPlace } from '@contract/tablet-form';
import { tabletBookingMachine } from '@machines/tablet-booking.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActor } from '@xstate/react';
import { useOrderingEffects } from '../../shared/ordering/ordering-effects';
import { seatSelectionLogic } from '../../shared/seat-map/use-seat-selection';
import { tabletSeatsQuery } from './tablet-queries';

/** The tablet booking of one type with its real effects: the API, the seat map, the login dialog, navigation. */
export const useTabletBookingActor = (input: TabletPlace) => {
  const effects = useOrderingEffects();
  const queryClient = useQueryClient();
  return useActor(
    tabletBookingMachine.provide({
      actors: {
        ...effects.actors,
        // Through the query cache, so the page shows the price that came with the map.
        seatSelection: seatSelectionLogic(
          async (area) => (await queryClient.fetchQuery(tabletSeatsQuery(area))).pwOrderDataMap,
        ),
      },
      actions: effects.actions,
    }),
    { input },
  );
};
