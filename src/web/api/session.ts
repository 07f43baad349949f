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
