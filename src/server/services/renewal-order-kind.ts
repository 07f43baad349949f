import { membershipEndDate } from '@contract/membership';
import { yuanToFen } from '@contract/money';
import { ORDER_TYPES } from '@contract/order-types';
import { ORDER_STATE } from '@contract/payment';
import { RENEWAL_MESSAGES, RENEWAL_RULES, renewalFlag, renewalOrderRequest } from '@contract/renewal';
import { templeToday } from '@contract/temple-day';
import { badRequest } from '../errors';
import { statueFirstEnd } from './believer';
import { guardHoldCap, type HoldCap } from './hold-cap';
import { defineOrderKind } from './order-kinds';

/**
 * Unpaid renewals one believer may hold at once. A renewal takes no place, but each unpaid one
 * stays open in the believer's and the temple's lists (a reservation for 7 days).
 */
const RENEWAL_HOLD_CAP: HoldCap = {
  name: 'renewal',
  types: [ORDER_TYPES.renewal],
  max: RENEWAL_RULES.maxUnpaidHolds,
  message: RENEWAL_MESSAGES.holdCap,
};

/**
 * The renewal of a yearly statue (order type 4, spec 001 sections 3-5 and 9): one of my paid 年供
 * statues, 1 to 3 years at its group's yearly price (the server's). At 10000 yuan and above it is
 * a reservation (FX_YD_FLAG 1): no QR, paid at the temple within 7 days. Paid, the term ends
 * `years` later, counted from the current end while it runs, from today once it has ended.
 */
export const renewalOrderKind = defineOrderKind({
  type: ORDER_TYPES.renewal,
  schema: renewalOrderRequest,
  /** The enshrinement renewed. */
  subjectOf: (order) => [order.ID],
  async price(trx, order, user) {
    const statue = await trx
      .selectFrom('statue_orders')
      .innerJoin('orders', 'orders.id', 'statue_orders.order_id')
      .innerJoin('statues', 'statues.id', 'statue_orders.statue_id')
      .innerJoin('statue_groups', (join) =>
        join
          .onRef('statue_groups.location', '=', 'statue_orders.location')
          .onRef('statue_groups.fx_group', '=', 'statue_orders.fx_group'),
      )
      .select([
        'statue_orders.order_id',
        'statue_orders.gf_type',
        'statues.name',
        'statue_groups.ng_price_fen',
      ])
      .where('statue_orders.order_id', '=', order.ID)
      .where('orders.user_id', '=', user.id)
      .where('orders.state', '=', ORDER_STATE.paid)
      .executeTakeFirst();
    if (!statue) throw badRequest(RENEWAL_MESSAGES.notFound);
    if (statue.gf_type !== '2') throw badRequest(RENEWAL_MESSAGES.permanent);
    const amountFen = statue.ng_price_fen * order.YEARS;
    if (yuanToFen(order.customAmount) !== amountFen) throw badRequest(RENEWAL_MESSAGES.totalMismatch);
    const flag = renewalFlag(amountFen / 100);
    return {
      amountFen,
      description: `圣像供奉续费·${statue.name}·${order.YEARS}年`,
      mode: flag === '1' ? 'reservation' : 'online',
      items: [
        {
          name: `${statue.name}·年供续费`,
          itemCode: `renewal:${statue.order_id}`,
          quantity: order.YEARS,
          unitPriceFen: statue.ng_price_fen,
          amountFen,
          wish: null,
          donorName: null,
        },
      ],
      async store(trx, stored) {
        await guardHoldCap(trx, stored, RENEWAL_HOLD_CAP);
        await trx
          .insertInto('statue_renewals')
          .values({
            order_id: stored.id,
            statue_order_id: statue.order_id,
            years: order.YEARS,
            price_fen: amountFen,
            fx_yd_flag: flag,
          })
          .execute();
      },
    };
  },
  async onPaid(trx, order, now) {
    const renewal = await trx
      .selectFrom('statue_renewals')
      .select(['statue_order_id', 'years'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const statue = await trx
      .selectFrom('statue_orders')
      .innerJoin('orders', 'orders.id', 'statue_orders.order_id')
      .select(['statue_orders.ends_on', 'orders.paid_at', 'orders.created_at'])
      .where('statue_orders.order_id', '=', renewal.statue_order_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const current = statue.ends_on ?? statueFirstEnd(templeToday(statue.paid_at ?? statue.created_at));
    await trx
      .updateTable('statue_orders')
      .set({ ends_on: membershipEndDate(current, templeToday(now), renewal.years) })
      .where('order_id', '=', renewal.statue_order_id)
      .execute();
  },
});
