import { ceremonyApi } from '@contract/ceremony';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { type CeremonyBookingInput, ceremonyBookingMachine } from '@machines/ceremony-booking.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { format } from 'date-fns';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { paymentLogic } from '../../shared/payment/payment-logic';
import { CEREMONY_CALENDAR_KEY } from './ceremony-queries';

/** The booking flow of one ceremony type with its real effects: the API, the login dialog, navigation. */
export const useCeremonyBookingActor = (input: CeremonyBookingInput) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authDialog = useAuthDialog();
  return useMachine(
    ceremonyBookingMachine.provide({
      actors: {
        // Quiet: a refusal is shown in the order dialog, where the believer is looking.
        createOrder: fromPromise(
          async ({ input: { order, idempotencyKey } }) =>
            (
              await portalClient(
                ceremonyApi.order,
                { ...order, JF_DATE: format(new Date(), 'yyyy-MM-dd HH:mm:ss') },
                { quiet: true, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
              )
            ).data,
        ),
        awaitLogin: awaitLoginWith(authDialog),
        payment: paymentLogic,
      },
      actions: {
        slotsChanged: () => void queryClient.invalidateQueries({ queryKey: CEREMONY_CALENDAR_KEY }),
        goToSuccess: (_, { outTradeNo }) => void navigate({ to: '/success', search: { no: outTradeNo } }),
      },
    }),
    { input },
  );
};
