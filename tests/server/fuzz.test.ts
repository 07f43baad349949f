import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';
import { databaseKinds } from '../support/test-databases';
import { volunteerApplication } from '../support/volunteer';

/**
 * Malformed requests, generated, against every endpoint the app has: wrong types, missing and
 * extra fields, huge strings, NUL and emoji, out-of-range numbers, broken `jsonObject`, wrong
 * content types, bad path parameters and tokens. None may answer 5xx; every refusal carries a
 * Chinese message that never echoes the input; and a refusal changes no row count.
 */
const MARK = 'ECHO';
const HAN = /\p{Script=Han}/u;
const RUNS = 360;

/** A valid example per endpoint: the generator mutates it (or replaces it outright). */
const examples: Record<string, Record<string, unknown>> = {
  'POST /api/register/verify': { phone: '13800001234', type: 'login' },
  'POST /api/login/mobile': { account: '13800001234', captcha: '123456', loginType: 'PC' },
  'POST /api/register': { account: '13800001234', captcha: '123456', loginType: 'PC', realName: '陈居士' },
  'GET /portal/rs/gdapi/findByGdList': { channel: '1' },
  'GET /portal/rs/gdapi/selectById': { id: '1' },
  'POST /portal/rs/payapi/v1/pay/prePay': {
    type: 5,
    meritItemList: [{ GD_TYPE: '1', GD_NAME: '佛前供灯', GD_ITEM: null, QUANTITY: 1, GDJ: 100, WISH: '' }],
    GD_FM: '陈居士',
    customAmount: null,
    PRICE_MODEL: '1',
    CHANNEL: 'pc',
    MOBILE: '13700005555',
  },
  'POST /portal/rs/payapi/v1/pay/payResult': { out_trade_no: 'WF20261122100000000001' },
  'POST /pay/notify/sandbox': {
    out_trade_no: 'WF20261122100000000001',
    transaction_id: 'SBX1',
    amount_fen: 100,
    paid_at: '2026-11-22T02:00:00.000Z',
  },
  'GET /portal/rs/hoeapi/hoe/findByHoeList': {},
  'GET /portal/rs/hoeapi/hoe/getHoeAll': { hoeYear: '2026', hoeName: '药师法会' },
  'GET /portal/rs/hoe-api/v1/hoe/getMeritItemList': {
    hoeName: '药师法会',
    hoeType: '延生',
    tabletType: '吉祥',
  },
  'GET /portal/rs/hoe-api/v1/hoe/getTabletPreview': {
    hoeName: '药师法会',
    hoeType: '延生',
    tabletType: '吉祥',
  },
  'GET /portal/rs/fsapi/findByFsList': {},
  'GET /portal/rs/fsapi/selectByFsType': { fsType: '1' },
  'GET /portal/rs/pwapi/findByPwList': {},
  'GET /portal/rs/pwapi/selectByPwType': { pwType: '1' },
  'GET /portal/rs/pw-api/v1/pw/getQueryTabData': { startDate: '2026-12-01', endDate: '2026-12-31' },
  'GET /portal/rs/buddhism-api/v1/buddhism/getCalendarIntervalDataList': {
    startDate: '2026-12-01',
    endDate: '2026-12-31',
  },
  'GET /portal/rs/fxapi/findByFxList': {},
  'GET /portal/rs/fxapi/selectByLocation': { location: '1' },
  'GET /portal/rs/fx-api/v1/fx/getFxPreviewData': { location: '1', material: '1', fxGroup: '1' },
  'GET /portal/rs/fxapi/getFxAll': { location: '大殿内' },
  'GET /portal/rs/pw-api/v1/pw/getPwTypeList': {},
  'GET /portal/rs/pw-api/v1/pw/getPwCategoryList': {},
  'GET /portal/rs/pw-api/v1/pw/getPwLocationGroup': { pwType: '1' },
  'GET /portal/rs/pw-api/v1/pw/getPwDictMap': { pwType: '2' },
  'GET /portal/rs/pw-api/v1/pw/getPwSeatData': { pwLocation: '1', pwType: '2', pwGroup: '1' },
  'GET /api/yxs-app/believer/getByPhone': { phone: '13700005555' },
  'PUT /api/yxs-app/believer': {
    realName: '陈明',
    addres: '上海市静安区',
    cardId: '11010519491231002X',
    telNumber: '021-62566366',
    postCode: '200040',
    photo: '',
    ssqName: '上海市/市辖区/静安区',
    ssqCode: '31,3101,310106',
    birthDate: '1949-12-31',
    gender: '1',
    email: 'chen@example.com',
  },
  'GET /api/yxs-app/pay/getMyOrderList': { status: '-1', page: '0', size: '10' },
  'GET /api/yxs-app/pay/getMyActivityHis': { page: '0', size: '10' },
  'GET /api/yxs-app/pay/getMyWorship': { page: '0', size: '10' },
  'GET /api/yxs-app/news': { newsMenuId: '2', businessMode: 'trend', page: '0', size: '10', status: '1' },
  'GET /api/yxs-app/fh/queryHoeList': { page: '0', size: '10', status: '1' },
  'GET /portal/rs/common-api/v1/common/getDictData': { dictKey: 'WFS.COMMON.HY.PRODUCT' },
  'GET /portal/rs/common-api/v1/common/getDictDataName': { dictKey: 'WFS.HY.RELATION' },
  'GET /portal/rs/believer-api/v1/believer/getBelieverByMemberNoAndName': {
    hyCode: 'HY2026000001',
    name: '陈明',
  },
  'GET /portal/rs/believer-api/v1/believer/getMyMember': {},
  'POST /api/yxs-app/believer/uploadPhoto': { file: 'not a picture' },
  'POST /api/yxs-app/yg/register/verify': { phone: '13800001234', type: 'volunteer' },
  'POST /api/yxs-app/yg': volunteerApplication({ employer: '', wechat: '', boolGc: 0 }),
  'GET /dev/sms/outbox': { phone: '13800001234' },
  'POST /dev/clock/advance': { seconds: 1 },
  'POST /dev/auth/revoke': { phone: '13800009999' },
};

const evil = fc.constantFrom<unknown>(
  '',
  ' ',
  `${MARK}\u0000${MARK}`,
  `🙏🏻${MARK}😀`,
  `<script>${MARK}</script>`,
  MARK.repeat(3000),
  `${MARK}${'佛'.repeat(2000)}`,
  -1,
  0,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  true,
  null,
  [],
  {},
  [MARK],
  { [MARK]: MARK },
  '13800001234',
  'WF20261122100000000001',
);

const fuzzText = fc.oneof(
  fc.string({ maxLength: 40 }).map((s) => `${MARK}${s}`),
  evil,
);
const jsonValue = fc.oneof(
  evil,
  fc.jsonValue({ maxDepth: 3 }).map((value) => (typeof value === 'string' ? `${MARK}${value}` : value)),
);

/** The example with one field changed, dropped, or one field added; or any JSON at all. */
const payloadFor = (example: Record<string, unknown> | undefined) =>
  fc.oneof(
    jsonValue,
    fc
      .record({
        key: fc.constantFrom(...Object.keys(example ?? { x: 1 }), 'meritItemList', `${MARK}extra`),
        value: jsonValue,
        drop: fc.boolean(),
        deep: fc.boolean(),
      })
      .map(({ key, value, drop, deep }) => {
        const copy: Record<string, unknown> = structuredClone(example ?? {});
        const list = copy.meritItemList;
        if (deep && Array.isArray(list) && list[0] && typeof list[0] === 'object') {
          const line = list[0] as Record<string, unknown>;
          const lineKey =
            Object.keys(line)[Math.abs(JSON.stringify(value).length) % Object.keys(line).length] ?? 'GDJ';
          if (drop) delete line[lineKey];
          else line[lineKey] = value;
        } else if (drop) delete copy[key];
        else copy[key] = value;
        return copy;
      }),
  );

type Encoding = 'json' | 'jsonObject' | 'brokenJsonObject' | 'formFields' | 'text' | 'none' | 'multipart';
const encodings = fc.constantFrom<Encoding>(
  'json',
  'jsonObject',
  'brokenJsonObject',
  'formFields',
  'text',
  'none',
  'multipart',
);

const encode = (encoding: Encoding, payload: unknown): { body?: BodyInit; type?: string } => {
  const text = JSON.stringify(payload) ?? 'null';
  switch (encoding) {
    case 'json':
      return { body: text, type: 'application/json' };
    case 'jsonObject':
      return {
        body: new URLSearchParams({ jsonObject: text }).toString(),
        type: 'application/x-www-form-urlencoded',
      };
    case 'brokenJsonObject':
      return {
        body: new URLSearchParams({ jsonObject: `{${MARK}${text.slice(1, 40)}` }).toString(),
        type: 'application/x-www-form-urlencoded',
      };
    case 'formFields': {
      const fields = payload && typeof payload === 'object' ? Object.entries(payload) : [['value', payload]];
      const form = new URLSearchParams(fields.map(([k, v]) => [String(k), JSON.stringify(v) ?? '']));
      return { body: form.toString(), type: 'application/x-www-form-urlencoded' };
    }
    case 'multipart': {
      const form = new FormData();
      form.set('jsonObject', text);
      return { body: form };
    }
    case 'text':
      return { body: text, type: 'text/plain' };
    case 'none':
      return { body: text };
  }
};

describe.each(databaseKinds())('fuzzing every endpoint on %s', (kind) => {
  const t = useTestApp(kind);
  let token = '';
  const routes: { method: string; path: string }[] = [];

  beforeAll(async () => {
    token = await t.login('13700005555');
    for (const route of t.app.routes) {
      if (route.method === 'ALL' || routes.some((r) => r.method === route.method && r.path === route.path))
        continue;
      routes.push({ method: route.method, path: route.path });
    }
  });

  const counts = async () =>
    (
      await sql<Record<string, number>>`select
        (select count(*)::int from users) as users,
        (select count(*)::int from auth_tokens) as tokens,
        (select count(*)::int from orders) as orders,
        (select count(*)::int from order_items) as items,
        (select count(*)::int from order_places) as places,
        (select count(*)::int from payments) as payments,
        (select count(*)::int from wishes) as wishes,
        (select count(*)::int from volunteer_applications) as volunteers`.execute(t.database.db)
    ).rows[0];

  it('covers every route of the app', () => {
    const known = new Set(Object.keys(examples));
    const uncovered = routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !known.has(r) && !/:|healthz|getWishList|site\/config|user\/me|logout/.test(r));
    expect(uncovered).toEqual([]);
  });

  it(`answers ${RUNS} malformed requests with no 5xx, a Chinese refusal that echoes nothing, and no row written`, async () => {
    const request = fc.record({
      route: fc.nat({ max: 1000 }),
      pathParam: fuzzText,
      encoding: encodings,
      auth: fc.constantFrom('bearer', 'bare', 'garbage', 'none'),
      seed: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(
        request.chain((r) => fc.tuple(fc.constant(r), payloadFor(examples[pickKey(routes, r.route)]))),
        async ([r, payload]) => {
          const route = routes[r.route % routes.length] ?? { method: 'GET', path: '/healthz' };
          const param = encodeURIComponent(String(r.pathParam)).slice(0, 2000);
          let path = route.path.replace(/:file\{[^}]*\}/, `${param}.svg`).replace(/:[a-z]+/g, param);
          const headers: Record<string, string> = {};
          if (r.auth === 'bearer') headers.authorization = `Bearer ${token}`;
          if (r.auth === 'bare') headers.authorization = token;
          if (r.auth === 'garbage') headers.authorization = `Bearer ${MARK}\u00e9`;
          let init: RequestInit = { method: route.method, headers };
          if (route.method === 'GET') {
            const fields =
              payload && typeof payload === 'object' && !Array.isArray(payload) ? payload : { v: payload };
            const search = new URLSearchParams(
              Object.entries(fields).map(([k, v]) => [
                k,
                typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
              ]),
            );
            path = `${path}?${search.toString()}`;
          } else {
            const { body, type } = encode(r.encoding, payload);
            if (type) headers['content-type'] = type;
            init = { ...init, body: body ?? null };
          }
          const before = await counts();
          const res = await t.app.request(path, init);
          const what = `${route.method} ${path.slice(0, 120)} (${r.encoding})`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status < 400) return;
          const answer = (await res.json()) as { msg?: unknown };
          const msg = String(answer.msg);
          expect(HAN.test(msg), `${what}: ${msg}`).toBe(true);
          expect(msg.length, what).toBeLessThanOrEqual(80);
          expect(msg, what).not.toContain(MARK);
          expect(await counts(), what).toEqual(before);
          // Refused by our schemas, not by PostgreSQL: nothing unvalidated reached the database.
          expect(
            t.logs.filter((line) => line.includes('input_refused_by_database')),
            what,
          ).toEqual([]);
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  }, 240_000);
});

const pickKey = (routes: { method: string; path: string }[], at: number) => {
  const route = routes[at % Math.max(routes.length, 1)];
  return route ? `${route.method} ${route.path}` : '';
};
