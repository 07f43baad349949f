import { type CeremonyBookingInput, ceremonyBookingMachine } from '@machines/ceremony-booking.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActor } from '@xstate/react';
import { format } from 'date-fns';
import { useOrderingEffects } from '../../shared/ordering/ordering-effects';
import { CEREMONY_CALENDAR_KEY } from './ceremony-queries';

/** An order's sending instant (JF_DATE), on the believer's clock. */
const now = () => format(new Date(), 'yyyy-MM-dd HH:mm:ss');

/** The booking flow of one ceremony type with its real effects: the API, the login dialog, navigation. */
export const useCeremonyBookingActor = (input: Omit<CeremonyBookingInput, 'now'>) => {
  const effects = useOrderingEffects();
  const queryClient = useQueryClient();
  /** The sessions left may have changed (a refusal, an unpaid deposit): the calendar is asked again. */
  const slotsChanged = () => void queryClient.invalidateQueries({ queryKey: CEREMONY_CALENDAR_KEY });
  return useActor(
    ceremonyBookingMachine.provide({
      actors: effects.actors,
      actions: { ...effects.actions, refused: slotsChanged, closedUnpaid: slotsChanged },
    }),
    { input: { ...input, now } },
  );
};
