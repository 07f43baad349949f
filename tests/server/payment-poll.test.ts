import { AUTH_MESSAGES, AUTH_RULES } from '@contract/auth';
import { buildMeritOrder, type MeritItem, meritApi } from '@contract/merit';
import { PAYMENT_MESSAGES, payApi, prePayAnswer } from '@contract/payment';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { MAX_AGE_MS } from '@server/services/payment-status-cache';
import type { AppInstance } from '@tests/support/test-app';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/** Past this, an answer held by an instance reflects what another instance committed (the window stated by the cache). */
const waitForTheWindow = () => new Promise((resolve) => setTimeout(resolve, MAX_AGE_MS + 200));

describe.each(databaseKinds())('the payment poll answered from memory on %s', (kind) => {
  const t = useTestApp(kind);
  const sandbox = createSandboxGateway('test-secret-0123456789');
  let other: AppInstance;
  let lamp: MeritItem;
  let phoneNo = 0;

  beforeAll(async () => {
    other = await t.secondInstance();
    const list = await t.call('GET', `${meritApi.list.path}?channel=1`);
    const items = v.parse(meritApi.list.response, list.body).data;
    lamp = items.find((i) => i.PRICE_MODEL === '1') as MeritItem;
  });

  const believer = async () => {
    const phone = `1370000${String(2000 + phoneNo++)}`;
    return { phone, token: await t.login(phone) };
  };
  const place = async (who: { phone: string; token: string }) => {
    const order = buildMeritOrder(
      lamp,
      { quantity: 1, amount: null, choice: null, donor: '陈居士', wish: '' },
      who.phone,
    );
    return v.parse(prePayAnswer, (await t.form(meritApi.order.path, order, who.token)).body).data;
  };
  /** As a browser polls: with its Content-Length, so memory answers what it holds. */
  const poll = async (on: AppInstance, no: string, token?: string) => {
    const form = new URLSearchParams({ jsonObject: JSON.stringify({ out_trade_no: no }) }).toString();
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(form.length),
    };
    if (token) headers.authorization = token;
    const res = await on.app.request(payApi.payResult.path, { method: 'POST', headers, body: form });
    return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
  };
  const pay = async (on: AppInstance, no: string, amountFen: number) => {
    const { body, signature } = sandbox.signedNotification(no, amountFen, t.clock.now());
    const res = await on.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    expect(res.status).toBe(200);
  };
  const fen = () => Math.round((lamp.GD_PRICE as number) * 100);

  it('shows a payment notified on one instance on the other within the window, and at once on its own', async () => {
    const who = await believer();
    const { out_trade_no: no } = await place(who);
    expect(await poll(t, no, who.token)).toEqual({ status: 200, msg: '0' });
    expect(await poll(other, no, who.token)).toEqual({ status: 200, msg: '0' });

    await pay(t, no, fen());
    expect(await poll(t, no, who.token)).toEqual({ status: 200, msg: '1' });
    await waitForTheWindow();
    expect(await poll(other, no, who.token)).toEqual({ status: 200, msg: '1' });
  });

  it('never lets one believer read another believer’s order, whoever polled it first', async () => {
    const owner = await believer();
    const stranger = await believer();
    const { out_trade_no: no } = await place(owner);
    expect(await poll(t, no, owner.token)).toEqual({ status: 200, msg: '0' });
    expect(await poll(t, no, stranger.token)).toEqual({ status: 404, msg: PAYMENT_MESSAGES.notFound });

    const second = await place(owner);
    expect(await poll(other, second.out_trade_no, stranger.token)).toMatchObject({ status: 404 });
    expect(await poll(other, second.out_trade_no, owner.token)).toEqual({ status: 200, msg: '0' });
    expect(await poll(other, second.out_trade_no, stranger.token)).toMatchObject({ status: 404 });
  });

  it('refuses a logged-out token at once on the same instance and within the window on the other', async () => {
    const who = await believer();
    const { out_trade_no: no } = await place(who);
    expect(await poll(t, no, who.token)).toMatchObject({ status: 200 });
    expect(await poll(other, no, who.token)).toMatchObject({ status: 200 });

    expect((await t.call('POST', '/api/logout', undefined, who.token)).status).toBe(200);
    expect(await poll(t, no, who.token)).toEqual({ status: 401, msg: AUTH_MESSAGES.unauthorized });
    await waitForTheWindow();
    expect(await poll(other, no, who.token)).toEqual({ status: 401, msg: AUTH_MESSAGES.unauthorized });
  });

  it('refuses every token of a believer revoked everywhere, at once on the instance that revoked them', async () => {
    const who = await believer();
    const { out_trade_no: no } = await place(who);
    expect(await poll(t, no, who.token)).toMatchObject({ status: 200 });
    await t.call('POST', '/dev/auth/revoke', { phone: who.phone });
    expect(await poll(t, no, who.token)).toMatchObject({ status: 401 });
  });

  it('refuses an expired token at once, on every instance', async () => {
    const who = await believer();
    const { out_trade_no: no } = await place(who);
    expect(await poll(t, no, who.token)).toMatchObject({ status: 200 });
    expect(await poll(other, no, who.token)).toMatchObject({ status: 200 });
    t.clock.advance(AUTH_RULES.tokenTtlDays * 24 * 3600 + 1);
    expect(await poll(t, no, who.token)).toMatchObject({ status: 401 });
    expect(await poll(other, no, who.token)).toMatchObject({ status: 401 });
  });

  it('answers an unknown order, a missing token and a malformed number as before', async () => {
    const who = await believer();
    expect(await poll(t, 'WF20261122100000999999', who.token)).toEqual({
      status: 404,
      msg: PAYMENT_MESSAGES.notFound,
    });
    expect(await poll(t, 'WF20261122100000999999')).toMatchObject({ status: 401 });
    expect(await poll(t, 'not a number', who.token)).toMatchObject({ status: 400 });
    expect(await poll(t, 'not a number', 'no-such-token')).toMatchObject({ status: 401 });
  });

  it('answers from memory with the same headers and envelope as the first, read, answer', async () => {
    const who = await believer();
    const { out_trade_no: no } = await place(who);
    const form = new URLSearchParams({ jsonObject: JSON.stringify({ out_trade_no: no }) }).toString();
    const answer = async () => {
      const res = await t.app.request(payApi.payResult.path, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(form.length),
          authorization: who.token,
        },
        body: form,
      });
      const headers = [...res.headers].filter(([name]) => name !== 'content-length');
      return { status: res.status, headers: new Map(headers), body: await res.json() };
    };
    const read = await answer();
    const held = await answer();
    expect(read.body).toEqual({ code: 0, msg: '0' });
    expect(held).toEqual(read);
    expect(held.headers.get('x-frame-options')).toBe('DENY');
    // What the full route refuses (a NUL in any field) memory does not answer either.
    const nul = new URLSearchParams({
      jsonObject: JSON.stringify({ out_trade_no: no, x: '\u0000' }),
    }).toString();
    const refused = await t.app.request(payApi.payResult.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(nul.length),
        authorization: who.token,
      },
      body: nul,
    });
    expect(refused.status).toBe(400);
  });

  it('logs one answered poll in a hundred, marked sampled, and every refused one', async () => {
    const who = await believer();
    const { out_trade_no: no } = await place(who);
    const before = t.logs.length;
    for (let i = 0; i < 150; i++) await poll(t, no, who.token);
    await poll(t, no, 'no-such-token');
    const lines = t.logs
      .slice(before)
      .map((line) => JSON.parse(line) as { path?: string; status?: number; sampled?: number })
      .filter((line) => line.path === payApi.payResult.path);
    const answered = lines.filter((line) => line.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(answered.length).toBeLessThanOrEqual(2);
    expect(answered.every((line) => line.sampled === 100)).toBe(true);
    expect(lines.filter((line) => line.status === 401)).toHaveLength(1);
  });
});
