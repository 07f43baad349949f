import { sessionStore } from '@web/api/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../support/statecharts/fixtures/auth-dialog';

describe('sessionStore.setUserType', () => {
  afterEach(() => localStorage.clear());

  it('writes USER_TYPE and the stored user info’s userType, the rest unchanged, and tells listeners', () => {
    sessionStore.save({ ...session, userInfo: { ...session.userInfo, userType: 1 } });
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.setUserType(2);
    unsubscribe();
    expect(localStorage.getItem('USER_TYPE')).toBe('2');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toEqual({
      ...session.userInfo,
      userType: 2,
    });
    expect(localStorage.getItem('token')).toBe(session.token);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('without a readable user info writes USER_TYPE alone', () => {
    sessionStore.setUserType(2);
    expect(localStorage.getItem('USER_TYPE')).toBe('2');
    expect(localStorage.getItem('userInfo')).toBeNull();
    localStorage.setItem('userInfo', '{not json');
    sessionStore.setUserType(1);
    expect(localStorage.getItem('USER_TYPE')).toBe('1');
    expect(localStorage.getItem('userInfo')).toBe('{not json');
  });
});
