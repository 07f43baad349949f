import { type CeremonyBookingInput, ceremonyBookingMachine } from '@machines/ceremony-booking.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { format } from 'date-fns';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { checkoutLogic } from '../../shared/payment/checkout-logic';
import { CEREMONY_CALENDAR_KEY } from './ceremony-queries';

/** An order's sending instant (JF_DATE), on the believer's clock. */
const now = () => format(new Date(), 'yyyy-MM-dd HH:mm:ss');

/** The booking flow of one ceremony type with its real effects: the API, the login dialog, navigation. */
export const useCeremonyBookingActor = (input: Omit<CeremonyBookingInput, 'now'>) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authDialog = useAuthDialog();
  return useMachine(
    ceremonyBookingMachine.provide({
      actors: {
        awaitLogin: awaitLoginWith(authDialog),
        checkout: checkoutLogic,
      },
      actions: {
        slotsChanged: () => void queryClient.invalidateQueries({ queryKey: CEREMONY_CALENDAR_KEY }),
        goToSuccess: (_, { outTradeNo }) => void navigate({ to: '/success', search: { no: outTradeNo } }),
      },
    }),
    { input: { ...input, now } },
  );
};
