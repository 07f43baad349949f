import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { tabletApi } from '@contract/tablet';
import type { TabletPlace } from '@contract/tablet-form';
import { tabletBookingMachine } from '@machines/tablet-booking.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { paymentLogic } from '../../shared/payment/payment-logic';
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
        // Quiet: a refusal is shown in the order dialog, where the believer is looking.
        createOrder: fromPromise(
          async ({ input: { order, idempotencyKey } }) =>
            (
              await portalClient(tabletApi.order, order, {
                quiet: true,
                headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
              })
            ).data,
        ),
        awaitLogin: awaitLoginWith(authDialog),
        // Through the query cache, so the page shows the price that came with the map.
        seatSelection: seatSelectionLogic(
          async (area) => (await queryClient.fetchQuery(tabletSeatsQuery(area))).pwOrderDataMap,
        ),
        payment: paymentLogic,
      },
      actions: {
        goToSuccess: (_, { outTradeNo }) => void navigate({ to: '/success', search: { no: outTradeNo } }),
      },
    }),
    { input },
  );
};
