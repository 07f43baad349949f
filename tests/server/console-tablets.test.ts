import { consoleApi } from '@contract/console';
import { CONTENT_IMAGE_MESSAGES } from '@contract/content-image';
import { SEAT_MESSAGES } from '@contract/seats';
import { STAFF_MESSAGES } from '@contract/staff';
import { TABLET_MESSAGES, tabletApi } from '@contract/tablet';
import {
  TABLET_CATALOGUE_MESSAGES as M,
  type TabletCatalogue,
  type TabletGroupAnswer,
  type TabletGroupCreate,
} from '@contract/tablet-catalogue';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { sampleTabletOrder } from '@tests/support/order-requests';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder, placeOrder } from '@tests/support/user-centre';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, the memorial tablets of the catalogue: 内容 staff edit the types and categories, add
 * groups (closed until opened), rename and close them, set a group's price, add a row or a column
 * and remove places nobody holds; a price change never alters an order made (across the
 * 10000-yuan reservation line too); a held place cannot be removed; two saves from one version:
 * one lands, one is told 409; every field's refusal is the contract's Chinese message.
 */
describe.each(databaseKinds())('the tablet catalogue in the console (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  let clerk: TestStaff;
  let phone = 13_700_252_000;
  const nextPhone = () => String(++phone);
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'editor');
    clerk = await signedInStaff(t, ['clerk'], 'clerk');
  });

  const groupPath = (key: string, suffix = '') =>
    `${consoleApi.tabletGroup.path.replace(':map', key)}${suffix}`;
  const call = (method: string, path: string, body?: unknown, cookie = editor.cookie) =>
    consoleCall(t, method, path, { cookie, body });
  const newGroup = (over: Partial<TabletGroupCreate> = {}): TabletGroupCreate => ({
    pwType: '2',
    floor: 4,
    name: '新区',
    closed: false,
    priceYuan: 1800,
    rows: 2,
    cols: 3,
    ...over,
  });
  const created = async (over: Partial<TabletGroupCreate> = {}) => {
    const res = await call('POST', consoleApi.tabletGroupCreate.path, newGroup(over));
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as TabletGroupAnswer;
  };
  const saveGroup = (g: TabletGroupAnswer, over: object = {}, version = g.version) =>
    call('PUT', groupPath(g.key), {
      group: { name: g.name, closed: g.closed, priceYuan: g.priceYuan, ...over },
      version,
    });
  const publicSeats = (g: TabletGroupAnswer) =>
    t.call(
      'GET',
      `${tabletApi.seats.path}?${new URLSearchParams({ pwLocation: String(g.floor), pwType: g.pwType, pwGroup: g.pwGroup })}`,
    );
  const orderOf = (g: TabletGroupAnswer, position: string, price: number, mobile: string) =>
    sampleTabletOrder({
      PW_TYPE: g.pwType,
      PW_LOCATION: g.floor,
      PW_GROUP: g.pwGroup,
      POSITION: position,
      PW_PRICE: price,
      GFJ_TOTAL: price,
      MOBILE: mobile,
    });
  const audits = (subject: string) =>
    t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'username', 'before', 'after'])
      .where('subject', '=', subject)
      .orderBy('id')
      .execute();

  it('adds a group closed until opened: believers see it closed, then open at its price; audited', async () => {
    const draft = await created({ name: '草稿区', closed: true });
    expect(draft).toMatchObject({ rows: 2, cols: 3, seats: 6, held: 0, priceYuan: 1800, version: 1 });
    expect(draft.seatList.every((s) => s.state === 'blocked')).toBe(true);
    const locations = await t.call('GET', `${tabletApi.locations.path}?pwType=2`);
    const floor4 = (
      locations.body.data as { PW_LOCATION: number; groups: { NAME: string; CLOSED: boolean }[] }[]
    ).find((f) => f.PW_LOCATION === 4);
    expect(floor4?.groups).toContainEqual({ PW_GROUP: draft.pwGroup, NAME: '草稿区', CLOSED: true });
    const token = await t.login(nextPhone());
    const refused = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      orderOf(draft, '1_1', 1800, '13700252900'),
      token,
    );
    expect([refused.status, refused.body.msg]).toEqual([400, TABLET_MESSAGES.groupClosed]);

    const opened = await saveGroup(draft, { closed: false, name: '东厢' });
    expect(opened.status, opened.body.msg).toBe(200);
    const seats = (await publicSeats(draft)).body.data as {
      PW_PRICE: number;
      pwOrderDataMap: { seats: { PW_STATUS: number }[] };
    };
    expect(seats.PW_PRICE).toBe(1800);
    expect(seats.pwOrderDataMap.seats.map((s) => s.PW_STATUS)).toEqual([5, 5, 5, 5, 5, 5]);
    expect(await audits(`tablet_group:${draft.key}`)).toMatchObject([
      { action: 'tablet.group.created', username: editor.username },
      {
        action: 'tablet.group.updated',
        before: { name: '草稿区', closed: true, priceYuan: 1800 },
        after: { name: '东厢', closed: false, priceYuan: 1800 },
      },
    ]);
  });

  it('a price change keeps the paid order’s amount; a new order pays the new price, reserved from 10000 yuan', async () => {
    const group = await created({ name: '价格区' });
    const mobile = nextPhone();
    const token = await t.login(mobile);
    const paid = await placeOrder(t, orderOf(group, '1_1', 1800, mobile), token);
    await payOrder(t, paid);

    const raised = await saveGroup(group, { priceYuan: 12_000 });
    expect(raised.status, raised.body.msg).toBe(200);
    expect((raised.body.data as TabletGroupAnswer).held).toBe(1);
    const order = await t.database.db
      .selectFrom('orders')
      .innerJoin('tablet_orders', 'tablet_orders.order_id', 'orders.id')
      .select(['orders.amount_fen', 'orders.state', 'tablet_orders.price_fen'])
      .where('out_trade_no', '=', paid)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ amount_fen: 180_000, state: 1, price_fen: 180_000 });

    const dict = await t.call('GET', `${tabletApi.dictMaps.path}?pwType=2`);
    expect(
      (dict.body.data as { priceMap: Record<string, number> }).priceMap[`${group.floor}_${group.pwGroup}`],
    ).toBe(12_000);
    const stale = await t.form('/portal/rs/payapi/v1/pay/prePay', orderOf(group, '1_2', 1800, mobile), token);
    expect([stale.status, stale.body.msg]).toEqual([400, TABLET_MESSAGES.totalMismatch]);
    const reserved = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      orderOf(group, '1_2', 12_000, mobile),
      token,
    );
    expect(reserved.status, reserved.body.msg).toBe(200);
    expect((reserved.body.data as { code_img_url: string }).code_img_url).toBe('');
    const second = await t.database.db
      .selectFrom('orders')
      .innerJoin('tablet_orders', 'tablet_orders.order_id', 'orders.id')
      .select(['orders.amount_fen', 'orders.reservation', 'tablet_orders.price_fen'])
      .where('tablet_orders.pw_group', '=', group.pwGroup)
      .where('tablet_orders.floor', '=', group.floor)
      .where('orders.out_trade_no', '!=', paid)
      .executeTakeFirstOrThrow();
    expect(second).toEqual({ amount_fen: 1_200_000, reservation: true, price_fen: 1_200_000 });
  });

  it('adds a row and a column of free places at the group’s price; removes places nobody holds, never a held one', async () => {
    const group = await created({ name: '座位区', rows: 2, cols: 2, priceYuan: 2800 });
    const row = await call('POST', groupPath(group.key, '/seats'), { add: 'row', version: 1 });
    expect(row.status, row.body.msg).toBe(200);
    const col = await call('POST', groupPath(group.key, '/seats'), { add: 'col', version: 2 });
    const grown = col.body.data as TabletGroupAnswer;
    expect(grown).toMatchObject({
      rows: 3,
      cols: 3,
      seats: 9,
      version: 3,
      priceYuan: 2800,
      mixedPrices: false,
    });

    const mobile = nextPhone();
    const token = await t.login(mobile);
    const held = await placeOrder(t, orderOf(group, '3_3', 2800, mobile), token);
    const seatAt = (g: TabletGroupAnswer, r: number, c: number) => {
      const seat = g.seatList.find((s) => s.row === r && s.col === c);
      if (!seat) throw new Error(`no seat ${r}_${c}`);
      return seat;
    };
    const now = (await call('GET', groupPath(group.key))).body.data as TabletGroupAnswer;
    expect(seatAt(now, 3, 3).state).toBe('held');
    const refused = await call('POST', groupPath(group.key, '/seats/remove'), {
      seatIds: [seatAt(now, 3, 2).id, seatAt(now, 3, 3).id],
      version: now.version,
    });
    expect([refused.status, refused.body.msg]).toEqual([409, M.seatHeld('3排3号')]);
    expect(((await call('GET', groupPath(group.key))).body.data as TabletGroupAnswer).seats).toBe(9);

    const removed = await call('POST', groupPath(group.key, '/seats/remove'), {
      seatIds: [seatAt(now, 3, 1).id, seatAt(now, 3, 2).id],
      version: now.version,
    });
    expect(removed.status, removed.body.msg).toBe(200);
    const after = removed.body.data as TabletGroupAnswer;
    expect(after.seats).toBe(7);
    const publicMap = (await publicSeats(group)).body.data as {
      pwOrderDataMap: { seats: { POSITION: string }[] };
    };
    expect(publicMap.pwOrderDataMap.seats.map((s) => s.POSITION)).not.toContain('3_1');
    const gone = await t.form('/portal/rs/payapi/v1/pay/prePay', orderOf(group, '3_1', 2800, mobile), token);
    expect([gone.status, gone.body.msg]).toEqual([400, SEAT_MESSAGES.unknown]);
    // The held place's order is still paid for the place it holds.
    await payOrder(t, held);
    expect(seatAt((await call('GET', groupPath(group.key))).body.data as TabletGroupAnswer, 3, 3).state).toBe(
      'paid',
    );

    const all = await call('POST', groupPath(group.key, '/seats/remove'), {
      seatIds: after.seatList.filter((s) => s.state === 'free').map((s) => s.id),
      version: after.version,
    });
    expect(all.status).toBe(200);
    const last = all.body.data as TabletGroupAnswer;
    const keepOne = await call('POST', groupPath(group.key, '/seats/remove'), {
      seatIds: last.seatList.map((s) => s.id),
      version: last.version,
    });
    expect([keepOne.status, keepOne.body.msg]).toEqual([409, M.keepOne]);
    expect((await audits(`tablet_group:${group.key}`)).map((a) => a.action)).toEqual([
      'tablet.group.created',
      'tablet.seats.added',
      'tablet.seats.added',
      'tablet.seats.removed',
      'tablet.seats.removed',
    ]);
  });

  it('removes a place a closed order once named; that order’s page still reads, its place said removed', async () => {
    const group = await created({ name: '撤除区', rows: 1, cols: 2, priceYuan: 2800 });
    const mobile = nextPhone();
    const closed = await placeOrder(t, orderOf(group, '1_2', 2800, mobile), await t.login(mobile));
    await t.services.orders.staff(closed, { type: 'order.cancelled' });
    const now = (await call('GET', groupPath(group.key))).body.data as TabletGroupAnswer;
    const seat = now.seatList.find((s) => s.row === 1 && s.col === 2);
    const removed = await call('POST', groupPath(group.key, '/seats/remove'), {
      seatIds: [seat?.id],
      version: now.version,
    });
    expect(removed.status, removed.body.msg).toBe(200);
    const order = await call('GET', consoleApi.order.path.replace(':no', closed), undefined, clerk.cookie);
    expect(order.status, order.body.msg).toBe(200);
    expect((order.body.data as { places: string[] }).places).toEqual(['牌位·位置已撤除（已释放）']);
  });

  it('answers 409 to the slower of two saves from one version: exactly one lands, none is lost', async () => {
    const group = await created({ name: '并发区' });
    const results = await Promise.all([
      saveGroup(group, { name: '甲改' }),
      saveGroup(group, { name: '乙改' }),
      call('POST', groupPath(group.key, '/seats'), { add: 'row', version: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const loser of results.filter((r) => r.status === 409))
      expect(loser.body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
    const now = (await call('GET', groupPath(group.key))).body.data as TabletGroupAnswer;
    expect(now.version).toBe(2);

    const catalogue = (await call('GET', consoleApi.tablets.path)).body.data as TabletCatalogue;
    const type = catalogue.types.find((ty) => ty.pwType === '1');
    if (!type) throw new Error('no type 1');
    const text = { name: type.name, image: type.image, particulars: '甲的介绍' };
    const path = consoleApi.tabletTypeSave.path.replace(':id', '1');
    const texts = await Promise.all([
      call('PUT', path, { text, version: type.version }),
      call('PUT', path, { text: { ...text, particulars: '乙的介绍' }, version: type.version }),
    ]);
    expect(texts.map((r) => r.status).sort()).toEqual([200, 409]);
    const publicTypes = await t.call('GET', tabletApi.types.path);
    const winner = texts.find((r) => r.status === 200)?.body.data as { particulars: string };
    expect(
      (publicTypes.body.data as { ls: { PW_TYPE: string; PARTICULARS: string }[] }).ls.find(
        (ty) => ty.PW_TYPE === '1',
      )?.PARTICULARS,
    ).toBe(winner.particulars);
    expect(await audits('tablet_types:pw_type:1')).toMatchObject([
      {
        action: 'tablet.type.updated',
        before: { name: type.name, image: type.image, particulars: type.particulars },
        after: { ...text, particulars: winner.particulars },
      },
    ]);
  });

  it('edits a category’s name and description, seen by believers at once', async () => {
    const path = consoleApi.tabletCategorySave.path.replace(':id', '2');
    const catalogue = (await call('GET', consoleApi.tablets.path)).body.data as TabletCatalogue;
    const category = catalogue.categories.find((c) => c.fsType === '2');
    const res = await call('PUT', path, {
      text: { name: '往生莲位', image: '', particulars: '为亡故亲人供奉。' },
      version: category?.version,
    });
    expect(res.status, res.body.msg).toBe(200);
    const list = await t.call('GET', tabletApi.categories.path);
    expect(JSON.stringify(list.body.data)).toContain('为亡故亲人供奉。');
    const missing = await call('PUT', consoleApi.tabletCategorySave.path.replace(':id', '9'), {
      text: { name: '其他', image: '', particulars: '说明' },
      version: 1,
    });
    expect([missing.status, missing.body.msg]).toEqual([404, M.notFound]);
  });

  const refusals: [string, object, string][] = [
    ['no name', { name: ' ' }, M.nameEmpty],
    ['a long name', { name: '区'.repeat(11) }, M.nameTooLong],
    ['a control character', { name: '东\u0007' }, M.textInvalid],
    ['closed not a boolean', { closed: 'yes' }, M.closedInvalid],
    ['a price under 10 yuan', { priceYuan: 9 }, M.priceInvalid],
    ['a price in fen', { priceYuan: 18.5 }, M.priceInvalid],
    ['a huge price', { priceYuan: 1_000_001 }, M.priceInvalid],
    ['a price as text', { priceYuan: '1800' }, M.priceInvalid],
    ['an unknown type', { pwType: '3' }, M.typeInvalid],
    ['a fifth floor', { floor: 5 }, M.floorInvalid],
    ['no rows', { rows: 0 }, M.rowsInvalid],
    ['31 rows', { rows: 31 }, M.rowsInvalid],
    ['61 places a row', { cols: 61 }, M.colsInvalid],
  ];
  it.each(refusals)(
    'refuses a new group with %s in Chinese, and stores nothing',
    async (_, over, message) => {
      const before = await t.database.db.selectFrom('tablet_groups').select('pw_group').execute();
      const res = await call('POST', consoleApi.tabletGroupCreate.path, {
        ...newGroup({ name: '校验区' }),
        ...over,
      });
      expect([res.status, res.body.msg]).toEqual([400, message]);
      expect(await t.database.db.selectFrom('tablet_groups').select('pw_group').execute()).toHaveLength(
        before.length,
      );
    },
  );

  const textRefusals: [string, object, string][] = [
    ['no name', { name: '' }, M.nameEmpty],
    ['no description', { particulars: '  ' }, M.particularsEmpty],
    ['a long description', { particulars: '文'.repeat(501) }, M.particularsTooLong],
    ['an image from elsewhere', { image: 'https://example.com/a.jpg' }, CONTENT_IMAGE_MESSAGES.invalid],
  ];
  it.each(textRefusals)('refuses a type’s text with %s in Chinese', async (_, over, message) => {
    const text = { name: '大牌位', image: '', particulars: '介绍', ...over };
    const res = await call('PUT', consoleApi.tabletTypeSave.path.replace(':id', '2'), { text, version: 1 });
    expect([res.status, res.body.msg]).toEqual([400, message]);
  });

  it('refuses a name twice on a floor, a bad seat list, an unknown group, a believer and a clerk', async () => {
    const group = await created({ name: '重名区', floor: 3 });
    const twice = await call(
      'POST',
      consoleApi.tabletGroupCreate.path,
      newGroup({ name: '重名区', floor: 3 }),
    );
    expect([twice.status, twice.body.msg]).toEqual([409, M.nameTaken]);
    const rename = await saveGroup(group, { name: '北' });
    expect([rename.status, rename.body.msg]).toEqual([409, M.nameTaken]);
    const none = await call('POST', groupPath(group.key, '/seats/remove'), { seatIds: [], version: 1 });
    expect([none.status, none.body.msg]).toEqual([400, M.seatsEmpty]);
    const other = await call('POST', groupPath(group.key, '/seats/remove'), { seatIds: [1], version: 1 });
    expect([other.status, other.body.msg]).toEqual([409, M.seatGone]);
    const add = await call('POST', groupPath(group.key, '/seats'), { add: 'diagonal', version: 1 });
    expect([add.status, add.body.msg]).toEqual([400, M.addInvalid]);
    const missing = await call('GET', groupPath('2-4-99'));
    expect([missing.status, missing.body.msg]).toEqual([404, M.groupNotFound]);

    const token = await t.login(nextPhone());
    const believer = await t.app.request(consoleApi.tabletGroupCreate.path, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(newGroup()),
    });
    expect(believer.status).toBe(401);
    const res = await call(
      'POST',
      consoleApi.tabletGroupCreate.path,
      newGroup({ name: '客堂区' }),
      clerk.cookie,
    );
    expect([res.status, res.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
  });
});
