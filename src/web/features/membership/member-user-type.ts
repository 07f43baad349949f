import { sessionStore } from '../../api/session';

/**
 * After a paid join the site stores user type 2 (a member) beside the session (001 sections 4
 * and 6), in the same local-storage entries the login saves: `USER_TYPE` and the user info's
 * `userType` (the session store's `setUserType`).
 */
export const MEMBER_USER_TYPE = 2;

export const storeMemberUserType = (): void => sessionStore.setUserType(MEMBER_USER_TYPE);
