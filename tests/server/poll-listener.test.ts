import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildMeritOrder, type MeritItem, meritApi } from '@contract/merit';
import { payApi, prePayAnswer } from '@contract/payment';
import { getRequestListener } from '@hono/node-server';
import { pollListener } from '@server/poll-listener';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A POST over a real socket, headers as given (an array value is sent as repeated lines). */
const post = (origin: string, path: string, headers: Record<string, string | string[]>, body: string) =>
  new Promise<Answer>((done, fail) => {
    const req = httpRequest(`${origin}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', fail);
    req.end(body);
  });

/** The headers both layers set, without the ones that differ by the moment (date) or the socket. */
const comparable = (headers: Answer['headers']) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe.each(databaseKinds())('the payment poll answered at Node’s request event on %s', (kind) => {
  const t = useTestApp(kind);
  let server: Server;
  let origin = '';
  let lamp: MeritItem;
  let phoneNo = 0;
  /** Polls the listener handed on to the app (@hono/node-server's listener). */
  let handedOn = 0;

  beforeAll(async () => {
    const hono = getRequestListener(t.app.fetch);
    server = createServer(
      pollListener(t.services.heldPoll, (req, res) => {
        if (req.url === payApi.payResult.path) handedOn += 1;
        return hono(req, res);
      }),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const list = await t.call('GET', `${meritApi.list.path}?channel=1`);
    lamp = v.parse(meritApi.list.response, list.body).data.find((i) => i.PRICE_MODEL === '1') as MeritItem;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** A believer with an unpaid lamp order placed over the socket (prePay goes through untouched). */
  const placed = async () => {
    const phone = `1370000${String(5000 + phoneNo++)}`;
    const token = await t.login(phone);
    const order = buildMeritOrder(
      lamp,
      { quantity: 1, amount: null, choice: null, donor: '陈居士', wish: '' },
      phone,
    );
    const form = new URLSearchParams({ jsonObject: JSON.stringify(order) }).toString();
    const res = await post(
      origin,
      meritApi.order.path,
      { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      form,
    );
    expect(res.status).toBe(200);
    return { token, no: v.parse(prePayAnswer, JSON.parse(res.body)).data.out_trade_no };
  };
  const pollForm = (no: string, extra: Record<string, unknown> = {}) =>
    new URLSearchParams({ jsonObject: JSON.stringify({ out_trade_no: no, ...extra }) }).toString();
  const formHeaders = (token: string | string[]) => ({
    authorization: token,
    'content-type': 'application/x-www-form-urlencoded',
  });

  it('answers a held poll with the full route’s status, headers and body, logged one in a hundred', async () => {
    const { token, no } = await placed();
    const first = await post(origin, payApi.payResult.path, formHeaders(token), pollForm(no));
    const before = t.logs.length;
    const handedBefore = handedOn;
    const held = await Promise.all(
      Array.from({ length: 120 }, () =>
        post(origin, payApi.payResult.path, formHeaders(token), pollForm(no)),
      ),
    );
    expect(JSON.parse(first.body)).toEqual({ code: 0, msg: '0' });
    for (const answer of held) {
      expect(answer.status).toBe(first.status);
      expect(answer.body).toBe(first.body);
      expect(comparable(answer.headers)).toEqual(comparable(first.headers));
    }
    // Answered at the request event, all but the odd one whose reading aged past the window meanwhile.
    expect(handedOn - handedBefore).toBeLessThan(held.length / 2);
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['transfer-encoding']).toBeUndefined();
    const logged = t.logs
      .slice(before)
      .map((line) => JSON.parse(line) as { path?: string; status?: number; sampled?: number })
      .filter((line) => line.path === payApi.payResult.path);
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged.length).toBeLessThanOrEqual(2);
    expect(logged.every((line) => line.status === 200 && line.sampled === 100)).toBe(true);
  });

  it('hands every poll memory does not answer, body and all, to the full route: the same answer as in process', async () => {
    const { token, no } = await placed();
    const other = await placed();
    await post(origin, payApi.payResult.path, formHeaders(token), pollForm(no));
    const cases: [Record<string, string | string[]>, string][] = [
      [formHeaders(token), pollForm('WF20261122100000999999')],
      [formHeaders(token), pollForm(other.no)],
      [formHeaders('no-such-token'), pollForm(no)],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, pollForm(no)],
      [formHeaders(token), pollForm(no, { x: '\u0000' })],
      [formHeaders(token), pollForm('not a number')],
      [formHeaders(token), 'jsonObject=%7Bnot json'],
      [formHeaders([token, other.token]), pollForm(no)],
      [{ authorization: token, 'content-type': 'application/json' }, JSON.stringify({ out_trade_no: no })],
      [{ authorization: token, 'content-type': 'text/plain' }, pollForm(no)],
      // The same text as a form: parsed as a form (no trade number), not as the JSON it was before.
      [formHeaders(token), JSON.stringify({ out_trade_no: no })],
    ];
    for (const [headers, body] of cases) {
      const overSocket = await post(origin, payApi.payResult.path, headers, body);
      const inProcess = await t.app.request(payApi.payResult.path, {
        method: 'POST',
        headers: Object.entries(headers).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((one) => [name, one] as [string, string]),
        ),
        body,
      });
      expect(
        { status: overSocket.status, body: JSON.parse(overSocket.body) },
        JSON.stringify(headers),
      ).toEqual({
        status: inProcess.status,
        body: await inProcess.json(),
      });
    }
  });
});
