import { meritApi } from '@contract/merit';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { parseWith } from '@server/http';
import { TEST_SECRET, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/** The inputs that once answered 500 (issue 6), each refused with a 4xx in Chinese, before the database. */
describe.each(databaseKinds())('bad input refused before the database on %s', (kind) => {
  const t = useTestApp(kind);
  let token = '';
  beforeAll(async () => {
    token = await t.login('13700006666');
  });
  const HAN = /\p{Script=Han}/u;
  const refusedInChinese = (res: { status: number; body: { msg: string } }, what: string) => {
    expect(res.status, what).toBeGreaterThanOrEqual(400);
    expect(res.status, what).toBeLessThan(500);
    expect(res.body.msg, what).toMatch(HAN);
    expect(res.body.msg, what).not.toMatch(/Invalid|Expected|received/);
  };
  const lamp = (line: Record<string, unknown> = {}, order: Record<string, unknown> = {}) => ({
    type: 5,
    meritItemList: [{ GD_TYPE: '1', GD_NAME: '佛前供灯', QUANTITY: 1, GDJ: 10, WISH: '', ...line }],
    GD_FM: '陈居士',
    customAmount: null,
    PRICE_MODEL: '1',
    CHANNEL: 'pc',
    MOBILE: '13700006666',
    ...order,
  });

  it('refuses channels and ids that are not 32-bit whole numbers', async () => {
    for (const channel of ['abc', '1.5', '2147483648', '-1', '']) {
      refusedInChinese(await t.call('GET', `${meritApi.list.path}?channel=${channel}`), `channel=${channel}`);
    }
    for (const id of ['2147483648', '99999999999999999999', '1e3', 'abc']) {
      refusedInChinese(await t.call('GET', `${meritApi.detail.path}?id=${id}`), `id=${id}`);
    }
  });

  it('refuses an out-of-range GD_ID and a NUL in any prePay field', async () => {
    refusedInChinese(await t.form(meritApi.order.path, lamp({ GD_ID: 2 ** 31 }), token), 'GD_ID');
    refusedInChinese(
      await t.form(meritApi.order.path, lamp({}, { GD_FM: '陈\u0000居士' }), token),
      'NUL GD_FM',
    );
    refusedInChinese(await t.form(meritApi.order.path, lamp({ WISH: '平安\u0000' }), token), 'NUL WISH');
  });

  it('refuses a NUL in a signed notification’s trade number, and in a path', async () => {
    const { body, signature } = createSandboxGateway(TEST_SECRET).signedNotification(
      'WF2026\u000011221000',
      100,
      t.clock.now(),
    );
    const res = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    refusedInChinese({ status: res.status, body: await res.json() }, 'notification');
    refusedInChinese(await t.call('GET', '/dev/orders/%00'), '/dev/orders/%00');
    refusedInChinese(await t.call('GET', '/pay/sandbox/%00'), '/pay/sandbox/%00');
  });

  it('never answers with valibot’s English or an echo of the input', async () => {
    const huge = 'x'.repeat(30_000);
    const res = await t.call('POST', '/api/register/verify', { phone: huge, type: huge });
    refusedInChinese(res, 'huge');
    expect(res.body.msg.length).toBeLessThan(80);
    const missing = await t.form(meritApi.order.path, { type: 5 }, token);
    refusedInChinese(missing, 'missing fields');
  });

  it('logged no input that only the database refused', () => {
    expect(t.logs.filter((line) => line.includes('input_refused_by_database'))).toEqual([]);
  });
});

describe('the one parse helper', () => {
  it('refuses a NUL anywhere in the input, keys and nested values included, even where the schema would allow it', () => {
    const refused = (schema: v.GenericSchema, input: unknown) => {
      try {
        parseWith(schema, input);
        return null;
      } catch (error) {
        return { status: (error as { status?: number }).status, message: (error as Error).message };
      }
    };
    const nul = { status: 400, message: '提交的内容含有无法识别的字符' };
    expect(refused(v.object({ s: v.string() }), { s: 'a\u0000b' })).toEqual(nul);
    expect(refused(v.record(v.string(), v.number()), { 'k\u0000': 1 })).toEqual(nul);
    expect(refused(v.unknown(), { list: [{ deep: ['x', 'y\u0000'] }] })).toEqual(nul);
    expect(refused(v.object({ s: v.string() }), { s: 'ok' })).toBeNull();
  });

  it('answers our Chinese message, never valibot’s English default', () => {
    expect(() => parseWith(v.object({ n: v.number() }), { n: 'x' })).toThrow('提交的内容有误，请检查后再试');
    expect(() => parseWith(v.object({ n: v.number('请填写数量') }), { n: 'x' })).toThrow('请填写数量');
  });
});
