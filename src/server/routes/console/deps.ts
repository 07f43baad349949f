import type { Services } from '../../app-services';
import type { AddressOf } from '../../client-address';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';

/** What the console's routes are built from. */
export interface ConsoleDeps {
  db: Db;
  clock: Clock;
  services: Services;
  accounts: Services['staffAccounts'];
  addressOf: AddressOf;
  /** The session cookie is Secure when the site's public address is HTTPS. */
  secureCookie: () => boolean;
}
