import { ASSEMBLY_MESSAGES, assemblyApi } from '@contract/assembly';
import {
  type AssemblyAnswer,
  type AssemblyDraft,
  assemblyLunarDates,
  ASSEMBLY_CATALOGUE_MESSAGES as M,
} from '@contract/assembly-catalogue';
import { addDaysYmd } from '@contract/ceremony';
import { consoleApi } from '@contract/console';
import { CONTENT_IMAGE_MESSAGES } from '@contract/content-image';
import { STAFF_MESSAGES } from '@contract/staff';
import { templeToday } from '@contract/temple-day';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder, placeOrder } from '@tests/support/user-centre';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, the assemblies of the catalogue: 内容 staff create a draft with its types, places and
 * price map, publish it for believers, change it under a version check (409, nothing lost); a
 * price change never alters an order made; a type or tablet that live registrations hold cannot
 * be deleted, only withdrawn; every field's refusal is the contract's Chinese message.
 */
describe.each(databaseKinds())('the assembly catalogue in the console (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  let clerk: TestStaff;
  // The fake clock starts at the real time: 40 days on is ahead of every test's moves.
  const start = addDaysYmd(templeToday(), 40);
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'editor');
    clerk = await signedInStaff(t, ['clerk'], 'clerk');
  });

  const draft = (over: Partial<AssemblyDraft> = {}): AssemblyDraft => ({
    name: '药王菩萨祈福法会',
    startDate: start,
    endDate: addDaysYmd(start, 1),
    image: '',
    particulars: '礼诵《药师经》，为众生祈求身心安康。',
    flags: {
      leaderTablet: false,
      newYearEve: false,
      sevenGenerations: false,
      wisdom: false,
      freeAmount: false,
      waterLand: false,
    },
    types: [
      {
        hoeType: '延生',
        places: 50,
        withdrawn: false,
        prices: [
          { tabletType: '大功德主', tabletPriceYuan: 2000, gdjYuan: 0 },
          { tabletType: '吉祥', tabletPriceYuan: 300, gdjYuan: 0 },
        ],
      },
      {
        hoeType: '往生',
        places: 20,
        withdrawn: false,
        prices: [{ tabletType: '吉祥', tabletPriceYuan: 300, gdjYuan: 0 }],
      },
    ],
    ...over,
  });
  const path = (id: number, suffix = '') => `${consoleApi.assembly.path.replace(':id', String(id))}${suffix}`;
  const create = (body: unknown, cookie = editor.cookie) =>
    consoleCall(t, 'POST', consoleApi.assemblyCreate.path, { cookie, body });
  const save = (id: number, assembly: AssemblyDraft, version: number) =>
    consoleCall(t, 'PUT', path(id), { cookie: editor.cookie, body: { assembly, version } });
  const publish = (id: number, published: boolean, version: number) =>
    consoleCall(t, 'POST', path(id, '/publish'), { cookie: editor.cookie, body: { published, version } });
  const created = async (over: Partial<AssemblyDraft> = {}) => {
    const res = await create(draft(over));
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as AssemblyAnswer;
  };
  const publicDetail = (answer: AssemblyAnswer) =>
    t.call(
      'GET',
      `${assemblyApi.detail.path}?${new URLSearchParams({ hoeYear: String(answer.year), hoeName: answer.assembly.name })}`,
    );
  const registration = (answer: AssemblyAnswer, hoeType: string, tabletPrice: number, mobile: string) => ({
    type: 1,
    HOE_NAME: answer.assembly.name,
    HOE_TYPE: hoeType,
    TABLET_TYPE: '吉祥',
    HOE_GDJ: 0,
    HOE_TIME: answer.lunarTime,
    START_DATE: answer.assembly.startDate,
    END_DATE: answer.assembly.endDate,
    HOE_GDJ_TOTAL: tabletPrice,
    HOE_YEAR: answer.year,
    DATA_SOURCE: '3',
    PAY_METHOD: '3',
    QUANTITY: 1,
    jyList: hoeType === '往生' ? [{ JY1: '父母张三', YS1: '张明' }] : [],
    zzList: hoeType === '延生' ? [{ ZZ1: '王小明' }] : [],
    meritItemList: [],
    CHANNEL: 'pc',
    MOBILE: mobile,
  });

  it('creates a draft believers do not see, with its lunar dates, and audits it', async () => {
    const answer = await created({ name: '草稿法会' });
    expect(answer).toMatchObject({ published: false, version: 1 });
    expect(answer.lunarTime).toBe(assemblyLunarDates(start, addDaysYmd(start, 1)).lunarTime);
    expect(answer.assembly.types.map((type) => [type.hoeType, type.places, type.held])).toEqual([
      ['延生', 50, 0],
      ['往生', 20, 0],
    ]);
    const list = await t.call('GET', assemblyApi.list.path);
    expect(JSON.stringify(list.body.data)).not.toContain('草稿法会');
    expect((await publicDetail(answer)).body.msg).toBe(ASSEMBLY_MESSAGES.unknownAssembly);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'username', 'after'])
      .where('subject', '=', `assembly:${answer.id}`)
      .execute();
    expect(audit).toMatchObject([{ action: 'assembly.created', username: editor.username }]);
  });

  it('publishes: believers register and pay; a price change keeps the paid amount, new registrations pay the new one', async () => {
    const draftAnswer = await created();
    const answer = (await publish(draftAnswer.id, true, draftAnswer.version)).body.data as AssemblyAnswer;
    expect(answer.published).toBe(true);
    const detail = (await publicDetail(answer)).body.data as {
      hoe: { HOE_TYPES: { HOE_TYPE: string; PLACES_LEFT: number | null }[] };
      tabletGdjList: { HOE_TYPE: string; TABLET_TYPE: string; TABLET_PRICE: number }[];
    };
    expect(detail.hoe.HOE_TYPES).toEqual([
      { HOE_TYPE: '延生', PLACES_LEFT: 50 },
      { HOE_TYPE: '往生', PLACES_LEFT: 20 },
    ]);
    expect(detail.tabletGdjList).toContainEqual(
      expect.objectContaining({ HOE_TYPE: '延生', TABLET_TYPE: '吉祥', TABLET_PRICE: 300 }),
    );

    const token = await t.login('13700251001');
    const paid = await placeOrder(t, registration(answer, '延生', 300, '13700251001'), token);
    await payOrder(t, paid);

    const raised = draft();
    raised.types[0]?.prices.splice(1, 1, { tabletType: '吉祥', tabletPriceYuan: 500, gdjYuan: 0 });
    const res = await save(answer.id, raised, answer.version);
    expect(res.status, res.body.msg).toBe(200);
    expect((res.body.data as AssemblyAnswer).assembly.types[0]?.held).toBe(1);

    const order = await t.database.db
      .selectFrom('orders')
      .select(['amount_fen', 'state'])
      .where('out_trade_no', '=', paid)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ amount_fen: 30_000, state: 1 });
    // The old price is refused now, the new one taken.
    const stale = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      registration(answer, '延生', 300, '13700251001'),
      token,
    );
    expect(stale.body.msg).toBe(ASSEMBLY_MESSAGES.totalMismatch);
    await placeOrder(t, registration(answer, '延生', 500, '13700251001'), token);
  });

  it('answers 409 to the slower of two edits from one version: exactly one change lands, none is lost', async () => {
    const answer = await created({ name: '并发修改法会' });
    const first = draft({ name: '并发修改法会', particulars: '甲的修改' });
    const second = draft({ name: '并发修改法会', particulars: '乙的修改' });
    const results = await Promise.all([save(answer.id, first, 1), save(answer.id, second, 1)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409);
    expect(loser?.body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
    const winner = results.find((r) => r.status === 200)?.body.data as AssemblyAnswer;
    const now = (await consoleCall(t, 'GET', path(answer.id), { cookie: editor.cookie })).body
      .data as AssemblyAnswer;
    expect(now.version).toBe(2);
    expect(now.assembly.particulars).toBe(winner.assembly.particulars);
    // The loser re-reads and saves again: both changes are kept in turn.
    expect((await save(answer.id, second, now.version)).status).toBe(200);
    expect((await publish(answer.id, true, 1)).body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
    // 发布 checks the version but does not move it: the form open beside the bar saves on.
    const shown = await publish(answer.id, true, 3);
    expect(shown.body.data).toMatchObject({ published: true, version: 3 });
    const after = await save(answer.id, first, 3);
    expect([after.status, (after.body.data as AssemblyAnswer).version]).toEqual([200, 4]);
  });

  it('keeps a type or a tablet that live registrations hold: deleting is refused, withdrawing stops new ones', async () => {
    const draftAnswer = await created({ name: '撤下类型法会' });
    const answer = (await publish(draftAnswer.id, true, 1)).body.data as AssemblyAnswer;
    const token = await t.login('13700251002');
    const held = await placeOrder(t, registration(answer, '往生', 300, '13700251002'), token);

    const withoutType = draft({ name: '撤下类型法会' });
    withoutType.types.pop();
    const refused = await save(answer.id, withoutType, answer.version);
    expect([refused.status, refused.body.msg]).toEqual([409, M.typeInUse('往生')]);

    const withoutTablet = draft({ name: '撤下类型法会' });
    withoutTablet.types[1] = {
      hoeType: '往生',
      places: 20,
      withdrawn: false,
      prices: [{ tabletType: '小功德主', tabletPriceYuan: 1000, gdjYuan: 0 }],
    };
    const tablet = await save(answer.id, withoutTablet, answer.version);
    expect([tablet.status, tablet.body.msg]).toEqual([409, M.tabletInUse('往生', '吉祥')]);

    const withdrawn = draft({ name: '撤下类型法会' });
    withdrawn.types[1] = { ...(withdrawn.types[1] as AssemblyDraft['types'][number]), withdrawn: true };
    const res = await save(answer.id, withdrawn, answer.version);
    expect(res.status, res.body.msg).toBe(200);
    const detail = (await publicDetail(answer)).body.data as { hoe: { HOE_TYPES: { HOE_TYPE: string }[] } };
    expect(detail.hoe.HOE_TYPES.map((type) => type.HOE_TYPE)).toEqual(['延生']);
    const other = await t.login('13700251003');
    const late = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      registration(answer, '往生', 300, '13700251003'),
      other,
    );
    expect([late.status, late.body.msg]).toEqual([400, ASSEMBLY_MESSAGES.hoeTypeWithdrawn]);
    // The registration made keeps its place and can still be paid.
    await payOrder(t, held);
    const kept = (res.body.data as AssemblyAnswer).assembly.types[1];
    expect(kept).toMatchObject({ hoeType: '往生', withdrawn: true, liveOrders: 1 });

    // Once no registration holds it, the type can be deleted.
    const empty = await created({ name: '无人报名法会' });
    const fewer = draft({ name: '无人报名法会' });
    fewer.types.pop();
    const deleted = await save(empty.id, fewer, empty.version);
    expect(deleted.status, deleted.body.msg).toBe(200);
    expect((deleted.body.data as AssemblyAnswer).assembly.types.map((type) => type.hoeType)).toEqual([
      '延生',
    ]);
  });

  const type0 = (over: Partial<AssemblyDraft['types'][number]>) => [
    { ...(draft().types[0] as AssemblyDraft['types'][number]), ...over },
  ];
  const LUCKY = { tabletType: '吉祥', tabletPriceYuan: 300, gdjYuan: 0 };
  const price0 = (over: object) => type0({ prices: [{ ...LUCKY, ...over }] });
  const refusals: [string, unknown, string][] = [
    ['no name', { name: '  ' }, M.nameEmpty],
    ['a long name', { name: '法'.repeat(21) }, M.nameTooLong],
    ['a control character', { name: '法会\u0007' }, M.textInvalid],
    ['markup in the name', { name: '<b>法会</b>' }, M.markup],
    ['markup in the description', { particulars: '第一段\n<script>alert(1)</script>' }, M.markup],
    ['markup in a tablet type', { types: price0({ tabletType: '<i>吉祥</i>' }) }, M.markup],
    ['no start date', { startDate: '' }, M.startInvalid],
    ['an impossible end date', { endDate: '2026-02-30x' }, M.endInvalid],
    ['an end before the start', { endDate: addDaysYmd(start, -1) }, M.endBeforeStart],
    ['more than 30 days', { endDate: addDaysYmd(start, 30) }, M.tooLong],
    ['no description', { particulars: '' }, M.particularsEmpty],
    ['a long description', { particulars: '文'.repeat(1001) }, M.particularsTooLong],
    ['a flag not a boolean', { flags: { ...draft().flags, wisdom: 'yes' } }, M.flagInvalid],
    ['no type', { types: [] }, M.typesEmpty],
    ['an unknown type', { types: type0({ hoeType: '普佛' as never }) }, M.typeInvalid],
    ['a type twice', { types: [...type0({}), ...type0({})] }, M.typeTwice],
    ['no places', { types: type0({ places: 0 }) }, M.placesInvalid],
    ['fractional places', { types: type0({ places: 1.5 }) }, M.placesInvalid],
    ['withdrawn not a boolean', { types: type0({ withdrawn: 1 as never }) }, M.flagInvalid],
    ['no tablet', { types: type0({ prices: [] }) }, M.pricesEmpty],
    ['a tablet twice', { types: type0({ prices: [LUCKY, LUCKY] }) }, M.tabletTypeTwice],
    ['an empty tablet type', { types: price0({ tabletType: ' ' }) }, M.tabletTypeEmpty],
    ['a long tablet type', { types: price0({ tabletType: '牌'.repeat(11) }) }, M.tabletTypeTooLong],
    ['a negative price', { types: price0({ tabletPriceYuan: -1 }) }, M.priceInvalid],
    ['a price in fen', { types: price0({ tabletPriceYuan: 0.5 }) }, M.priceInvalid],
    ['a huge merit money', { types: price0({ gdjYuan: 1_000_001 }) }, M.gdjInvalid],
    ['a tablet for nothing', { types: price0({ tabletPriceYuan: 0 }) }, M.bothZero],
    ['延往生 without 会首', { types: [{ ...type0({})[0], hoeType: '延往生' }] }, M.noneOffered],
    ['an image from elsewhere', { image: 'https://example.com/a.jpg' }, CONTENT_IMAGE_MESSAGES.invalid],
  ];
  it.each(refusals)('refuses %s with its Chinese message, and stores nothing', async (_, over, message) => {
    const before = await t.database.db.selectFrom('assemblies').select('id').execute();
    const res = await create({ ...draft({ name: '校验法会' }), ...(over as object) });
    expect([res.status, res.body.msg]).toEqual([400, message]);
    expect(await t.database.db.selectFrom('assemblies').select('id').execute()).toHaveLength(before.length);
  });

  it('answers 409 to a second assembly of one name in one lunar year', async () => {
    await created({ name: '同名法会' });
    const res = await create(draft({ name: '同名法会' }));
    expect([res.status, res.body.msg]).toEqual([409, M.nameTaken]);
  });

  it('refuses a believer, a clerk, and a missing assembly', async () => {
    const token = await t.login('13700251009');
    const believer = await t.app.request(consoleApi.assemblyCreate.path, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(draft()),
    });
    expect(believer.status).toBe(401);
    const res = await create(draft({ name: '客堂法会' }), clerk.cookie);
    expect([res.status, res.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    const missing = await consoleCall(t, 'GET', path(999_999), { cookie: editor.cookie });
    expect([missing.status, missing.body.msg]).toEqual([404, M.notFound]);
  });
});
