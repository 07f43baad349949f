import type { AuthDialogEvent } from '@machines/auth-dialog.machine';
import { createContext, useContext } from 'react';
import { loadOnce } from '../load-once';
import type { AuthDialogActor, AuthDialogDeps } from './auth-dialog-actor';

type OpenEvent = Extract<AuthDialogEvent, { type: 'dialog.openLogin' | 'dialog.openRegister' }>;

/**
 * The site's one login/register dialog, as pages, guards and flows hold it. Its actor (xstate,
 * the machine, the auth calls) and its view load the first time it opens or a flow needs it,
 * so a visit that never logs in does not download them. `load` answers the same actor every time.
 */
export interface AuthDialog {
  /** Opens the login or register dialog (loading it first, the first time). */
  open: (event: OpenEvent) => void;
  /** The dialog's running actor. */
  load: () => Promise<AuthDialogActor>;
  /** The actor once loaded (the dialog's view renders from then on). */
  current: () => AuthDialogActor | undefined;
  /** Tells `listener` when the actor has loaded. */
  subscribe: (listener: () => void) => () => void;
}

export const createAuthDialog = (deps: AuthDialogDeps): AuthDialog => {
  let actor: AuthDialogActor | undefined;
  const listeners = new Set<() => void>();
  // A failed download (offline) is tried again at the next opening.
  const load = loadOnce(() =>
    import('./auth-dialog-actor').then(({ createAuthDialogActor }) => {
      actor = createAuthDialogActor(deps);
      for (const listener of listeners) listener();
      return actor;
    }),
  );
  return {
    open: (event) => {
      load().then(
        (loaded) => loaded.send(event),
        () => deps.unavailable(),
      );
    },
    load,
    current: () => actor,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

export const AuthDialogContext = createContext<AuthDialog | null>(null);

export const useAuthDialog = (): AuthDialog => {
  const dialog = useContext(AuthDialogContext);
  if (!dialog)
    throw new Error('AuthDialogContext is missing: render inside <AuthDialogContext value={dialog}>');
  return dialog;
};

/** The loaded actor, for the dialog's own view (rendered only once it has loaded). */
export const useAuthDialogActor = (): AuthDialogActor => {
  const actor = useAuthDialog().current();
  if (!actor) throw new Error('The login dialog is rendered before its actor has loaded');
  return actor;
};
