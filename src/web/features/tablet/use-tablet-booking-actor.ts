import type { TabletPlace } from '@contract/tablet-form';
import { tabletBookingMachine } from '@machines/tablet-booking.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { checkoutLogic } from '../../shared/payment/checkout-logic';
import { seatSelectionLogic } from '../../shared/seat-map/use-seat-selection';
import { tabletSeatsQuery } from './tablet-queries';

/** The tablet booking of one type with its real effects: the API, the seat map, the login dialog, navigation. */
export const useTabletBookingActor = (input: TabletPlace) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authDialog = useAuthDialog();
  return useMachine(
    tabletBookingMachine.provide({
      actors: {
        awaitLogin: awaitLoginWith(authDialog),
        // Through the query cache, so the page shows the price that came with the map.
        seatSelection: seatSelectionLogic(
          async (area) => (await queryClient.fetchQuery(tabletSeatsQuery(area))).pwOrderDataMap,
        ),
        checkout: checkoutLogic,
      },
      actions: {
        goToSuccess: (_, { outTradeNo }) => void navigate({ to: '/success', search: { no: outTradeNo } }),
      },
    }),
    { input },
  );
};
