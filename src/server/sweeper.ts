import { STAFF_RULES } from '@contract/staff';
import { sql } from 'kysely';
import type { Clock } from './clock';
import type { Db } from './db/database';
import type { Logger } from './logger';
import type { NotificationSender } from './services/notifications';
import type { OrdersService } from './services/orders';
import type { ReconciliationService } from './services/reconciliation';

export interface SweeperDeps {
  /** Where each run's end is written (sweeper_runs, for the console's Today board across instances). */
  db: Db;
  orders: OrdersService;
  reconciliation: ReconciliationService;
  notifications: NotificationSender;
  clock: Clock;
  logger: Logger;
}

/** How often the sweeper runs: holds, the gateway's open QRs, and the promised messages. */
export const SWEEP_EVERY_MS = 30_000;

/**
 * One sweep, each step on its own so one failing never stops the others: online orders whose
 * hold ended are closed at the gateway, then every ended hold is closed and its place released;
 * unpaid orders whose QR is open are asked about at the gateway (a lost notification); the
 * messages that are due are sent. Safe on several instances at once (each step claims its rows).
 */
export const createSweeper = ({ db, orders, reconciliation, notifications, clock, logger }: SweeperDeps) => {
  /** A step whose count is logged when it is not zero. */
  const step = async (name: string, run: () => Promise<number>) => {
    try {
      const count = await run();
      if (count > 0) logger.info(`sweep.${name}`, { count });
    } catch (error) {
      logger.error(`sweep.${name}_failed`, { error: String(error) });
    }
  };
  return {
    async run(): Promise<void> {
      let unclosed: number[] = [];
      await step('gateway_unclosed', async () => {
        unclosed = await reconciliation.closeEnded();
        return unclosed.length;
      });
      await step('orders_closed', () => orders.closeExpired(unclosed));
      await step('gateway_paid', reconciliation.queryOpen);
      await step('messages_sent', notifications.sendDue);
      // Staff sessions a day past their end (ended, idle or expired) are of no use to anyone.
      await step('staff_sessions_purged', async () => {
        const dayAgo = new Date(clock.now().getTime() - 86_400_000);
        const idleSince = new Date(dayAgo.getTime() - STAFF_RULES.idleMinutes * 60_000);
        const purged = await db
          .deleteFrom('staff_sessions')
          .where((eb) =>
            eb.or([
              eb('ended_at', '<', dayAgo),
              eb('expires_at', '<', dayAgo),
              eb('last_seen_at', '<', idleSince),
            ]),
          )
          .executeTakeFirst();
        return Number(purged.numDeletedRows);
      });
      const at = clock.now();
      // Every instance's sweeps, one row: the latest end wins whichever instance writes last.
      await step('run_recorded', async () => {
        await db
          .insertInto('sweeper_runs')
          .values({ id: 1, last_run_at: at })
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet({ last_run_at: sql`greatest(sweeper_runs.last_run_at, excluded.last_run_at)` }),
          )
          .execute();
        return 0;
      });
    },
  };
};

export type Sweeper = ReturnType<typeof createSweeper>;
