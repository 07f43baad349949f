import { assemblyApi, gdjModeOf, isOverLimit, tabletTypesFor } from '@contract/assembly';
import { believerApi } from '@contract/believer';
import { addDaysYmd, ceremonyApi } from '@contract/ceremony';
import { membershipApi } from '@contract/membership';
import { yuanToFen } from '@contract/money';
import { ORDER_TYPES, type OrderKindName } from '@contract/order-types';
import { statueApi } from '@contract/statue';
import { templeToday } from '@contract/temple-day';
import fc from 'fast-check';
import * as v from 'valibot';
import {
  sampleCeremonyOrder,
  sampleMembershipJoin,
  sampleStatueOrder,
  sampleTabletOrder,
} from './order-requests';
import type { TestApp } from './test-app';
import { lampOrder, payOrder, placeOrder } from './user-centre';

/**
 * Payloads for fuzzing: a valid prePay `jsonObject` per order kind, read from the seeded
 * catalogue through the app's own GET endpoints, and generators that break such an example
 * field by field (type swaps, removal, extra fields, huge strings, NUL, emoji, SQL and HTML
 * fragments, negative, fractional and enormous numbers, dates out of range) or break its JSON.
 * Every generated string carries `MARK`, so an answer that echoes the input can be caught.
 */
export const MARK = 'ECHO';

/** Every order kind, as the contract lists them (ORDER_TYPES). */
export const ORDER_KINDS = Object.keys(ORDER_TYPES) as OrderKindName[];
export type { OrderKindName };

type Json = Record<string, unknown>;
/** An order kind's valid example; `slot` picks a place (a seat, a day) so two examples need not collide. */
export type OrderExample = (slot: number) => Json;

const readData = async <S extends v.GenericSchema<unknown, { data: unknown }>>(
  t: TestApp,
  path: string,
  schema: S,
  token?: string,
): Promise<v.InferOutput<S>['data']> => {
  const res = await t.call('GET', path, undefined, token);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.body.msg}`);
  return v.parse(schema, res.body).data;
};

const ymdOf = (dateStr: string) =>
  dateStr
    .split('-')
    .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
    .join('-');

/**
 * A valid example of every order kind for the believer `phone` (logged in as `token`), priced from
 * the seeded catalogue as the pages price them. The renewal needs an enshrinement: a statue order
 * is placed and paid first (slot 5), so this writes rows.
 */
export const orderExamples = async (
  t: TestApp,
  token: string,
  phone: string,
): Promise<Record<OrderKindName, OrderExample>> => {
  const merit = await lampOrder(t, phone);

  // Every (assembly, type, tablet) one entry registers online, 观音菩萨圣诞法会's first 往生 first:
  // `slot` picks one, so orders of different slots are registrations of their own.
  const hoes = await readData(t, assemblyApi.list.path, assemblyApi.list.response);
  const first = hoes.ls.findIndex((h) => h.HOE_NAME === '观音菩萨圣诞法会');
  const ordered = first > 0 ? [hoes.ls[first], ...hoes.ls.filter((_, k) => k !== first)] : hoes.ls;
  const registrations: Json[] = [];
  for (const item of ordered) {
    if (!item) continue;
    const q = new URLSearchParams({ hoeYear: String(item.HOE_YEAR), hoeName: item.HOE_NAME });
    const { hoe, tabletGdjList } = await readData(
      t,
      `${assemblyApi.detail.path}?${q}`,
      assemblyApi.detail.response,
    );
    const [start = '', end = ''] = hoe.HOE_YL_TIME.split('至');
    for (const price of tabletGdjList) {
      if (price.HOE_TYPE !== '往生' && price.HOE_TYPE !== '延生') continue;
      const offered = tabletTypesFor(
        price.HOE_TYPE,
        tabletGdjList.filter((p) => p.HOE_TYPE === price.HOE_TYPE).map((p) => p.TABLET_TYPE),
        { waterLand: hoe.WATER_LAND },
      );
      if (!offered.includes(price.TABLET_TYPE)) continue;
      const free = gdjModeOf(price.TABLET_TYPE, { freeAmount: hoe.FREE_AMOUNT }) === 'free';
      const gdj = free ? Math.max(price.GDJ, 50) : price.GDJ;
      const total = price.TABLET_PRICE + gdj;
      if (isOverLimit(yuanToFen(total), { waterLand: hoe.WATER_LAND })) continue;
      registrations.push({
        type: 1,
        HOE_NAME: hoe.HOE_NAME,
        HOE_TYPE: price.HOE_TYPE,
        TABLET_TYPE: price.TABLET_TYPE,
        HOE_GDJ: gdj,
        HOE_TIME: hoe.HOE_NL_TIME,
        START_DATE: start,
        END_DATE: end,
        HOE_GDJ_TOTAL: total,
        HOE_YEAR: hoe.HOE_YEAR,
        DATA_SOURCE: '3',
        PAY_METHOD: '3',
        QUANTITY: 1,
        jyList:
          price.HOE_TYPE === '往生' ? [{ JY1: '父母张三', JY2: '父母李四', YS1: '张明', YS2: '张亮' }] : [],
        zzList: price.HOE_TYPE === '延生' ? [{ ZZ1: '王小明' }] : [],
        meritItemList: [],
        CHANNEL: 'pc',
        MOBILE: phone,
      });
    }
  }
  if (registrations.length === 0) throw new Error('no seeded assembly to register for');
  const assembly: OrderExample = (slot) =>
    structuredClone(registrations[slot % registrations.length] as Json);

  const today = templeToday(t.clock.now());
  const calendar = await readData(
    t,
    `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: addDaysYmd(today, 8), endDate: addDaysYmd(today, 90) })}`,
    ceremonyApi.calendar.response,
  );
  const days = calendar.fsDataCcList.filter((d) => d.BOOKABLE).map((d) => ymdOf(d.DATE_STR));
  const ceremony: OrderExample = (slot) =>
    sampleCeremonyOrder({ FS_DATE: days[slot % days.length], MOBILE: phone });

  const tablet: OrderExample = (slot) =>
    sampleTabletOrder({ POSITION: `3_${slot + 1}`, SP_POSITION: `3排${slot + 1}号`, MOBILE: phone });

  const preview = await readData(t, `${statueApi.preview.path}?location=2`, statueApi.preview.response);
  const statues = await readData(t, `${statueApi.statues.path}?location=2`, statueApi.statues.response);
  const statue: OrderExample = (slot) =>
    sampleStatueOrder({
      MATERIAL: preview.fxMaterialList[0]?.ID ?? 0,
      STATUE: statues[0]?.ID ?? 0,
      POSITION: `4_${slot + 1}`,
      MOBILE: phone,
      FULL_NAME: '大殿外东廊',
      FX_ZB: `4_${slot + 1}`,
    });

  const products = await readData(
    t,
    `${membershipApi.dict.path}?dictKey=WFS.COMMON.HY.PRODUCT`,
    membershipApi.dict.response,
  );
  const product = products['WFS.COMMON.HY.PRODUCT']?.[0];
  const membership: Json = sampleMembershipJoin({
    MOBILE: phone,
    PRODUCT_ID: product?.ITEMNO ?? 'HY1',
    customAmount: product?.EXTINT1 ?? 365,
  });

  // The renewal renews an enshrinement of this believer: a statue order, paid.
  await payOrder(t, await placeOrder(t, statue(5), token));
  const worship = await readData(
    t,
    `${believerApi.enshrinements.path}?page=0&size=10`,
    believerApi.enshrinements.response,
    token,
  );
  const renewal: Json = {
    type: 4,
    RENEW: 1,
    CHANNEL: 'pc',
    MOBILE: phone,
    ID: worship.content[0]?.ID ?? 0,
    YEARS: 2,
    GF_TYPE: '2',
    customAmount: (worship.content[0]?.FX_PRICE ?? 2000) * 2,
    FX_YD_FLAG: '0',
  };

  const fixed =
    (example: Json): OrderExample =>
    () =>
      structuredClone(example);
  return {
    assembly,
    ceremony,
    tablet,
    renewal: fixed(renewal),
    merit: fixed(merit),
    membership: fixed(membership),
    statue,
  };
};

/* ---------------------------------------------------------------- breaking an example */

type Path = (string | number)[];

/** Every path in a JSON value: the root, each field, each array element, recursively. */
export const pathsOf = (value: unknown, at: Path = []): Path[] => {
  const here: Path[] = [at];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) here.push(...pathsOf(item, [...at, i]));
  } else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) here.push(...pathsOf(item, [...at, key]));
  return here;
};

const getAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k as string] : undefined), value);

/** Sets (an own enumerable property even for `__proto__`) or, with `drop`, removes the value at `path`. */
const setAt = (root: unknown, path: Path, next: unknown, drop = false): unknown => {
  if (path.length === 0) return next;
  const parent = getAt(root, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (Array.isArray(parent) && typeof key === 'number') {
    if (drop) parent.splice(key, 1);
    else parent[key] = next;
  } else if (parent && typeof parent === 'object') {
    if (drop) delete (parent as Json)[key];
    else
      Object.defineProperty(parent, key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return root;
};

const SQL = [
  `' OR '1'='1`,
  `'); drop table orders; --`,
  `1; select pg_sleep(0); --`,
  `" union select * from users --`,
];
const HTML = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `"><svg onload=alert(1)>`,
  `&lt;b&gt;`,
];
const DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '1899-12-31',
  '9999-12-31',
  '275760-09-13',
  '2026-11-22T99:99:99',
  '2026-11-22 25:61:00',
  '-2026-01-01',
  '2026/11/22',
];
const NUMBERS = [-1, -0.5, 0.5, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324];

/** Values of another type, or of the same type but out of bounds, for a value found in the example. */
const replacementsFor = (original: unknown): fc.Arbitrary<unknown> => {
  const text = typeof original === 'string' || typeof original === 'number' ? String(original) : '';
  // Han beside the mark: an echo of it in an English default message would pass for Chinese.
  const marked = (s: string) => `${MARK}佛${s}`;
  const common = fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    '',
    ' ',
    [],
    {},
    [MARK],
    { [MARK]: MARK },
    MARK,
  );
  const strings = fc.oneof(
    fc.constantFrom(...SQL, ...HTML, ...DATES).map(marked),
    fc.constantFrom(
      `${text}\u0000${MARK}`,
      `${MARK}\u0000`,
      `🙏🏻${MARK}😀${text}`,
      `${text}${MARK}👨‍👩‍👧‍👦`,
      `\u202e${MARK}`,
      `${MARK}\ud800`,
      MARK.repeat(5000),
      `${MARK}${'佛'.repeat(3000)}`,
      `${MARK}\r\n\t`,
      `${MARK}佛`,
      `${text} ${MARK}`,
    ),
    fc.string({ maxLength: 30, unit: 'binary' }).map(marked),
  );
  const numbers = fc.oneof(
    fc.constantFrom(...NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
  );
  const n = typeof original === 'number' ? original : Number(text) || 1;
  const near = fc.constantFrom<unknown>(-n, n + 0.5, n * 1000, n * 1e15, String(n), `${n}${MARK}`);
  if (typeof original === 'string')
    return fc.oneof(
      { arbitrary: strings, weight: 4 },
      { arbitrary: numbers, weight: 1 },
      { arbitrary: near, weight: 1 },
      { arbitrary: common, weight: 1 },
    );
  if (typeof original === 'number')
    return fc.oneof(
      { arbitrary: numbers, weight: 3 },
      { arbitrary: near, weight: 2 },
      { arbitrary: strings, weight: 1 },
      { arbitrary: common, weight: 1 },
    );
  if (Array.isArray(original))
    return fc.oneof(
      { arbitrary: common, weight: 3 },
      { arbitrary: strings, weight: 3 },
      fc.constant(Array.from({ length: 500 }, () => original[0] ?? MARK)),
      fc.constant([null, ...original]),
      fc.constant([...original, ...original, ...original, ...original, ...original, ...original]),
      fc.constant(Object.fromEntries(original.map((item, i) => [String(i), item]))),
    );
  return fc.oneof(common, strings, numbers);
};

type Mutation = { path: Path; op: 'drop' | 'replace' | 'extra'; value: unknown; extraKey: string };

const mutation = (example: Json): fc.Arbitrary<Mutation> => {
  const paths = pathsOf(example).filter((p) => p.length > 0);
  return fc.constantFrom(...paths).chain((path) =>
    fc.record({
      path: fc.constant(path),
      op: fc.constantFrom<Mutation['op']>('drop', 'replace', 'replace', 'replace', 'extra'),
      value: replacementsFor(getAt(example, path)),
      extraKey: fc.constantFrom(`${MARK}extra`, '__proto__', 'constructor', 'toString', `${MARK}\u0000`),
    }),
  );
};

const apply = (root: unknown, m: Mutation): unknown => {
  if (m.op === 'drop') return setAt(root, m.path, undefined, true);
  if (m.op === 'replace') return setAt(root, m.path, m.value, false);
  // An extra field beside the value (on its object), or inside it when it is an object itself.
  const target = getAt(root, m.path);
  const holder =
    target && typeof target === 'object' && !Array.isArray(target) ? m.path : m.path.slice(0, -1);
  const object = getAt(root, holder);
  if (object && typeof object === 'object' && !Array.isArray(object))
    return setAt(root, [...holder, m.extraKey], m.value);
  return setAt(root, m.path, m.value);
};

/** The example broken in one to three places (mostly one, so most refusals name a single fault). */
export const brokenVariant = (example: Json): fc.Arbitrary<unknown> =>
  fc
    .array(mutation(example), { minLength: 1, maxLength: 3 })
    .map((mutations) => mutations.reduce<unknown>((root, m) => apply(root, m), structuredClone(example)));

/** Text that is not quite JSON: truncated, with trailing garbage, JavaScript literals, a BOM, single quotes. */
export const brokenJson = (text: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.nat({ max: Math.max(text.length - 1, 0) }).map((at) => text.slice(0, at)),
    fc.constantFrom(
      `${text}}`,
      `${text},${MARK}`,
      `\ufeff${text}`,
      text.replace(/"/g, "'"),
      text.replace(':', ''),
      text.replace(/^\{/, `{"type":NaN,"${MARK}":undefined,`),
      text.replace(/^\{/, `{${MARK}:1,`),
      `[${text}`,
      `${text.slice(0, 20)}\u0000${MARK}${text.slice(20)}`,
      `{"type":${'['.repeat(5000)}`,
      '',
      'null',
      'true',
      '"',
      `"${MARK}"`,
    ),
  );
