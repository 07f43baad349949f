import { AUTH_MESSAGES, authApi } from '@contract/auth';
import { authDialogMachine } from '@machines/auth-dialog.machine';
import { type Actor, createActor, fromPromise } from 'xstate';
import { mainClient } from '../../api/client';
import { sessionStore } from '../../api/session';
import { toast } from '../../components/ui/toast';

export interface AuthDialogDeps {
  /** Go to the page the believer was sent away from (the /login redirect). */
  navigate: (href: string) => void;
  /** Refetch what the page shows, now as a logged-in believer. */
  refresh: () => void;
  /** The dialog could not be downloaded (offline): say so. */
  unavailable: () => void;
}

/**
 * The site's one login/register dialog actor, created the first time the dialog is needed
 * (`createAuthDialog` in ./auth-dialog). It lives for the whole app, so route guards (which run
 * outside React) can open it too; this is the one place its effects are provided.
 */
export const createAuthDialogActor = ({ navigate, refresh }: AuthDialogDeps) =>
  createActor(
    authDialogMachine.provide({
      actors: {
        // Quiet: the dialog says a refusal under the field it is about, where the believer looks.
        login: fromPromise(
          async ({ input }) =>
            (await mainClient(authApi.login, { ...input, loginType: 'PC' }, { quiet: true })).data,
        ),
        register: fromPromise(
          async ({ input }) =>
            (await mainClient(authApi.register, { ...input, loginType: 'PC' }, { quiet: true })).data,
        ),
      },
      actions: {
        finishLogin: (_, { session, redirect }) => {
          sessionStore.save(session);
          toast.success(AUTH_MESSAGES.loggedIn);
          if (redirect) navigate(redirect);
          else refresh();
        },
      },
    }),
  ).start();

export type AuthDialogActor = Actor<typeof authDialogMachine>;
