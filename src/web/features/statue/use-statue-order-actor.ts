import type { StatuePlace } from '@contract/statue-form';
import { statueOrderMachine } from '@machines/statue-order.machine';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { checkoutLogic } from '../../shared/payment/checkout-logic';
import { seatSelectionLogic } from '../../shared/seat-map/use-seat-selection';
import { loadStatueSeats } from './statue-queries';

const seats = seatSelectionLogic(loadStatueSeats);

/** The enshrinement flow of one location with its real effects: the checkout, the map, the login, navigation. */
export const useStatueOrderActor = (place: StatuePlace) => {
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  return useMachine(
    statueOrderMachine.provide({
      actors: {
        awaitLogin: awaitLoginWith(authDialog),
        seatSelection: seats,
        checkout: checkoutLogic,
      },
      actions: {
        goToSuccess: (_, { outTradeNo }) => void navigate({ to: '/success', search: { no: outTradeNo } }),
      },
    }),
    { input: place },
  );
};
