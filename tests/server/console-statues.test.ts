import { consoleApi } from '@contract/console';
import { CONTENT_IMAGE_MESSAGES } from '@contract/content-image';
import { SEAT_STATUS } from '@contract/seats';
import { STAFF_MESSAGES } from '@contract/staff';
import { type StatuePreview, type StatueSeats, statueApi } from '@contract/statue';
import {
  STATUE_CATALOGUE_MESSAGES as M,
  type NicheMap,
  type StatueLocationAnswer,
  type StatueLocationDraft,
} from '@contract/statue-catalogue';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { sampleStatueOrder } from '@tests/support/order-requests';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder, placeOrder } from '@tests/support/user-centre';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, statue enshrinement in the console: 内容 staff edit a location (texts, photograph,
 * statues, materials, groups' prices and closed flag) and a group's niches under version checks
 * (409, nothing lost); a price change never alters an order made; a statue or material is
 * withdrawn, never deleted, and refuses new orders; a niche an order names cannot be removed;
 * every field's refusal is the contract's Chinese message.
 */
describe.each(databaseKinds())('statue enshrinement in the console (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  let clerk: TestStaff;
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'editor');
    clerk = await signedInStaff(t, ['clerk'], 'clerk');
  });

  const path = (location: string) => consoleApi.statueLocation.path.replace(':location', location);
  const nichePath = (location: string, group: string, suffix = '') =>
    `${consoleApi.statueNiches.path.replace(':location', location).replace(':group', group)}${suffix}`;
  const read = async (location = '2') => {
    const res = await consoleCall(t, 'GET', path(location), { cookie: editor.cookie });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as StatueLocationAnswer;
  };
  /** The form as read, without the answer's counts. */
  const draftOf = (answer: StatueLocationAnswer): StatueLocationDraft => ({
    ...answer.draft,
    groups: answer.draft.groups.map(({ niches: _n, held: _h, ...g }) => g),
  });
  const save = (location: string, draft: unknown, version: number, cookie = editor.cookie) =>
    consoleCall(t, 'PUT', path(location), { cookie, body: { location: draft, version } });
  const niches = async (group = '2', location = '2') =>
    (await consoleCall(t, 'GET', nichePath(location, group), { cookie: editor.cookie })).body
      .data as NicheMap;
  const addNiches = (add: string, version: number, group = '2') =>
    consoleCall(t, 'POST', nichePath('2', group), { cookie: editor.cookie, body: { add, version } });
  const removeNiche = (nicheId: number, version: number, group = '2') =>
    consoleCall(t, 'POST', nichePath('2', group, '/remove'), {
      cookie: editor.cookie,
      body: { nicheId, version },
    });
  const statueOrder = (over: Record<string, unknown>) => sampleStatueOrder({ FX_GROUP: '1', ...over });

  it('lists the three locations and reads one with its statues, materials and groups', async () => {
    const list = await consoleCall(t, 'GET', consoleApi.statueLocations.path, { cookie: editor.cookie });
    expect(list.status).toBe(200);
    const rows = list.body.data as { location: string; groups: { niches: number }[] }[];
    expect(rows.map((r) => r.location)).toEqual(['1', '2', '3']);
    expect(rows[1]?.groups[0]?.niches).toBeGreaterThan(0);
    const answer = await read('2');
    expect(answer.draft.name).toBe('大殿外');
    expect(answer.draft.groups.map((g) => [g.fxGroup, g.ngPriceYuan, g.cgPriceYuan])).toEqual([
      ['1', 2000, 8800],
      ['2', 2000, 8800],
    ]);
  });

  it('a paid order keeps its amount after a price change; a new order pays the new price; the site shows it at once', async () => {
    const token = await t.login('13700252001');
    const paid = await placeOrder(
      t,
      statueOrder({ POSITION: '5_1', FX_ZB: '5_1', MOBILE: '13700252001' }),
      token,
    );
    await payOrder(t, paid);

    const before = await read('2');
    const draft = draftOf(before);
    draft.groups = draft.groups.map((g) => (g.fxGroup === '1' ? { ...g, ngPriceYuan: 2600 } : g));
    const res = await save('2', draft, before.version);
    expect(res.status, res.body.msg).toBe(200);

    const order = await t.database.db
      .selectFrom('orders')
      .select(['amount_fen', 'state'])
      .where('out_trade_no', '=', paid)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ amount_fen: 200_000, state: 1 });
    const preview = (await t.call('GET', `${statueApi.preview.path}?location=2`)) as {
      body: { data: StatuePreview };
    };
    expect(preview.body.data.fxGroupMap['1']?.NG_PRICE).toBe(2600);
    const stale = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      statueOrder({ POSITION: '5_2', FX_ZB: '5_2', MOBILE: '13700252001' }),
      token,
    );
    expect([stale.status, stale.body.msg]).toEqual([400, '供奉金额与价格不符，请刷新页面后重试']);
    const fresh = await placeOrder(
      t,
      statueOrder({ POSITION: '5_2', FX_ZB: '5_2', GFJ_TOTAL: 2600, MOBILE: '13700252001' }),
      token,
    );
    const amount = await t.database.db
      .selectFrom('orders')
      .select('amount_fen')
      .where('out_trade_no', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(amount.amount_fen).toBe(260_000);

    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after'])
      .where('subject', '=', 'statue-location:2')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('statue.location.updated');
    expect(JSON.stringify(audit.before)).toContain('2000');
    expect(JSON.stringify(audit.after)).toContain('2600');
  });

  it('withdraws a statue and a material: gone from the site, new orders refused, orders made kept; never deleted', async () => {
    const token = await t.login('13700252002');
    const held = await placeOrder(
      t,
      statueOrder({ POSITION: '6_1', FX_ZB: '6_1', GFJ_TOTAL: 8800, GF_TYPE: '1', MOBILE: '13700252002' }),
      token,
    );
    const before = await read('2');
    expect(before.statueOrders['4']).toBeGreaterThan(0);
    const dropped = draftOf(before);
    dropped.statues = dropped.statues.filter((s) => s.id !== 4);
    const refused = await save('2', dropped, before.version);
    expect([refused.status, refused.body.msg]).toEqual([400, M.rowRemoved]);

    const draft = draftOf(before);
    draft.statues = [
      ...draft.statues.map((s) => (s.id === 4 ? { ...s, withdrawn: true } : s)),
      { id: null, name: '大势至菩萨', enName: 'Mahasthamaprapta', withdrawn: false },
    ];
    draft.materials = draft.materials.map((m) =>
      m.id === 3 ? { ...m, name: '铜鎏真金', withdrawn: true } : m,
    );
    const res = await save('2', draft, before.version);
    expect(res.status, res.body.msg).toBe(200);
    const after = res.body.data as StatueLocationAnswer;
    expect(after.draft.statues.at(-1)).toMatchObject({ name: '大势至菩萨', withdrawn: false });

    const statues = await t.call('GET', `${statueApi.statues.path}?location=2`);
    const names = (statues.body.data as { ID: number; NAME: string }[]).map((s) => s.NAME);
    expect(names).not.toContain('观世音菩萨');
    expect(names).toContain('大势至菩萨');
    const preview = (await t.call('GET', `${statueApi.preview.path}?location=2`)) as {
      body: { data: StatuePreview };
    };
    expect(preview.body.data.fxMaterialList.map((m: { ID: number }) => m.ID)).not.toContain(3);

    const other = await t.login('13700252003');
    const late = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      statueOrder({ POSITION: '6_2', FX_ZB: '6_2', GFJ_TOTAL: 8800, GF_TYPE: '1', MOBILE: '13700252003' }),
      other,
    );
    expect([late.status, late.body.msg]).toEqual([400, M.statueWithdrawn]);
    const otherStatue = (statues.body.data as { ID: number }[])[0]?.ID;
    const lateMaterial = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      statueOrder({
        STATUE: otherStatue,
        POSITION: '6_2',
        FX_ZB: '6_2',
        GFJ_TOTAL: 8800,
        GF_TYPE: '1',
        MOBILE: '13700252003',
      }),
      other,
    );
    expect([lateMaterial.status, lateMaterial.body.msg]).toEqual([400, M.materialWithdrawn]);
    // The order made keeps its niche and can still be paid.
    await payOrder(t, held);

    // Restored: orders are taken again.
    const restore = draftOf(after);
    restore.statues = restore.statues.map((s) => ({ ...s, withdrawn: false }));
    restore.materials = restore.materials.map((m) => ({ ...m, withdrawn: false }));
    expect((await save('2', restore, after.version)).status).toBe(200);
  });

  it('answers 409 to the slower of two saves from one version: exactly one lands, none is lost', async () => {
    const answer = await read('3');
    const first = { ...draftOf(answer), particulars: '甲的修改：六合居环境幽静。' };
    const second = { ...draftOf(answer), particulars: '乙的修改：六合居适宜长期供奉。' };
    const results = await Promise.all([save('3', first, answer.version), save('3', second, answer.version)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
    const winner = results.find((r) => r.status === 200)?.body.data as StatueLocationAnswer;
    const now = await read('3');
    expect(now.version).toBe(answer.version + 1);
    expect(now.draft.particulars).toBe(winner.draft.particulars);
    expect((await save('3', second, now.version)).status).toBe(200);
  });

  it('adds a row and a column of free niches; two adds from one version: one 200, one 409', async () => {
    const map = await niches('2');
    const results = await Promise.all([addNiches('row', map.version), addNiches('column', map.version)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const grown = results.find((r) => r.status === 200)?.body.data as NicheMap;
    const wasRow = grown.rows === map.rows + 1;
    expect(wasRow ? grown.cols : grown.cols - 1).toBe(map.cols);
    expect(grown.niches.length).toBe(map.niches.length + (wasRow ? map.cols : map.rows));
    const added = grown.niches.filter((n) => (wasRow ? n.row === grown.rows : n.col === grown.cols));
    expect(added.every((n) => n.state === 'free' && !n.ordered)).toBe(true);
    // The public map shows the new niches at once.
    const seats = (await t.call('GET', `${statueApi.seats.path}?location=2&material=3&fxGroup=2`)) as {
      body: { data: StatueSeats };
    };
    expect(seats.body.data.fxOrderDataMap.seats).toHaveLength(grown.niches.length);
    expect(
      seats.body.data.fxOrderDataMap.seats.filter(
        (s: { ROW: number; COL: number; PW_STATUS: number }) =>
          (wasRow ? s.ROW === grown.rows : s.COL === grown.cols) && s.PW_STATUS === SEAT_STATUS.free,
      ),
    ).toHaveLength(added.length);
  });

  it('removes a niche nobody ever ordered; refuses one an order holds or named, and a stale version', async () => {
    const token = await t.login('13700252004');
    const held = await placeOrder(
      t,
      statueOrder({ FX_GROUP: '2', POSITION: '1_3', FX_ZB: '1_3', GFJ_TOTAL: 2000, MOBILE: '13700252004' }),
      token,
    );
    let map = await niches('2');
    const heldNiche = map.niches.find((n) => n.row === 1 && n.col === 3);
    expect(heldNiche).toMatchObject({ state: 'held', ordered: true });
    const refused = await removeNiche(heldNiche?.id ?? 0, map.version);
    expect([refused.status, refused.body.msg]).toEqual([409, M.nicheHeld]);

    // Cancelled, the niche is free again but its order's record names it: it stays.
    await t.database.db.updateTable('orders').set({ state: 5 }).where('out_trade_no', '=', held).execute();
    await t.database.db
      .deleteFrom('seat_holders')
      .where('seat_kind', '=', 'statue')
      .where('seat_id', '=', heldNiche?.id ?? 0)
      .execute();
    map = await niches('2');
    const named = await removeNiche(heldNiche?.id ?? 0, map.version);
    expect([named.status, named.body.msg]).toEqual([409, M.nicheOrdered]);

    const free = map.niches.find((n) => n.row === 2 && n.col === 4);
    const stale = await removeNiche(free?.id ?? 0, map.version - 1);
    expect([stale.status, stale.body.msg]).toEqual([409, VERSIONED_ITEM_MESSAGES.stale]);
    const res = await removeNiche(free?.id ?? 0, map.version);
    expect(res.status, res.body.msg).toBe(200);
    const after = res.body.data as NicheMap;
    expect(after.niches.some((n) => n.id === free?.id)).toBe(false);
    expect(after.niches).toHaveLength(map.niches.length - 1);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'before'])
      .where('subject', '=', 'statue-group:2-2')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('statue.niche.removed');
    expect(JSON.stringify(audit.before)).toContain('2_4');
    // An order for the removed niche is refused.
    const late = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      statueOrder({ FX_GROUP: '2', POSITION: '2_4', FX_ZB: '2_4', GFJ_TOTAL: 2000, MOBILE: '13700252004' }),
      token,
    );
    expect(late.status).toBe(400);
  });

  const base = async () => draftOf(await read('1'));
  const refusals: [string, (d: StatueLocationDraft) => unknown, string][] = [
    ['no name', (d) => ({ ...d, name: ' ' }), M.nameEmpty],
    ['a long name', (d) => ({ ...d, name: '殿'.repeat(21) }), M.nameTooLong],
    ['a control character', (d) => ({ ...d, name: '大殿\u0007' }), M.textInvalid],
    ['a Chinese English name', (d) => ({ ...d, enName: '大殿' }), M.enNameInvalid],
    ['a long English name', (d) => ({ ...d, enName: 'A'.repeat(61) }), M.enNameTooLong],
    ['no description', (d) => ({ ...d, particulars: '' }), M.particularsEmpty],
    ['a long description', (d) => ({ ...d, particulars: '文'.repeat(1001) }), M.particularsTooLong],
    [
      'an image from elsewhere',
      (d) => ({ ...d, image: 'https://example.com/a.jpg' }),
      CONTENT_IMAGE_MESSAGES.invalid,
    ],
    ['no statue', (d) => ({ ...d, statues: [] }), M.statuesEmpty],
    ['an empty statue name', (d) => ({ ...d, statues: [{ ...d.statues[0], name: '' }] }), M.statueNameEmpty],
    [
      'a long statue name',
      (d) => ({ ...d, statues: [{ ...d.statues[0], name: '佛'.repeat(21) }] }),
      M.statueNameTooLong,
    ],
    [
      'a statue twice',
      (d) => ({ ...d, statues: [...d.statues, { ...d.statues[0], id: null }] }),
      M.statueTwice,
    ],
    [
      'withdrawn not a boolean',
      (d) => ({ ...d, statues: [{ ...d.statues[0], withdrawn: 'yes' }] }),
      M.flagInvalid,
    ],
    [
      'a statue of another location',
      (d) => ({
        ...d,
        statues: [...d.statues, { id: 999_999, name: '新佛像', enName: '', withdrawn: false }],
      }),
      M.idInvalid,
    ],
    ['a statue dropped', (d) => ({ ...d, statues: d.statues.slice(1) }), M.rowRemoved],
    ['no material', (d) => ({ ...d, materials: [] }), M.materialsEmpty],
    [
      'a long material name',
      (d) => ({ ...d, materials: [{ ...d.materials[0], name: '材'.repeat(11) }] }),
      M.materialNameTooLong,
    ],
    [
      'a material twice',
      (d) => ({ ...d, materials: [...d.materials, { ...d.materials[0], id: null }] }),
      M.materialTwice,
    ],
    [
      'an empty group name',
      (d) => ({ ...d, groups: d.groups.map((g, i) => (i ? g : { ...g, name: '' })) }),
      M.groupNameEmpty,
    ],
    [
      'a group name twice',
      (d) => ({ ...d, groups: d.groups.map((g) => ({ ...g, name: '东区' })) }),
      M.groupTwice,
    ],
    [
      'a yearly price of 0',
      (d) => ({ ...d, groups: d.groups.map((g) => ({ ...g, ngPriceYuan: 0 })) }),
      M.ngPriceInvalid,
    ],
    [
      'a permanent price in fen',
      (d) => ({ ...d, groups: d.groups.map((g) => ({ ...g, cgPriceYuan: 12.5 })) }),
      M.cgPriceInvalid,
    ],
    [
      'a price as text',
      (d) => ({ ...d, groups: d.groups.map((g) => ({ ...g, cgPriceYuan: '100' })) }),
      M.cgPriceInvalid,
    ],
    [
      'an unknown group',
      (d) => ({ ...d, groups: d.groups.map((g, i) => (i ? g : { ...g, fxGroup: '99' })) }),
      M.groupsInvalid,
    ],
    ['a group dropped', (d) => ({ ...d, groups: d.groups.slice(1) }), M.groupsInvalid],
    [
      'closed not a boolean',
      (d) => ({ ...d, groups: d.groups.map((g) => ({ ...g, closed: 1 })) }),
      M.flagInvalid,
    ],
  ];
  it.each(refusals)('refuses %s with its Chinese message, and stores nothing', async (_, change, message) => {
    const answer = await read('1');
    const res = await save('1', change(await base()), answer.version);
    expect([res.status, res.body.msg]).toEqual([400, message]);
    expect((await read('1')).version).toBe(answer.version);
  });

  it('refuses a bad niche change, a taken name, a believer, a clerk, and unknown places', async () => {
    const map = await niches('1', '2');
    const bad = await addNiches('diagonal', map.version, '1');
    expect([bad.status, bad.body.msg]).toEqual([400, M.addInvalid]);
    const answer = await read('2');
    const taken = await save('2', { ...draftOf(answer), name: '六合居' }, answer.version);
    expect([taken.status, taken.body.msg]).toEqual([409, M.nameTaken]);

    const token = await t.login('13700252009');
    const believer = await t.app.request(path('2'), {
      method: 'PUT',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ location: draftOf(answer), version: answer.version }),
    });
    expect(believer.status).toBe(401);
    const wrong = await save('2', draftOf(answer), answer.version, clerk.cookie);
    expect([wrong.status, wrong.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    const missing = await consoleCall(t, 'GET', path('4'), { cookie: editor.cookie });
    expect([missing.status, missing.body.msg]).toEqual([400, M.notFound]);
    const noGroup = await consoleCall(t, 'GET', nichePath('2', 'zz'), { cookie: editor.cookie });
    expect([noGroup.status, noGroup.body.msg]).toEqual([404, M.groupNotFound]);
  });
});
