import {
  buildMeritOrder,
  MERIT_MESSAGES,
  type MeritItem,
  type MeritSelection,
  meritApi,
} from '@contract/merit';
import { OVER_LIMIT_MESSAGE } from '@contract/money';
import { PAYMENT_MESSAGES, payApi, prePayAnswer } from '@contract/payment';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const selection = (over: Partial<MeritSelection> = {}): MeritSelection => ({
  quantity: 1,
  amount: null,
  choice: null,
  donor: '陈居士',
  wish: '',
  ...over,
});

describe.each(databaseKinds())('merit orders and payment on %s', (kind) => {
  const t = useTestApp(kind);
  const sandbox = createSandboxGateway('test-secret-0123456789');
  let token = '';
  let items: MeritItem[] = [];
  const phone = '13700001111';
  const item = (model: string) => items.find((i) => i.PRICE_MODEL === model) as MeritItem;

  beforeAll(async () => {
    token = await t.login(phone);
    const list = await t.call('GET', `${meritApi.list.path}?channel=1`);
    items = v.parse(meritApi.list.response, list.body).data;
  });

  const order = (payload: unknown, as = token) => t.form(meritApi.order.path, payload, as);
  const placed = async (payload: unknown) => v.parse(prePayAnswer, (await order(payload)).body).data;
  const status = async (no: string) =>
    (await t.form(payApi.payResult.path, { out_trade_no: no }, token)).body.msg;
  const notify = (no: string, amountFen: number) => {
    const { body, signature } = sandbox.signedNotification(no, amountFen, t.clock.now());
    const deliver = () =>
      t.app.request('/pay/notify/sandbox', {
        method: 'POST',
        body,
        headers: { 'x-sandbox-signature': signature },
      });
    return { body, signature, deliver };
  };
  const stored = (no: string) =>
    t.database.db.selectFrom('orders').selectAll().where('out_trade_no', '=', no).executeTakeFirstOrThrow();

  it('lists every price model and details an item in the contract shape', async () => {
    expect(items.map((i) => i.PRICE_MODEL)).toEqual(expect.arrayContaining(['1', '2', '3']));
    const detail = await t.call('GET', `${meritApi.detail.path}?id=${item('3').ID}`);
    expect(v.parse(meritApi.detail.response, detail.body).data.GDM.length).toBeGreaterThan(0);
    const missing = await t.call('GET', `${meritApi.detail.path}?id=9999`);
    expect(missing).toMatchObject({ status: 404, body: { msg: MERIT_MESSAGES.unknownItem } });
  });

  it('prices each model on the server and answers the QR URL and trade number', async () => {
    const lamp = await placed(buildMeritOrder(item('1'), selection({ quantity: 3 }), phone));
    expect(lamp.code_img_url).toMatch(/\/pay\/sandbox\/WF\d{20}$/);
    expect((await stored(lamp.out_trade_no)).amount_fen).toBe(3 * (item('1').GD_PRICE as number) * 100);

    const typed = await placed(buildMeritOrder(item('2'), selection({ amount: 88 }), phone));
    expect((await stored(typed.out_trade_no)).amount_fen).toBe(8800);

    const flowers = item('3');
    const choice = flowers.GDM[0];
    const chosen = await placed(
      buildMeritOrder(flowers, selection({ choice: choice?.MERIT_ITEM ?? null, quantity: 2 }), phone),
    );
    expect((await stored(chosen.out_trade_no)).amount_fen).toBe(2 * (choice?.EXTINT1 ?? 0) * 100);
    expect(await status(chosen.out_trade_no)).toBe('0');
  });

  it('refuses a tampered total, an amount below 10 or above 10000, an unknown item and a bad donor name', async () => {
    const lamp = buildMeritOrder(item('1'), selection({ quantity: 2 }), phone);
    const [line] = lamp.meritItemList;
    if (!line) throw new Error('no line');
    const refusals: [unknown, string][] = [
      [{ ...lamp, meritItemList: [{ ...line, GDJ: 1 }] }, MERIT_MESSAGES.totalMismatch],
      [buildMeritOrder(item('2'), selection({ amount: 5 }), phone), MERIT_MESSAGES.amountTooSmall],
      [buildMeritOrder(item('2'), selection({ amount: 10001 }), phone), OVER_LIMIT_MESSAGE],
      [buildMeritOrder(item('1'), selection({ quantity: 5000 }), phone), OVER_LIMIT_MESSAGE],
      [{ ...lamp, meritItemList: [{ ...line, GD_ID: 9999 }] }, MERIT_MESSAGES.unknownItem],
      [{ ...lamp, GD_FM: '陈居士123' }, MERIT_MESSAGES.donorInvalid],
      [{ ...lamp, type: 42 }, PAYMENT_MESSAGES.unknownType],
      [
        {
          ...buildMeritOrder(item('3'), selection({ choice: item('3').GDM[0]?.MERIT_ITEM ?? null }), phone),
          meritItemList: [
            {
              ...line,
              GD_ID: item('3').ID,
              GD_TYPE: item('3').GD_TYPE,
              GD_NAME: item('3').GD_NAME,
              GD_ITEM: 'NOPE',
            },
          ],
          PRICE_MODEL: '3',
        },
        MERIT_MESSAGES.unknownChoice,
      ],
    ];
    for (const [payload, message] of refusals) {
      const res = await order(payload);
      expect(res.status, message).toBe(400);
      expect(res.body.msg).toBe(message);
    }
    expect((await order(lamp, 'no-such-token')).status).toBe(401);
  });

  it('applies the same notification once, delivered 50 times in a row and 50 at once', async () => {
    const wish = '愿众生平安喜乐';
    const no = (await placed(buildMeritOrder(item('2'), selection({ amount: 100, wish }), phone)))
      .out_trade_no;
    const { deliver } = notify(no, 10_000);
    for (let i = 0; i < 50; i += 1) expect((await deliver()).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 50 }, deliver));
    expect(again.every((res) => res.status === 200)).toBe(true);

    const order = await stored(no);
    expect(order.state).toBe(1);
    const payments = await t.database.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(await status(no)).toBe('1');
    const wall = await t.call('GET', meritApi.wishes.path);
    expect(v.parse(meritApi.wishes.response, wall.body).data.filter((w) => w.WISH === wish)).toEqual([
      { WISH: wish, NAME: '陈居士' },
    ]);
  });

  it('pays once even when two different notifications race for one order', async () => {
    const no = (await placed(buildMeritOrder(item('1'), selection(), phone))).out_trade_no;
    const amount = (await stored(no)).amount_fen;
    const answers = await Promise.all([notify(no, amount).deliver(), notify(no, amount).deliver()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const rows = await t.database.db
      .selectFrom('payments')
      .select('refund_due')
      .where('order_id', '=', (await stored(no)).id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.refund_due)).toEqual([false, true]);
    expect((await stored(no)).state).toBe(1);
  });

  it('refuses a forged notification; records one whose amount differs without paying the order', async () => {
    const no = (await placed(buildMeritOrder(item('1'), selection(), phone))).out_trade_no;
    const { body } = notify(no, (await stored(no)).amount_fen);
    const forged = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': 'a'.repeat(64) },
    });
    expect(forged.status).toBe(401);
    expect((await forged.json()).msg).toBe(PAYMENT_MESSAGES.forged);
    const unsigned = await t.app.request('/pay/notify/sandbox', { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const wrongAmount = await notify(no, 1).deliver();
    expect(wrongAmount.status).toBe(200);
    expect((await wrongAmount.json()).message).toBe('amount-mismatch');
    expect((await stored(no)).state).toBe(0);
  });

  it('closes an unpaid order when its 15-minute hold runs out (the clock moves, nothing sleeps)', async () => {
    const no = (await placed(buildMeritOrder(item('1'), selection(), phone))).out_trade_no;
    t.clock.advance(14 * 60);
    expect(await status(no)).toBe('0');
    t.clock.advance(60);
    // The poll reads the hold as closed at once; the sweeper then writes it.
    expect(await status(no)).toBe('5');
    const closed = await t.sweep();
    expect(closed).toBeGreaterThanOrEqual(1);
    expect((await stored(no)).state).toBe(5);

    const page = await t.app.request(`/pay/sandbox/${no}`);
    expect(await page.text()).toContain('该订单当前不可支付');
    await t.app.request(`/pay/sandbox/${no}/confirm`, { method: 'POST' });
    expect((await stored(no)).state).toBe(5);
  });

  it('keeps money that arrives after the hold for an offering with no place to lose', async () => {
    const no = (await placed(buildMeritOrder(item('1'), selection(), phone))).out_trade_no;
    t.clock.advance(16 * 60);
    await t.sweep();
    expect((await notify(no, (await stored(no)).amount_fen).deliver()).status).toBe(200);
    expect((await stored(no)).state).toBe(1);
  });

  it('answers the poll only to the order’s owner', async () => {
    const no = (await placed(buildMeritOrder(item('1'), selection(), phone))).out_trade_no;
    const stranger = await t.login('13700002222');
    const res = await t.form(payApi.payResult.path, { out_trade_no: no }, stranger);
    expect(res).toMatchObject({ status: 404, body: { msg: PAYMENT_MESSAGES.notFound } });
  });

  it('the sandbox page shows the order and its button pays it', async () => {
    const no = (await placed(buildMeritOrder(item('1'), selection({ quantity: 2 }), phone))).out_trade_no;
    const page = await (await t.app.request(`/pay/sandbox/${no}`)).text();
    expect(page).toContain('功德供养·佛前供灯');
    expect(page).toContain('确认支付 ¥200');
    const confirm = await t.app.request(`/pay/sandbox/${no}/confirm`, { method: 'POST' });
    expect(confirm.status).toBe(303);
    expect(await status(no)).toBe('1');
    expect(await (await t.app.request(`/pay/sandbox/${no}`)).text()).toContain('支付成功');
  });
});
