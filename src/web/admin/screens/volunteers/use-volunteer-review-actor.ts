import { consoleApi } from '@contract/console';
import {
  type ReviewField,
  VOLUNTEER_REVIEW_MESSAGES,
  volunteerReviewMachine,
} from '@machines/volunteer-review.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { volunteersQuery } from './volunteer-queries';

/**
 * The review with its real effects: the review call (quiet: the dialog says a refusal), the list
 * asked again once a review is saved, the toast, and the focus the machine asks for.
 */
export const useVolunteerReviewActor = (focusField: (field: ReviewField) => void) => {
  const queryClient = useQueryClient();
  return useActor(
    volunteerReviewMachine.provide({
      actors: {
        sendReview: fromPromise(({ input }) =>
          consoleCall(consoleApi.review, { params: { id: input.id }, body: input.review, quiet: true }),
        ),
      },
      actions: {
        focusField: (_, field) => {
          if (field) focusField(field);
        },
        reviewed: () => {
          toast.success(VOLUNTEER_REVIEW_MESSAGES.reviewed, 5000);
          void queryClient.invalidateQueries({ queryKey: volunteersQuery.queryKey });
        },
      },
    }),
  );
};
