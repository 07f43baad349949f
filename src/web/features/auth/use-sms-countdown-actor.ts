import { authApi, type CodePurpose } from '@contract/auth';
import { smsCountdownMachine } from '@machines/sms-countdown.machine';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { mainClient } from '../../api/client';

/**
 * The send-code countdown of one form, sending codes for `purpose`, counting `seconds` down.
 * The send is quiet: a refusal is shown under the phone field, or becomes the countdown.
 */
export const useSmsCountdownActor = (purpose: CodePurpose, seconds: number) =>
  useMachine(
    smsCountdownMachine.provide({
      actors: {
        sendCode: fromPromise(async ({ input }) => {
          await mainClient(authApi.sendCode, { phone: input.phone, type: purpose }, { quiet: true });
        }),
      },
    }),
    { input: { seconds } },
  );
