import { VOLUNTEER_MESSAGES, VOLUNTEER_RULES, volunteerApi } from '@contract/volunteer';
import type { VolunteerField } from '@contract/volunteer-form';
import {
  type VolunteerApplicationInput,
  volunteerApplicationMachine,
} from '@machines/volunteer-application.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { mainClient } from '../../api/client';
import { toast } from '../../components/ui/toast';
import { photoUploadLogic } from '../../shared/photo-upload/photo-upload-logic';
import { smsCountdownLogic } from '../../shared/sms-code/use-sms-countdown-actor';
import { myVolunteerApplicationQuery } from './volunteer-queries';

/**
 * The volunteer application with its real effects: the code and the application calls (quiet:
 * the machine says each refusal where it belongs), the shared photo upload (its volunteer call),
 * the toasts, the success page, and the focus the machine asks for (`focusField`, answered by
 * the form).
 */
export const useVolunteerApplicationActor = (
  input: VolunteerApplicationInput,
  focusField: (field: VolunteerField) => void,
) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useActor(
    volunteerApplicationMachine.provide({
      actors: {
        smsCountdown: smsCountdownLogic((phone) =>
          mainClient(volunteerApi.sendCode, { phone, type: VOLUNTEER_RULES.codePurpose }, { quiet: true }),
        ),
        photoUpload: photoUploadLogic,
        submitApplication: fromPromise(async ({ input: { payload } }) => {
          await mainClient(volunteerApi.apply, payload, { quiet: true });
        }),
      },
      actions: {
        focusField: (_, field) => {
          if (field) focusField(field);
        },
        showSuccess: (_, userName) => {
          toast.success(VOLUNTEER_MESSAGES.applied);
          // Back on the volunteer page, the application now waiting for review is shown.
          void queryClient.invalidateQueries({ queryKey: myVolunteerApplicationQuery.queryKey });
          void navigate({ to: '/volunteer-success', search: { userName } });
        },
      },
    }),
    { input },
  );
};
