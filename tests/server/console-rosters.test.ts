import { ASSEMBLY_MESSAGES, assemblyApi } from '@contract/assembly';
import { addDaysYmd, CEREMONY_MESSAGES, ceremonyApi } from '@contract/ceremony';
import {
  CONSOLE_MESSAGES,
  consoleApi,
  ROSTER_RECENT_DAYS,
  type Roster,
  rosterChoicesSchema,
  rosterSchema,
} from '@contract/console';
import { STAFF_MESSAGES } from '@contract/staff';
import { templeToday } from '@contract/temple-day';
import { sampleCeremonyOrder } from '@tests/support/order-requests';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder, placeOrder } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const ASSEMBLY = '观音菩萨圣诞法会';
const RARE = '𠮷田·花子';
const SLOT = '13:30-15:00';

/**
 * Issue 24: the 客堂's rosters per assembly × type and per ceremony day, with the names exactly as
 * entered, the data of the tablet print sheet, and the CSV export (Excel-ready, injection-safe).
 */
describe.each(databaseKinds())('console rosters and their CSV (%s)', (kind) => {
  const t = useTestApp(kind);
  let clerk: TestStaff;
  let finance: TestStaff;
  let assemblyId = 0;
  let ceremonyDay = '';
  const no = { blessing: '', deceased: '', closed: '', pending: '', ceremony: '' };

  const get = (path: string, staff: TestStaff = clerk) =>
    consoleCall(t, 'GET', path, { cookie: staff.cookie });
  const roster = async (path: string): Promise<Roster> => {
    const res = await get(path);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(rosterSchema, res.body.data);
  };
  const csv = (path: string) => t.app.request(path, { headers: { cookie: clerk.cookie } });
  const assemblyPath = (suffix = '') =>
    consoleApi.assemblyRoster.path.replace(':id', `${assemblyId}${suffix}`);
  const dayPath = (day: string) => consoleApi.ceremonyRoster.path.replace(':day', day);
  const believer = async (phone: string, name: string | null) => {
    const token = await t.login(phone);
    await t.database.db.updateTable('users').set({ real_name: name }).where('phone', '=', phone).execute();
    return token;
  };

  beforeAll(async () => {
    clerk = await signedInStaff(t, ['clerk'], 'clerk');
    finance = await signedInStaff(t, ['finance'], 'finance');
    const tokens = [
      await believer('13700031001', '王居士'),
      await believer('13700031002', '张居士'),
      await believer('13700031003', '赵居士'),
      await believer('13700031004', null),
      await believer('13700031005', '钱居士'),
    ];
    const list = (await t.call('GET', assemblyApi.list.path)).body.data as {
      ls: { HOE_NAME: string; HOE_YEAR: number }[];
    };
    const item = list.ls.find((a) => a.HOE_NAME === ASSEMBLY);
    const q = new URLSearchParams({ hoeYear: String(item?.HOE_YEAR), hoeName: ASSEMBLY });
    const detail = v.parse(
      assemblyApi.detail.response,
      (await t.call('GET', `${assemblyApi.detail.path}?${q}`)).body,
    ).data;
    const registration = (hoeType: string, entries: object, mobile: string) => {
      const price = detail.tabletGdjList.find((p) => p.HOE_TYPE === hoeType && p.TABLET_TYPE === '吉祥');
      const [start = '', end = ''] = detail.hoe.HOE_YL_TIME.split('至');
      return {
        type: 1,
        HOE_NAME: ASSEMBLY,
        HOE_TYPE: hoeType,
        TABLET_TYPE: '吉祥',
        HOE_GDJ: price?.GDJ,
        HOE_TIME: detail.hoe.HOE_NL_TIME,
        START_DATE: start,
        END_DATE: end,
        HOE_GDJ_TOTAL: (price?.TABLET_PRICE ?? 0) + (price?.GDJ ?? 0),
        HOE_YEAR: detail.hoe.HOE_YEAR,
        DATA_SOURCE: '3',
        PAY_METHOD: '3',
        QUANTITY: 1,
        jyList: [],
        zzList: [],
        meritItemList: [],
        CHANNEL: 'pc',
        MOBILE: mobile,
        ...entries,
      };
    };
    const [a, b, c, d, e] = tokens as [string, string, string, string, string];
    no.blessing = await placeOrder(
      t,
      registration('延生', { zzList: [{ ZZ1: '王小明', ZZ2: '王小红', ZZ3: '李四' }] }, '13700031001'),
      a,
    );
    no.deceased = await placeOrder(
      t,
      registration('往生', { jyList: [{ JY1: '父母张三', YS1: '张明', YS2: '张亮' }] }, '13700031002'),
      b,
    );
    no.closed = await placeOrder(
      t,
      registration('往生', { jyList: [{ JY1: '父母赵五', YS1: '赵六' }] }, '13700031003'),
      c,
    );
    no.pending = await placeOrder(t, registration('延生', { zzList: [{ ZZ1: '孙小美' }] }, '13700031004'), d);
    await payOrder(t, no.blessing);
    await payOrder(t, no.deceased);
    await t.services.orders.staff(no.closed, { type: 'order.cancelled' });

    // Names the counter wrote by hand (a rare character, a middle dot) and the spreadsheet's traps.
    const order = (outTradeNo: string) =>
      t.database.db.selectFrom('orders').select('id').where('out_trade_no', '=', outTradeNo);
    await t.database.db
      .updateTable('order_entries')
      .set({ tablet2: RARE })
      .where('order_id', '=', order(no.blessing))
      .execute();
    await t.database.db
      .updateTable('order_entries')
      .set({ ys3: '=HYPERLINK("x")', ys4: '张,"亮"\n二', ys5: '@李', ys6: '\t王' })
      .where('order_id', '=', order(no.deceased))
      .execute();
    const assembly = await t.database.db
      .selectFrom('assemblies')
      .select('id')
      .where('name', '=', ASSEMBLY)
      .executeTakeFirstOrThrow();
    assemblyId = assembly.id;

    const today = templeToday(t.clock.now());
    const calendar = await t.call(
      'GET',
      `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: addDaysYmd(today, 8), endDate: addDaysYmd(today, 90) })}`,
    );
    const days = (calendar.body.data as { fsDataCcList: { DATE_STR: string; BOOKABLE: boolean }[] })
      .fsDataCcList;
    const bookable = days.find((day) => day.BOOKABLE)?.DATE_STR ?? '';
    ceremonyDay = bookable
      .split('-')
      .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
      .join('-');
    no.ceremony = await placeOrder(
      t,
      sampleCeremonyOrder({ FS_DATE: ceremonyDay, FS_TIME: SLOT, MOBILE: '13700031005' }),
      e,
    );
    await payOrder(t, no.ceremony);
  });

  it('lists the assemblies with their rows and the ceremony days with bookings', async () => {
    const res = await get(consoleApi.rosterChoices.path);
    expect(res.status).toBe(200);
    const choices = v.parse(rosterChoicesSchema, res.body.data);
    const ours = choices.assemblies.find((a) => a.id === assemblyId);
    // Blessing (one entry), deceased (one), pending (one); the closed registration is not counted.
    // Its own types in its own order: no 延往生, which only the water-land assembly has.
    expect(ours).toMatchObject({ name: ASSEMBLY, count: 3, hoeTypes: ['延生', '往生'] });
    const waterLand = choices.assemblies.find((a) => a.name === '水陆普度大斋胜会');
    expect(waterLand?.hoeTypes).toEqual(['往生', '延生', '延往生']);
    expect(choices.assemblies.find((a) => a.name === '除夕报恩普佛')?.hoeTypes).toEqual(['往生']);
    expect(ours?.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const starts = choices.assemblies.map((a) => a.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(choices.ceremonyDays).toEqual([{ day: ceremonyDay, count: 1 }]);
    expect(choices.ceremonyDaysFrom).toBe(addDaysYmd(templeToday(t.clock.now()), -ROSTER_RECENT_DAYS));

    // Issue 38: the list counts by the calendar, not the history. An assembly ended longer ago is
    // listed uncounted; a day before the list's first opens by its date (not listed).
    const db = t.database.db;
    const kept = await db
      .selectFrom('assemblies')
      .select('end_date')
      .where('id', '=', assemblyId)
      .executeTakeFirstOrThrow();
    const longAgo = addDaysYmd(templeToday(t.clock.now()), -ROSTER_RECENT_DAYS - 1);
    await db
      .updateTable('assemblies')
      .set({ end_date: longAgo } as never)
      .where('id', '=', assemblyId)
      .execute();
    await db
      .updateTable('ceremony_orders')
      .set({ day: longAgo } as never)
      .where('day', '=', ceremonyDay as never)
      .execute();
    try {
      const old = v.parse(rosterChoicesSchema, (await get(consoleApi.rosterChoices.path)).body.data);
      expect(old.assemblies.find((a) => a.id === assemblyId)?.count).toBeNull();
      expect(old.ceremonyDays).toEqual([]);
      expect((await roster(`/admin/api/rosters/ceremony/${longAgo}`)).entries).toHaveLength(1);
    } finally {
      await db
        .updateTable('assemblies')
        .set({ end_date: kept.end_date })
        .where('id', '=', assemblyId)
        .execute();
      await db
        .updateTable('ceremony_orders')
        .set({ day: ceremonyDay as never })
        .where('day', '=', longAgo as never)
        .execute();
    }
  });

  it("answers every entry of the assembly's orders that hold their place, names exactly as entered", async () => {
    const { title, entries } = await roster(assemblyPath());
    expect(title).toBe(ASSEMBLY);
    // 延生 comes first (the assembly's own order of types), then 往生; the closed order is absent.
    expect(entries.map((e) => e.outTradeNo)).toEqual([no.blessing, no.pending, no.deceased]);
    expect(entries[0]).toEqual({
      outTradeNo: no.blessing,
      paid: true,
      donor: '王居士',
      phone: '137****1001',
      group: '延生',
      tabletType: '吉祥',
      kind: '延生',
      tablets: ['王小明', RARE, '李四'],
      births: ['', '', ''],
      deaths: ['', '', ''],
      ys: [],
      seat: '',
      cause: '',
      address: '',
      remark: '',
      money: expect.objectContaining({ paidFen: expect.any(Number), owedFen: 0, settled: true }),
    });
    expect(entries[1]).toMatchObject({ paid: false, donor: '', tablets: ['孙小美'], phone: '137****1004' });
    expect(entries[2]).toMatchObject({
      paid: true,
      kind: '往生',
      group: '往生',
      tablets: ['父母张三'],
      ys: ['张明', '张亮', '=HYPERLINK("x")', '张,"亮"\n二', '@李', '\t王'],
    });
    expect(JSON.stringify(entries)).not.toContain('13700031');
  });

  it('narrows to one assembly type', async () => {
    const { title, entries } = await roster(`${assemblyPath()}?hoeType=${encodeURIComponent('往生')}`);
    expect(title).toBe(`${ASSEMBLY}·往生`);
    expect(entries.map((e) => e.outTradeNo)).toEqual([no.deceased]);
  });

  it("answers a ceremony day's bookings with their tablets and 阳上 names", async () => {
    const { title, entries } = await roster(dayPath(ceremonyDay));
    expect(title).toContain(ceremonyDay);
    expect(entries).toEqual([
      expect.objectContaining({
        outTradeNo: no.ceremony,
        paid: true,
        donor: '钱居士',
        kind: '往生',
        tabletType: '往生莲位',
        tablets: ['父母张三'],
        ys: ['张小明'],
        seat: SLOT,
      }),
    ]);
    expect((await roster(dayPath(addDaysYmd(ceremonyDay, 1)))).entries).toEqual([]);
  });

  it('exports the roster as an Excel-ready, injection-safe CSV, and audits the export', async () => {
    const res = await csv(assemblyPath('.csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toContain(`filename="roster-assembly-${assemblyId}.csv"`);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`${ASSEMBLY}名册.csv`)}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '订单号,付款,功德主,电话,类型,牌位,延生/往生,名字1,名字2,名字3,阳上1,阳上2,阳上3,阳上4,阳上5,阳上6,位置,' +
        '生辰1,生辰2,生辰3,忌日1,忌日2,忌日3,缘由,地址,备注,款项',
    );
    // The columns before 生辰 are as they were; an assembly has no dates, cause, address or remark.
    expect(lines[1]).toMatch(
      new RegExp(
        `^${no.blessing},已付款,王居士,137\\*{4}1001,延生,吉祥,延生,王小明,${RARE},李四,{17}已付清 ¥[\\d,]+$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^${no.pending},未付款,,137\\*{4}1004,延生,吉祥,延生,孙小美,{19}待付 ¥[\\d,]+$`),
    );
    // Quoting (comma, quote, line break) and the apostrophe before = @ and a tab.
    expect(text).toContain(
      `${no.deceased},已付款,张居士,137****1002,往生,吉祥,往生,父母张三,,,张明,张亮,"'=HYPERLINK(""x"")","张,""亮""\n二",'@李,'\t王,,`,
    );
    expect(text.endsWith('\r\n')).toBe(true);

    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['username', 'subject', 'after'])
      .where('action', '=', 'roster.exported')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      username: clerk.username,
      subject: `assembly:${assemblyId}`,
      after: { rows: 3 },
    });
  });

  it("exports a ceremony day's CSV, and the JSON roster is never audited as an export", async () => {
    const before = await t.database.db
      .selectFrom('staff_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'roster.exported')
      .executeTakeFirstOrThrow();
    await roster(dayPath(ceremonyDay));
    const res = await csv(dayPath(`${ceremonyDay}.csv`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename="roster-ceremony-${ceremonyDay}.csv"`);
    const text = await res.text();
    expect(text).toContain(`${no.ceremony},已付款,钱居士`);
    // What the believer typed: the dates beside the name, the cause; the deposit paid, the rest owed.
    expect(text).toContain(`,${SLOT},1930-01-01,,,2020-01-01,,,超荐先父,,,"已付定金 ¥1,000 · 待补 ¥2,800"`);
    const rows = await t.database.db
      .selectFrom('staff_audit')
      .select(['subject'])
      .where('action', '=', 'roster.exported')
      .orderBy('id', 'desc')
      .execute();
    expect(rows.length).toBe(Number(before.n) + 1);
    expect(rows[0]?.subject).toBe(`ceremony:${ceremonyDay}`);
  });

  it('refuses, in Chinese, whoever may not print rosters and whatever is not a roster', async () => {
    const paths = [consoleApi.rosterChoices.path, assemblyPath(), assemblyPath('.csv'), dayPath(ceremonyDay)];
    for (const path of paths) {
      const none = await consoleCall(t, 'GET', path);
      expect(none.status).toBe(401);
      expect(none.body.msg).toBe(STAFF_MESSAGES.signInRequired);
      const wrongRole = await get(path, finance);
      expect(wrongRole.status).toBe(403);
      expect(wrongRole.body.msg).toBe(STAFF_MESSAGES.forbidden);
    }
    const refusals: [string, number, string][] = [
      [consoleApi.assemblyRoster.path.replace(':id', 'abc'), 400, CONSOLE_MESSAGES.notFound],
      [consoleApi.assemblyRoster.path.replace(':id', 'abc.csv'), 400, CONSOLE_MESSAGES.notFound],
      [consoleApi.assemblyRoster.path.replace(':id', '99999'), 404, CONSOLE_MESSAGES.notFound],
      [consoleApi.assemblyRoster.path.replace(':id', '99999.csv'), 404, CONSOLE_MESSAGES.notFound],
      [`${assemblyPath()}?hoeType=${encodeURIComponent('牌位')}`, 400, ASSEMBLY_MESSAGES.unknownHoeType],
      [dayPath('2026-02-30'), 400, CEREMONY_MESSAGES.date],
      [dayPath('20261220'), 400, CEREMONY_MESSAGES.date],
      [dayPath('2026-12-20.txt'), 400, CEREMONY_MESSAGES.date],
    ];
    for (const [path, status, message] of refusals) {
      const res = await get(path);
      expect([path, res.status, res.body.msg]).toEqual([path, status, message]);
    }
  });

  it('drops an unpaid registration once its hold has run out, whether or not the sweeper closed it', async () => {
    t.clock.advance(2 * 3600);
    clerk = await signedInStaff(t, ['clerk'], 'clerk');
    const state = await t.database.db
      .selectFrom('orders')
      .select('state')
      .where('out_trade_no', '=', no.pending)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe(0);
    const { entries } = await roster(assemblyPath());
    expect(entries.map((e) => e.outTradeNo)).toEqual([no.blessing, no.deceased]);
    const choices = v.parse(rosterChoicesSchema, (await get(consoleApi.rosterChoices.path)).body.data);
    expect(choices.assemblies.find((a) => a.id === assemblyId)?.count).toBe(2);
  });
});
