import { CONSOLE_MESSAGES, type refundRowSchema } from '@contract/console';
import type { InferOutput } from 'valibot';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { ReconciliationService } from '../reconciliation';
import { audit, type StaffActor } from './audit';
import { iso } from './order-rows';

type RefundRow = InferOutput<typeof refundRowSchema>;

/** How many refund_due payments the list shows: those waiting first, then the newest. */
const LISTED = 200;

const refundRows = (db: Db) =>
  db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'p.id',
      'o.out_trade_no',
      'o.description',
      'p.amount_fen',
      'p.paid_at',
      'p.flag',
      'p.refund_status',
      'p.out_refund_no',
    ])
    .where('p.refund_due', '=', true);

const toRefundRow = (
  p: Awaited<ReturnType<ReturnType<typeof refundRows>['execute']>>[number],
): RefundRow => ({
  paymentId: p.id,
  outTradeNo: p.out_trade_no,
  description: p.description,
  amountFen: p.amount_fen,
  paidAt: iso(p.paid_at),
  flag: p.flag,
  refundStatus: p.refund_status,
  outRefundNo: p.out_refund_no,
});

export interface RefundDeskDeps {
  db: Db;
  clock: Clock;
  reconciliation: ReconciliationService;
}

/**
 * The 财务's refunds: the payments owed back (refund_due) with their refund's state, and a refund
 * through the gateway, exactly once (reconciliation.refund marks the payment asked in a locked
 * transaction before the gateway is called, and refuses a second ask while one is under way).
 */
export const createRefundDesk = ({ db, clock, reconciliation }: RefundDeskDeps) => ({
  async list(): Promise<RefundRow[]> {
    const rows = await refundRows(db)
      // Not yet given back first (never asked, or asked and unanswered), then the newest.
      .orderBy((eb) =>
        eb.case().when('p.refund_status', 'in', ['processing', 'success']).then(1).else(0).end(),
      )
      .orderBy('p.paid_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(LISTED)
      .execute();
    return rows.map(toRefundRow);
  },

  /**
   * Refunds what order `outTradeNo` is owed back. The audit row (who asked, the refund number) is
   * written in the transaction that marks the payment asked, before the gateway is called: a
   * gateway that fails or hangs after refunding still leaves the request on record.
   */
  async refund(outTradeNo: string, actor: StaffActor): Promise<RefundRow> {
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('out_trade_no', '=', outTradeNo)
      .executeTakeFirst();
    if (!order) throw notFound(CONSOLE_MESSAGES.orderNotFound);
    const { outRefundNo } = await reconciliation.refund(outTradeNo, (trx, asked) =>
      audit(
        trx,
        actor,
        'payment.refunded',
        `order:${outTradeNo}`,
        {
          before: { paymentId: asked.paymentId, refundStatus: asked.before },
          after: { outRefundNo: asked.outRefundNo, refundStatus: 'asked', amountFen: asked.amountFen },
        },
        clock.now(),
      ),
    );
    const row = await refundRows(db).where('p.out_refund_no', '=', outRefundNo).executeTakeFirst();
    if (!row) throw notFound(CONSOLE_MESSAGES.notFound);
    return toRefundRow(row);
  },
});

export type RefundDesk = ReturnType<typeof createRefundDesk>;
