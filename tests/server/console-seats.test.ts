import { CONSOLE_MESSAGES, consoleApi, seatMapSchema } from '@contract/console';
import { prePayAnswer } from '@contract/payment';
import { SEAT_MESSAGES, type SeatMap } from '@contract/seats';
import { STAFF_MESSAGES } from '@contract/staff';
import { STATUE_MESSAGES, statueApi } from '@contract/statue';
import { tabletApi } from '@contract/tablet';
import { sampleStatueOrder, sampleTabletOrder } from '@tests/support/order-requests';
import { consoleCall, useStaffSessions } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder } from '@tests/support/user-centre';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const PREPAY = '/portal/rs/payapi/v1/pay/prePay';

/**
 * Issue 24: the seat maps as the 客堂 sees them (each seat's state and holder, by the rule the
 * public maps use), a statue marked enshrined, seats blocked and freed, seen by believers at once.
 */
describe.each(databaseKinds())('console seats on %s', (kind) => {
  const t = useTestApp(kind);
  const team = useStaffSessions(t, { clerk: ['clerk'], finance: ['finance'] });
  let believers = 0;
  const order = async (payload: unknown) => {
    const token = await t.login(`1370027${String(believers++).padStart(4, '0')}`);
    return t.form(PREPAY, payload, token);
  };
  const placed = async (payload: unknown) => {
    const res = await order(payload);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(prePayAnswer, res.body).data.out_trade_no;
  };
  const consoleMap = async (path: string, staff = team.clerk) => {
    const res = await consoleCall(t, 'GET', `/admin/api/seats/${path}`, { cookie: staff.cookie });
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(seatMapSchema, res.body.data);
  };
  const seatAt = (map: v.InferOutput<typeof seatMapSchema>, row: number, col: number) => {
    const seat = map.seats.find((s) => s.row === row && s.col === col);
    if (!seat) throw new Error(`no seat ${row}_${col}`);
    return seat;
  };
  const publicTablet = async (position: string) => {
    const q = new URLSearchParams({ pwLocation: '2', pwType: '2', pwGroup: '1' });
    const res = await t.call('GET', `${tabletApi.seats.path}?${q}`);
    const map = (res.body.data as { pwOrderDataMap: SeatMap }).pwOrderDataMap;
    return map.seats.find((s) => s.POSITION === position)?.PW_STATUS;
  };
  const publicStatue = async (position: string) => {
    const q = new URLSearchParams({ location: '2', material: '3', fxGroup: '1' });
    const res = await t.call('GET', `${statueApi.seats.path}?${q}`);
    const map = (res.body.data as { fxOrderDataMap: SeatMap }).fxOrderDataMap;
    return map.seats.find((s) => s.POSITION === position)?.PW_STATUS;
  };
  const block = (
    seatKind: string,
    id: number | string,
    blocked: boolean,
    staff = team.clerk,
    reason = '修缮',
  ) =>
    consoleCall(t, 'POST', `/admin/api/seats/${seatKind}/seat/${id}`, {
      cookie: staff.cookie,
      body: { blocked, reason },
    });

  it('lists the maps to choose from and shows each seat’s state and holder', async () => {
    const res = await consoleCall(t, 'GET', '/admin/api/seats', { cookie: team.clerk.cookie });
    const maps = v.parse(consoleApi.seatMaps.response, res.body).data;
    expect(maps).toContainEqual({ kind: 'tablet', key: '2-2-1', title: '小牌位·二层北' });
    expect(maps.some((m) => m.kind === 'statue' && m.key === '2-1')).toBe(true);

    const no = await placed(sampleTabletOrder({ POSITION: '2_3', zzList: [{ FG_ZZ: '周一心' }] }));
    const map = await consoleMap('tablet/2-2-1');
    expect(map.title).toBe('小牌位·二层北');
    expect(seatAt(map, 2, 3)).toMatchObject({ state: 'held', holder: { outTradeNo: no, name: '周一心' } });
    expect(seatAt(map, 1, 1)).toMatchObject({ state: 'free', holder: null });
    expect(seatAt(map, 10, 1).state).toBe('blocked');
    await payOrder(t, no);
    expect(seatAt(await consoleMap('tablet/2-2-1'), 2, 3)).toMatchObject({
      state: 'paid',
      holder: { outTradeNo: no },
    });

    for (const [path, status, msg] of [
      ['tablet/2-2-99', 404, CONSOLE_MESSAGES.notFound],
      ['tablet/2-2', 400, CONSOLE_MESSAGES.notFound],
      ['chair/1-1', 400, CONSOLE_MESSAGES.notFound],
    ] as const) {
      const bad = await consoleCall(t, 'GET', `/admin/api/seats/${path}`, { cookie: team.clerk.cookie });
      expect([bad.status, bad.body.msg], path).toEqual([status, msg]);
    }
    const forbidden = await consoleCall(t, 'GET', '/admin/api/seats/tablet/2-2-1', {
      cookie: team.finance.cookie,
    });
    expect([forbidden.status, forbidden.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
  });

  it('marks a paid statue enshrined (已售已供), once, and refuses an order that is not one', async () => {
    const no = await placed(sampleStatueOrder({ POSITION: '2_2' }));
    const unpaid = await consoleCall(t, 'POST', `/admin/api/orders/${no}/enshrined`, {
      cookie: team.clerk.cookie,
    });
    expect([unpaid.status, unpaid.body.msg]).toEqual([409, STATUE_MESSAGES.notOfferable]);
    await payOrder(t, no);
    expect(await publicStatue('2_2')).toBe(3);
    const res = await consoleCall(t, 'POST', `/admin/api/orders/${no}/enshrined`, {
      cookie: team.clerk.cookie,
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(await publicStatue('2_2')).toBe(4);
    expect(seatAt(await consoleMap('statue/2-1'), 2, 2).state).toBe('enshrined');
    const again = await consoleCall(t, 'POST', `/admin/api/orders/${no}/enshrined`, {
      cookie: team.clerk.cookie,
    });
    expect(again.status).toBe(200);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select('username')
      .where('action', '=', 'order.enshrined')
      .where('subject', '=', `order:${no}`)
      .execute();
    expect(audit).toEqual([{ username: team.clerk.username }]);
    const forbidden = await consoleCall(t, 'POST', `/admin/api/orders/${no}/enshrined`, {
      cookie: team.finance.cookie,
    });
    expect([forbidden.status, forbidden.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    const tablet = await placed(sampleTabletOrder({ POSITION: '5_5' }));
    const notStatue = await consoleCall(t, 'POST', `/admin/api/orders/${tablet}/enshrined`, {
      cookie: team.clerk.cookie,
    });
    expect([notStatue.status, notStatue.body.msg]).toEqual([409, STATUE_MESSAGES.notOfferable]);
  });

  it('blocks a free seat, seen at once on the believers’ map, and frees it again; a held seat cannot be blocked', async () => {
    const map = await consoleMap('tablet/2-2-1');
    const seat = seatAt(map, 3, 7);
    expect(await publicTablet('3_7')).toBe(5);
    const res = await block('tablet', seat.id, true);
    expect(res.status, res.body.msg).toBe(200);
    expect(await publicTablet('3_7')).toBe(1);
    expect(seatAt(await consoleMap('tablet/2-2-1'), 3, 7).state).toBe('blocked');
    const refused = await order(sampleTabletOrder({ POSITION: '3_7' }));
    expect([refused.status, refused.body.msg]).toEqual([400, SEAT_MESSAGES.blocked]);

    expect((await block('tablet', seat.id, false)).status).toBe(200);
    expect(await publicTablet('3_7')).toBe(5);
    const no = await placed(sampleTabletOrder({ POSITION: '3_7' }));
    const held = await block('tablet', seat.id, true);
    expect([held.status, held.body.msg]).toEqual([409, CONSOLE_MESSAGES.seatHeld]);
    expect(await publicTablet('3_7')).toBe(2);
    expect(seatAt(await consoleMap('tablet/2-2-1'), 3, 7).holder?.outTradeNo).toBe(no);

    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'after'])
      .where('subject', '=', `seat:tablet:${seat.id}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'seat.blocked', after: { baseStatus: 1, reason: '修缮' } },
      { action: 'seat.unblocked', after: { baseStatus: 5, reason: '修缮' } },
    ]);
  });

  it('refuses an unknown seat, a missing reason and a role without 客堂', async () => {
    const unknown = await block('statue', 999_999, true);
    expect([unknown.status, unknown.body.msg]).toEqual([404, CONSOLE_MESSAGES.seatNotFound]);
    const junk = await block('statue', 'x1', true);
    expect([junk.status, junk.body.msg]).toEqual([400, CONSOLE_MESSAGES.seatNotFound]);
    const seat = seatAt(await consoleMap('statue/2-1'), 3, 3);
    const noReason = await block('statue', seat.id, true, team.clerk, '');
    expect([noReason.status, noReason.body.msg]).toEqual([400, CONSOLE_MESSAGES.reasonEmpty]);
    const forbidden = await block('statue', seat.id, true, team.finance);
    expect([forbidden.status, forbidden.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    expect(seatAt(await consoleMap('statue/2-1'), 3, 3).state).toBe('free');
  });
});
