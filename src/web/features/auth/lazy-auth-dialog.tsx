import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAuthDialog } from '../../shared/auth/auth-dialog';

const AuthDialogView = lazy(() =>
  import('./auth-dialog').then(({ AuthDialog }) => ({ default: AuthDialog })),
);

/**
 * The login dialog's place in the shell: empty until the dialog is first needed, then the dialog
 * itself (its view downloads with it, so a visit that never logs in does not).
 */
export function LazyAuthDialog() {
  const dialog = useAuthDialog();
  const actor = useSyncExternalStore(dialog.subscribe, dialog.current);
  return actor ? (
    <Suspense fallback={null}>
      <AuthDialogView />
    </Suspense>
  ) : null;
}
