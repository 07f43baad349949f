import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { statueApi } from '@contract/statue';
import type { StatuePlace } from '@contract/statue-form';
import { statueOrderMachine } from '@machines/statue-order.machine';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { paymentLogic } from '../../shared/payment/payment-logic';
import { seatSelectionLogic } from '../../shared/seat-map/use-seat-selection';
import { loadStatueSeats } from './statue-queries';

const seats = seatSelectionLogic(loadStatueSeats);

/** The enshrinement flow of one location with its real effects: the API, the map, the login, navigation. */
export const useStatueOrderActor = (place: StatuePlace) => {
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  return useMachine(
    statueOrderMachine.provide({
      actors: {
        // Quiet: a refusal is shown in the order dialog, where the believer is looking.
        createOrder: fromPromise(
          async ({ input: { order, idempotencyKey } }) =>
            (
              await portalClient(statueApi.order, order, {
                quiet: true,
                headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
              })
            ).data,
        ),
        awaitLogin: awaitLoginWith(authDialog),
        seatSelection: seats,
        payment: paymentLogic,
      },
      actions: {
        goToSuccess: (_, { outTradeNo }) => void navigate({ to: '/success', search: { no: outTradeNo } }),
      },
    }),
    { input: place },
  );
};
