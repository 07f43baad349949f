import { createDecipheriv, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeWechatPay, type Fault, startFakeWechatPay } from '@tests/support/fake-wechatpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The fake WeChat Pay is only worth its tests if it keeps to the protocol. This file checks it
 * with code of its own (node:crypto and fetch, nothing from the fake's internals): requests it
 * accepts are exactly those signed as API v3 says, every answer and notification verifies over
 * the raw bytes with WeChat's key, notifications decrypt with the APIv3 key and are retried as
 * WeChat retries them, and each injected fault breaks exactly what it names.
 */

// --- a merchant's side, written from the protocol -------------------------------------------

interface Signed {
  status: number;
  raw: Buffer;
  headers: Headers;
  json: { code?: string; message?: string; [field: string]: unknown };
}

/** `METHOD\nPATH\nTS\nNONCE\nBODY\n`, RSA-SHA256 with the merchant key, in the Authorization header. */
const authorization = (
  fake: FakeWechatPay,
  request: { method: string; path: string; body: string },
  overrides: { timestamp?: number; privateKeyPem?: string; signedPath?: string; signedBody?: string } = {},
) => {
  const timestamp = String(overrides.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const message = `${request.method}\n${overrides.signedPath ?? request.path}\n${timestamp}\n${nonce}\n${overrides.signedBody ?? request.body}\n`;
  const signature = sign(
    'sha256',
    Buffer.from(message),
    overrides.privateKeyPem ?? fake.merchant.privateKeyPem,
  );
  return `WECHATPAY2-SHA256-RSA2048 mchid="${fake.mchid}",nonce_str="${nonce}",timestamp="${timestamp}",serial_no="${fake.merchant.serial}",signature="${signature.toString('base64')}"`;
};

const call = async (
  fake: FakeWechatPay,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  auth: Parameters<typeof authorization>[2] | 'none' = {},
  signal?: AbortSignal,
): Promise<Signed> => {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (text) headers['Content-Type'] = 'application/json';
  if (auth !== 'none') headers.Authorization = authorization(fake, { method, path, body: text }, auth);
  const response = await fetch(new URL(path.slice(1), fake.baseUrl), {
    method,
    headers,
    body: text || undefined,
    signal,
  });
  const raw = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    raw,
    headers: response.headers,
    json: raw.length ? JSON.parse(raw.toString()) : {},
  };
};

type Verdict = 'verified' | 'missing headers' | 'unknown serial' | 'stale' | 'bad signature';

/** What an adapter must check on an answer or a notification, in its order. */
const judge = (fake: FakeWechatPay, header: (name: string) => string | undefined, raw: Buffer): Verdict => {
  const [timestamp, nonce, serial, signature] = ['timestamp', 'nonce', 'serial', 'signature'].map((name) =>
    header(`wechatpay-${name}`),
  );
  if (!timestamp || !nonce || !serial || !signature) return 'missing headers';
  const keys: Record<string, string> = {
    [fake.wechatPublicKey.id]: fake.wechatPublicKey.publicKeyPem,
    [fake.platformKey.serial]: fake.platformKey.publicKeyPem,
  };
  const key = keys[serial];
  if (!key) return 'unknown serial';
  const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), raw, Buffer.from('\n')]);
  if (!verify('sha256', message, key, Buffer.from(signature, 'base64'))) return 'bad signature';
  return Math.abs(Date.now() / 1000 - Number(timestamp)) > 300 ? 'stale' : 'verified';
};
const judgeAnswer = (fake: FakeWechatPay, answer: Signed) =>
  judge(fake, (name) => answer.headers.get(name) ?? undefined, answer.raw);

interface Resource {
  original_type: string;
  algorithm: string;
  ciphertext: string;
  associated_data: string;
  nonce: string;
}

/** AEAD_AES_256_GCM: the last 16 bytes are the tag, and final() checks it. */
const decrypt = (apiV3Key: string, resource: Resource) => {
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(resource.nonce));
  decipher.setAuthTag(sealed.subarray(-16));
  decipher.setAAD(Buffer.from(resource.associated_data));
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
};

/** A notify URL on 127.0.0.1 that keeps every notification's raw bytes and answers as told. */
const startReceiver = async () => {
  const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  let answers: number[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({ headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(answers.shift() ?? 204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay/notify/wechat`,
    received,
    /** The statuses the next notifications get, in order; 204 after them. */
    answerWith(statuses: number[]) {
      answers = [...statuses];
    },
    last() {
      const last = received.at(-1);
      if (!last) throw new Error('no notification received');
      const header = (name: string) => {
        const value = last.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      return {
        ...last,
        header,
        json: JSON.parse(last.body.toString('utf8')) as { resource: Resource } & Record<string, unknown>,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

// --- the fake under test ------------------------------------------------------------------------

let fake: FakeWechatPay;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let serial = 0;
/** Clock of the fake's business (time_expire, success_time): real time unless a test moves it. */
let shift = 0;

beforeAll(async () => {
  receiver = await startReceiver();
  // The whole 24 h retry schedule in about 50 ms.
  fake = await startFakeWechatPay({ retryScale: 0.0000005, now: () => new Date(Date.now() + shift) });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});

const newTradeNo = () => `T${Date.now()}${serial++}`;
const inAnHour = () => {
  const beijing = new Date(Date.now() + 3600_000 + 8 * 3600_000);
  return `${beijing.toISOString().slice(0, 19)}+08:00`;
};
const order = (outTradeNo: string, changes: Record<string, unknown> = {}) => ({
  appid: fake.appid,
  mchid: fake.mchid,
  description: '供灯一盏',
  out_trade_no: outTradeNo,
  time_expire: inAnHour(),
  notify_url: receiver.url,
  amount: { total: 3000, currency: 'CNY' },
  ...changes,
});
const placeOrder = (outTradeNo = newTradeNo(), changes: Record<string, unknown> = {}) =>
  call(fake, 'POST', '/v3/pay/transactions/native', order(outTradeNo, changes));
const query = (outTradeNo: string) =>
  call(fake, 'GET', `/v3/pay/transactions/out-trade-no/${outTradeNo}?mchid=${fake.mchid}`);
const close = (outTradeNo: string) =>
  call(fake, 'POST', `/v3/pay/transactions/out-trade-no/${outTradeNo}/close`, { mchid: fake.mchid });
const refund = (outTradeNo: string, outRefundNo: string, refundFen: number, totalFen = 3000) =>
  call(fake, 'POST', '/v3/refund/domestic/refunds', {
    out_trade_no: outTradeNo,
    out_refund_no: outRefundNo,
    reason: '法会取消',
    amount: { refund: refundFen, total: totalFen, currency: 'CNY' },
  });
/** A trade placed and paid, no notification sent. */
const paidTrade = async () => {
  const no = newTradeNo();
  await placeOrder(no);
  const transactionId = await fake.pay(no, { notify: false });
  return { no, transactionId };
};

describe('the fake WeChat Pay authenticates requests as API v3 does', () => {
  it('refuses, with a signed 401 SIGN_ERROR, a request unsigned, signed with another key, stale, or not matching its bytes', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const strangerPem = stranger.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const path = '/v3/pay/transactions/native';
    const body = order(newTradeNo());
    const attempts = [
      await call(fake, 'POST', path, body, 'none'),
      await call(fake, 'POST', path, body, { privateKeyPem: strangerPem }),
      await call(fake, 'POST', path, body, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await call(fake, 'POST', path, body, { timestamp: Date.now() }), // milliseconds
      await call(fake, 'POST', path, body, { signedBody: JSON.stringify({ ...body, description: '别的' }) }),
      await call(
        fake,
        'GET',
        `/v3/pay/transactions/out-trade-no/${body.out_trade_no}?mchid=${fake.mchid}`,
        undefined,
        {
          signedPath: `/v3/pay/transactions/out-trade-no/${body.out_trade_no}`, // the query string left out
        },
      ),
    ];
    for (const answer of attempts) {
      expect([answer.status, answer.json]).toEqual([401, { code: 'SIGN_ERROR', message: '签名错误' }]);
      expect(judgeAnswer(fake, answer)).toBe('verified');
    }
    expect(
      fake
        .requests()
        .slice(-attempts.length)
        .map((r) => [r.verified, r.status]),
    ).toEqual(attempts.map(() => [false, 401]));
    expect(fake.trade(body.out_trade_no)).toBeUndefined();
  });

  it('answers a signed Native order with a code_url, signed with the 微信支付公钥 over the raw answer', async () => {
    const no = newTradeNo();
    const answer = await placeOrder(no);
    expect(answer.status).toBe(200);
    expect(answer.json.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
    expect(answer.headers.get('wechatpay-serial')).toBe(fake.wechatPublicKey.id);
    expect(fake.wechatPublicKey.id).toMatch(/^PUB_KEY_ID_\d{32}$/);
    expect(answer.headers.get('request-id')).toBeTruthy();
    expect(judgeAnswer(fake, answer)).toBe('verified');
    expect(fake.requests().at(-1)).toEqual({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      verified: true,
      status: 200,
    });
    expect(fake.trade(no)).toMatchObject({ state: 'NOTPAY', amountFen: 3000, codeUrl: answer.json.code_url });
  });

  it('signs with the platform certificate key when told, naming its serial', async () => {
    fake.signWith('platform');
    const answer = await placeOrder();
    fake.signWith('publicKey');
    expect(fake.platformKey.serial).toMatch(/^[0-9A-F]{40}$/);
    expect(answer.headers.get('wechatpay-serial')).toBe(fake.platformKey.serial);
    expect(judgeAnswer(fake, answer)).toBe('verified');
  });
});

describe('the fake WeChat Pay keeps trades and refunds as WeChat does', () => {
  it('refuses bad order fields with 400 PARAM_ERROR and a message', async () => {
    const bad = [
      { amount: { total: 0, currency: 'CNY' } },
      { amount: { total: 10.5, currency: 'CNY' } },
      { out_trade_no: 'T1' },
      { out_trade_no: 'T#123456' },
      { time_expire: new Date().toISOString() },
      { notify_url: `${receiver.url}?order=1` },
      { notify_url: 'http://temple.example/pay/notify/wechat' },
      { description: '' },
    ];
    for (const changes of bad) {
      const answer = await placeOrder(newTradeNo(), changes);
      expect([answer.status, answer.json.code], JSON.stringify(changes)).toEqual([400, 'PARAM_ERROR']);
      expect(answer.json.message).toBeTruthy();
    }
    expect((await placeOrder(newTradeNo(), { appid: 'wx0000000000000000' })).json.code).toBe(
      'APPID_MCHID_NOT_MATCH',
    );
  });

  it('gives a new code_url for the same order asked again, and OUT_TRADE_NO_USED for changed params', async () => {
    const no = newTradeNo();
    const body = order(no);
    const first = await call(fake, 'POST', '/v3/pay/transactions/native', body);
    const again = await call(fake, 'POST', '/v3/pay/transactions/native', body);
    expect(again.status).toBe(200);
    expect(again.json.code_url).not.toBe(first.json.code_url);
    const changed = await call(fake, 'POST', '/v3/pay/transactions/native', {
      ...body,
      amount: { total: 2999, currency: 'CNY' },
    });
    expect([changed.status, changed.json.code]).toEqual([403, 'OUT_TRADE_NO_USED']);
    expect(fake.trade(no)).toMatchObject({ state: 'NOTPAY', amountFen: 3000 });
  });

  it('answers a query: NOTPAY, then SUCCESS with the transaction; 404 ORDER_NOT_EXIST for an unknown number', async () => {
    const no = newTradeNo();
    await placeOrder(no);
    const unpaid = await query(no);
    expect(unpaid.json).toMatchObject({
      trade_state: 'NOTPAY',
      trade_type: 'NATIVE',
      amount: { total: 3000 },
    });
    expect(unpaid.json.transaction_id).toBeUndefined();
    const transactionId = await fake.pay(no, { notify: false });
    const paid = await query(no);
    expect(judgeAnswer(fake, paid)).toBe('verified');
    expect(paid.json).toMatchObject({
      appid: fake.appid,
      mchid: fake.mchid,
      out_trade_no: no,
      transaction_id: transactionId,
      trade_state: 'SUCCESS',
      amount: { total: 3000, payer_total: 3000, currency: 'CNY', payer_currency: 'CNY' },
    });
    expect(paid.json.success_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    const unknown = await query('NOSUCHTRADE1');
    expect([unknown.status, unknown.json.code]).toEqual([404, 'ORDER_NOT_EXIST']);
    const noMchid = await call(fake, 'GET', `/v3/pay/transactions/out-trade-no/${no}`);
    expect([noMchid.status, noMchid.json.code]).toEqual([400, 'PARAM_ERROR']);
  });

  it('closes with a signed empty 204 (again too), refuses a paid trade with ORDERPAID and an unknown one with 404', async () => {
    const no = newTradeNo();
    await placeOrder(no);
    const closed = await close(no);
    expect([closed.status, closed.raw.length, judgeAnswer(fake, closed)]).toEqual([204, 0, 'verified']);
    expect((await close(no)).status).toBe(204);
    expect(fake.trade(no)?.state).toBe('CLOSED');
    expect((await placeOrder(no)).json.code).toBe('ORDER_CLOSED');
    await expect(fake.pay(no)).rejects.toThrow(/CLOSED/);

    const { no: paidNo } = await paidTrade();
    const paidClose = await close(paidNo);
    expect([paidClose.status, paidClose.json.code]).toEqual([400, 'ORDERPAID']);
    expect((await placeOrder(paidNo)).json.code).toBe('ORDERPAID');
    expect((await close('NOSUCHTRADE2')).json.code).toBe('ORDER_NOT_EXIST');
  });

  it('refuses to pay a trade past its time_expire, by the clock it was given', async () => {
    const no = newTradeNo();
    await placeOrder(no);
    shift = 2 * 3600_000;
    await expect(fake.pay(no)).rejects.toThrow(/expired/);
    shift = 0;
    expect((await query(no)).json.trade_state).toBe('NOTPAY');
  });

  it('refunds by out_refund_no: the same number answers the same refund; NOT_ENOUGH past what is left; REFUND when all is refunded', async () => {
    const { no, transactionId } = await paidTrade();
    const first = await refund(no, `${no}R1`, 1000);
    expect(judgeAnswer(fake, first)).toBe('verified');
    expect(first.json).toMatchObject({
      out_refund_no: `${no}R1`,
      out_trade_no: no,
      transaction_id: transactionId,
      channel: 'ORIGINAL',
      status: 'PROCESSING',
      amount: { refund: 1000, total: 3000, currency: 'CNY' },
    });
    const again = await refund(no, `${no}R1`, 1000);
    expect(again.json.refund_id).toBe(first.json.refund_id);
    expect(fake.refunds().filter((r) => r.outTradeNo === no)).toHaveLength(1);
    const tooMuch = await refund(no, `${no}R2`, 2001);
    expect([tooMuch.status, tooMuch.json.code]).toEqual([400, 'NOT_ENOUGH']);
    expect((await refund(no, `${no}R3`, 2000)).status).toBe(200);
    expect(fake.trade(no)?.state).toBe('REFUND');
    expect((await query(no)).json.trade_state).toBe('REFUND');
    const read = await call(fake, 'GET', `/v3/refund/domestic/refunds/${no}R3`);
    expect(read.json).toMatchObject({ out_refund_no: `${no}R3`, status: 'PROCESSING' });

    const unpaid = newTradeNo();
    await placeOrder(unpaid);
    const refused = await refund(unpaid, `${unpaid}R1`, 100);
    expect([refused.status, refused.json.code]).toEqual([400, 'INVALID_REQUEST']);
  });
});

describe('the fake WeChat Pay notifies as WeChat does', () => {
  it('sends a payment notification that verifies over its raw bytes only, and decrypts with the APIv3 key', async () => {
    const no = newTradeNo();
    await placeOrder(no);
    const transactionId = await fake.pay(no);
    const notice = receiver.last();
    expect(judge(fake, notice.header, notice.body)).toBe('verified');
    // Not what JSON.stringify writes: a handler that re-serialises before verifying fails.
    const text = notice.body.toString('utf8');
    expect(text).toContain('": ');
    expect(text).toContain('支付成功');
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(text)));
    expect(reserialised.equals(notice.body)).toBe(false);
    expect(judge(fake, notice.header, reserialised)).toBe('bad signature');

    expect(notice.json).toMatchObject({
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        associated_data: 'transaction',
      },
    });
    expect(notice.json.resource.nonce).toHaveLength(12);
    expect(decrypt(fake.apiV3Key, notice.json.resource)).toMatchObject({
      mchid: fake.mchid,
      appid: fake.appid,
      out_trade_no: no,
      transaction_id: transactionId,
      trade_state: 'SUCCESS',
      amount: { total: 3000, payer_total: 3000 },
    });
    expect(fake.deliveries().at(-1)).toMatchObject({
      eventId: notice.json.id,
      subject: no,
      attempt: 1,
      status: 204,
    });
  });

  it('reports the amount it is told, for a wrong-amount notification', async () => {
    const no = newTradeNo();
    await placeOrder(no);
    await fake.pay(no, { amountFen: 1 });
    expect(decrypt(fake.apiV3Key, receiver.last().json.resource)).toMatchObject({
      amount: { total: 1, payer_total: 1 },
    });
  });

  it('sends a refund notification with the refund plaintext', async () => {
    const { no } = await paidTrade();
    await refund(no, `${no}R1`, 3000);
    await fake.completeRefund(`${no}R1`, 'SUCCESS');
    const notice = receiver.last();
    expect(judge(fake, notice.header, notice.body)).toBe('verified');
    expect(notice.json).toMatchObject({
      event_type: 'REFUND.SUCCESS',
      resource: { original_type: 'refund' },
    });
    const plain = decrypt(fake.apiV3Key, notice.json.resource);
    expect(plain).toMatchObject({
      mchid: fake.mchid,
      out_trade_no: no,
      out_refund_no: `${no}R1`,
      refund_status: 'SUCCESS',
      amount: { total: 3000, refund: 3000, payer_total: 3000, payer_refund: 3000 },
    });
    expect(plain.appid).toBeUndefined();
    expect(fake.refunds().find((r) => r.outRefundNo === `${no}R1`)?.status).toBe('SUCCESS');
  });

  it('retries on a non-2xx answer and stops at a 204', async () => {
    const no = newTradeNo();
    await placeOrder(no);
    receiver.answerWith([500, 404]);
    await fake.pay(no);
    await fake.settled();
    const attempts = fake.deliveries().filter((d) => d.subject === no);
    expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 404],
      [3, 204],
    ]);
    expect(new Set(attempts.map((d) => d.eventId)).size).toBe(1);
  });

  it('gives up after the 15 retries of the schedule', async () => {
    const no = newTradeNo();
    await placeOrder(no);
    receiver.answerWith(Array(16).fill(503));
    await fake.pay(no);
    await fake.settled();
    const attempts = fake.deliveries().filter((d) => d.subject === no);
    expect(attempts.map((d) => d.status)).toEqual(Array(16).fill(503));
    expect(attempts.at(-1)?.attempt).toBe(16);
  });

  it('counts an answer that does not come in time as 0, retries it, and can hand notifications to an in-process app', async () => {
    const slow = await startFakeWechatPay({ retryScale: 0.000002, notifyTimeoutMs: 50 });
    try {
      let calls = 0;
      slow.setNotifyUrl('https://temple.example/pay/notify/wechat', async (request) => {
        calls += 1;
        await request.text();
        if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 500));
        return new Response(null, { status: 204 });
      });
      const no = newTradeNo();
      const answer = await call(slow, 'POST', '/v3/pay/transactions/native', {
        ...order(no),
        appid: slow.appid,
        mchid: slow.mchid,
        notify_url: 'https://temple.example/pay/notify/wechat',
      });
      expect(answer.status).toBe(200);
      await slow.pay(no);
      await slow.settled();
      expect(slow.deliveries().map((d) => [d.attempt, d.status])).toEqual([
        [1, 0],
        [2, 204],
      ]);
    } finally {
      await slow.close();
    }
  });
});

describe('special deliveries are sent once, and each breaks only what it names', () => {
  const deliverOnce = async (mode: Parameters<FakeWechatPay['deliver']>[1]) => {
    const { no } = await paidTrade();
    receiver.answerWith(mode === 'duplicate' ? [401, 401] : [401]);
    const statuses = await fake.deliver(no, mode);
    await fake.settled();
    return { no, statuses, notice: receiver.last() };
  };

  it('probe: a WECHATPAY/SIGNTEST/ signature, which verifies with nothing', async () => {
    const { statuses, notice } = await deliverOnce('probe');
    expect(statuses).toEqual([401]);
    expect(notice.header('wechatpay-signature')).toMatch(/^WECHATPAY\/SIGNTEST\//);
    expect(judge(fake, notice.header, notice.body)).toBe('bad signature');
  });

  it('staleTimestamp: correctly signed six minutes ago', async () => {
    const { notice } = await deliverOnce('staleTimestamp');
    expect(judge(fake, notice.header, notice.body)).toBe('stale');
    expect(Date.now() / 1000 - Number(notice.header('wechatpay-timestamp'))).toBeGreaterThan(355);
  });

  it('unknownSerial: signed with a key the app was not given', async () => {
    const { notice } = await deliverOnce('unknownSerial');
    expect(judge(fake, notice.header, notice.body)).toBe('unknown serial');
  });

  it('tamperedCiphertext: the signature verifies, the GCM tag does not', async () => {
    const { notice } = await deliverOnce('tamperedCiphertext');
    expect(judge(fake, notice.header, notice.body)).toBe('verified');
    expect(() => decrypt(fake.apiV3Key, notice.json.resource)).toThrow(/authenticate/);
  });

  it('tamperedBody: the resource decrypts, the signature does not verify', async () => {
    const { no, notice } = await deliverOnce('tamperedBody');
    expect(judge(fake, notice.header, notice.body)).toBe('bad signature');
    expect(decrypt(fake.apiV3Key, notice.json.resource).out_trade_no).toBe(no);
  });

  it('wrongMchid and unknownOutTradeNo: genuine, about another merchant or a trade never placed', async () => {
    const wrong = await deliverOnce('wrongMchid');
    expect(judge(fake, wrong.notice.header, wrong.notice.body)).toBe('verified');
    expect(decrypt(fake.apiV3Key, wrong.notice.json.resource).mchid).not.toBe(fake.mchid);
    const unknown = await deliverOnce('unknownOutTradeNo');
    const plain = decrypt(fake.apiV3Key, unknown.notice.json.resource);
    expect(plain.out_trade_no).not.toBe(unknown.no);
    expect(fake.trade(String(plain.out_trade_no))).toBeUndefined();
  });

  it('duplicate: the same event twice at once; no delivery is retried', async () => {
    const before = receiver.received.length;
    const { no, statuses } = await deliverOnce('duplicate');
    expect(statuses).toEqual([401, 401]);
    const copies = receiver.received.slice(before).map((r) => JSON.parse(r.body.toString()).id);
    expect(copies).toHaveLength(2);
    expect(copies[0]).toBe(copies[1]);
    expect(
      fake
        .deliveries()
        .filter((d) => d.subject === no)
        .map((d) => d.attempt),
    ).toEqual([1, 1]);
  });
});

describe('injected faults break the next answers of a route, and only them', () => {
  it.each<[Fault, { status: number; code?: string; verdict: Verdict }]>([
    ['http429', { status: 429, code: 'FREQUENCY_LIMITED', verdict: 'verified' }],
    ['http500', { status: 500, code: 'SYSTEM_ERROR', verdict: 'verified' }],
    ['badSignature', { status: 200, verdict: 'bad signature' }],
    ['staleTimestamp', { status: 200, verdict: 'stale' }],
    ['wrongSerial', { status: 200, verdict: 'unknown serial' }],
    ['missingHeaders', { status: 200, verdict: 'missing headers' }],
    ['tamperedBody', { status: 200, verdict: 'bad signature' }],
    ['signTest', { status: 200, verdict: 'bad signature' }],
  ])('%s', async (fault, expected) => {
    const { no } = await paidTrade();
    fake.inject('query', fault);
    const broken = await query(no);
    expect([broken.status, broken.json.code, judgeAnswer(fake, broken)]).toEqual([
      expected.status,
      expected.code,
      expected.verdict,
    ]);
    if (expected.status === 200) expect(broken.json.out_trade_no).toBe(no);
    const next = await query(no);
    expect([next.status, judgeAnswer(fake, next)]).toEqual([200, 'verified']);
  });

  it('a fault injected n times lasts n requests; a tampered 204 fails verification', async () => {
    const no = newTradeNo();
    fake.inject('native', 'http500', 2);
    expect((await placeOrder(no)).status).toBe(500);
    expect((await placeOrder(no)).status).toBe(500);
    expect(fake.trade(no)).toBeUndefined();
    expect((await placeOrder(no)).status).toBe(200);
    fake.inject('close', 'tamperedBody');
    const closed = await close(no);
    expect([closed.status, judgeAnswer(fake, closed)]).toEqual([204, 'bad signature']);
  });

  it('hang: no answer, and the request is not carried out', async () => {
    const no = newTradeNo();
    fake.inject('native', 'hang');
    const hung = call(fake, 'POST', '/v3/pay/transactions/native', order(no), {}, AbortSignal.timeout(100));
    await expect(hung).rejects.toThrow();
    expect(fake.trade(no)).toBeUndefined();
    expect(fake.requests().at(-1)).toMatchObject({ path: '/v3/pay/transactions/native', status: 0 });
    expect((await placeOrder(no)).status).toBe(200);
  });
});
