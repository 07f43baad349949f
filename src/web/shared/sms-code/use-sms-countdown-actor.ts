import { authApi, type CodePurpose } from '@contract/auth';
import { smsCountdownMachine } from '@machines/sms-countdown.machine';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { mainClient } from '../../api/client';

/**
 * The send-code countdown with its real send: `sendCode` posts the phone (quietly: a refusal is
 * shown under the phone field, or becomes the countdown). A flow that invokes the countdown as
 * its own child provides this logic; a form that only needs the button uses the hook below.
 */
export const smsCountdownLogic = (sendCode: (phone: string) => Promise<unknown>) =>
  smsCountdownMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => {
        await sendCode(input.phone);
      }),
    },
  });

/** The login and register forms' countdown, sending codes for `purpose`, counting `seconds` down. */
export const useSmsCountdownActor = (purpose: CodePurpose, seconds: number) =>
  useActor(
    smsCountdownLogic((phone) => mainClient(authApi.sendCode, { phone, type: purpose }, { quiet: true })),
    { input: { seconds } },
  );
