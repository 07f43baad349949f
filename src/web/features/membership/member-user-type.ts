/**
 * After a paid join the site stores user type 2 (a member) beside the session (001 sections 4
 * and 6), in the same local-storage entries the login saves: `USER_TYPE` and the user info's
 * `userType`. The session store has no setter for it, so this writes the two entries itself.
 */
export const MEMBER_USER_TYPE = 2;

export const storeMemberUserType = (): void => {
  localStorage.setItem('USER_TYPE', String(MEMBER_USER_TYPE));
  const raw = localStorage.getItem('userInfo');
  if (!raw) return;
  try {
    const info = JSON.parse(raw) as Record<string, unknown>;
    localStorage.setItem('userInfo', JSON.stringify({ ...info, userType: MEMBER_USER_TYPE }));
  } catch {
    // An unreadable user info is left as it is: the next login writes it anew.
  }
};
