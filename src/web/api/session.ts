import type { Session } from '@contract/auth';
import { useSyncExternalStore } from 'react';

/** What the site keeps in local storage for a logged-in believer (spec 002 section 3). */
const KEYS = { token: 'token', mobile: 'mobile', userInfo: 'userInfo', userType: 'USER_TYPE' } as const;

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const sessionStore = {
  token: (): string | null => localStorage.getItem(KEYS.token),
  mobile: (): string | null => localStorage.getItem(KEYS.mobile),
  isLoggedIn: (): boolean => Boolean(localStorage.getItem(KEYS.token) && localStorage.getItem(KEYS.mobile)),
  save(session: Session): void {
    localStorage.setItem(KEYS.token, session.token);
    localStorage.setItem(KEYS.mobile, session.userInfo.phone);
    localStorage.setItem(KEYS.userInfo, JSON.stringify(session.userInfo));
    localStorage.setItem(KEYS.userType, String(session.userInfo.userType));
    notify();
  },
  /**
   * A new user type (2 after a paid join): `USER_TYPE` and the stored user info's `userType`, the
   * entries the login saves. An unreadable user info is left as it is: the next login writes it anew.
   */
  setUserType(type: number): void {
    localStorage.setItem(KEYS.userType, String(type));
    const raw = localStorage.getItem(KEYS.userInfo);
    if (raw) {
      try {
        const info = JSON.parse(raw) as Record<string, unknown>;
        localStorage.setItem(KEYS.userInfo, JSON.stringify({ ...info, userType: type }));
      } catch {
        // Left as it is.
      }
    }
    notify();
  },
  /** Log out and 401: the stored user info, phone, token and user type all go. */
  clear(): void {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = () => listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** The stored mobile: the header's logged-in display depends on it. */
export const useSessionMobile = (): string | null =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.mobile, () => null);
