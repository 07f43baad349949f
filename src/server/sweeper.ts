import type { Clock } from './clock';
import type { Logger } from './logger';
import type { NotificationSender } from './services/notifications';
import type { OrdersService } from './services/orders';
import type { ReconciliationService } from './services/reconciliation';

export interface SweeperDeps {
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
export const createSweeper = ({ orders, reconciliation, notifications, clock, logger }: SweeperDeps) => {
  let lastRunAt: Date | null = null;
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
      lastRunAt = clock.now();
    },
    /** When the last sweep ended (the console's "sweeper last ran"). */
    lastRunAt: () => lastRunAt,
  };
};

export type Sweeper = ReturnType<typeof createSweeper>;
