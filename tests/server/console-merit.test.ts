import { consoleApi } from '@contract/console';
import { CONTENT_IMAGE_MESSAGES } from '@contract/content-image';
import {
  buildMeritOrder,
  MERIT_MESSAGES,
  type MeritItem,
  type MeritSelection,
  meritApi,
} from '@contract/merit';
import {
  MERIT_CATALOGUE_MESSAGES as M,
  type MeritAnswer,
  type MeritDraft,
  type MeritRow,
} from '@contract/merit-catalogue';
import { STAFF_MESSAGES } from '@contract/staff';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder, placeOrder } from '@tests/support/user-centre';
import { beforeAll, describe, expect, it } from 'vitest';

const selection = (over: Partial<MeritSelection> = {}): MeritSelection => ({
  quantity: 1,
  amount: null,
  choice: null,
  donor: '陈居士',
  wish: '',
  ...over,
});

/**
 * Issue 25, the merit items of the catalogue: 内容 staff create a draft of any price model,
 * publish it for believers, change it under a version check (409, nothing lost), withdraw it (new
 * orders refused in Chinese, orders made kept); a price change never alters an order made; a
 * choice that live orders hold cannot be deleted, only stopped; every field's refusal is the
 * contract's Chinese message; the site's order of the items is saved against the order read.
 */
describe.each(databaseKinds())('the merit items in the console (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  let clerk: TestStaff;
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'editor');
    clerk = await signedInStaff(t, ['clerk'], 'clerk');
  });

  const draft = (over: Partial<MeritDraft> = {}): MeritDraft => ({
    name: '药师佛前供灯',
    image: '',
    particulars: '于药师殿供灯一盏，祈愿身心安康。',
    priceModel: '1',
    unitPriceYuan: 100,
    amountsYuan: [],
    choices: [],
    ...over,
  });
  const flowers = (over: Partial<MeritDraft> = {}) =>
    draft({
      name: '供花',
      priceModel: '3',
      unitPriceYuan: null,
      choices: [
        { item: '', name: '莲花', priceYuan: 200, withdrawn: false },
        { item: '', name: '百合', priceYuan: 100, withdrawn: false },
      ],
      ...over,
    });
  const path = (id: number, suffix = '') =>
    `${consoleApi.meritItem.path.replace(':id', String(id))}${suffix}`;
  const create = (body: unknown, cookie = editor.cookie) =>
    consoleCall(t, 'POST', consoleApi.meritItemCreate.path, { cookie, body });
  const save = (id: number, item: unknown, version: number) =>
    consoleCall(t, 'PUT', path(id), { cookie: editor.cookie, body: { item, version } });
  const publish = (id: number, published: boolean, version: number) =>
    consoleCall(t, 'POST', path(id, '/publish'), { cookie: editor.cookie, body: { published, version } });
  const created = async (body: MeritDraft) => {
    const res = await create(body);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as MeritAnswer;
  };
  const published = async (body: MeritDraft) => {
    const answer = await created(body);
    const res = await publish(answer.id, true, answer.version);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as MeritAnswer;
  };
  const publicList = async () =>
    (await t.call('GET', `${meritApi.list.path}?channel=1`)).body.data as MeritItem[];
  const publicDetail = (id: number) => t.call('GET', `${meritApi.detail.path}?id=${id}`);
  const wire = async (id: number) => (await publicDetail(id)).body.data as MeritItem;
  const amountOf = (outTradeNo: string) =>
    t.database.db
      .selectFrom('orders')
      .select(['amount_fen', 'state'])
      .where('out_trade_no', '=', outTradeNo)
      .executeTakeFirstOrThrow();

  it('creates a draft believers do not see, publishes it, and audits both', async () => {
    const answer = await created(draft({ name: '草稿供灯' }));
    expect(answer).toMatchObject({ published: false, version: 1, liveOrders: 0 });
    expect((await publicList()).map((item) => item.GD_NAME)).not.toContain('草稿供灯');
    expect((await publicDetail(answer.id)).body.msg).toBe(MERIT_MESSAGES.unknownItem);

    const shown = (await publish(answer.id, true, 1)).body.data as MeritAnswer;
    // 发布 checks the content's version but does not move it: the form beside it saves on.
    expect(shown).toMatchObject({ published: true, version: 1 });
    const item = (await publicList()).find((i) => i.ID === answer.id);
    expect(item).toMatchObject({ GD_NAME: '草稿供灯', PRICE_MODEL: '1', GD_PRICE: 100 });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'username', 'before', 'after'])
      .where('subject', '=', `merit:${answer.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['merit.created', 'merit.published']);
    expect(audit[0]).toMatchObject({ username: editor.username, before: null });
    expect(audit[1]?.after).toEqual({ published: true });
  });

  it('keeps the amount of a paid order when the price changes; a new order pays the new price', async () => {
    const answer = await published(draft({ name: '改价供灯' }));
    const phone = '13700261001';
    const token = await t.login(phone);
    const before = await wire(answer.id);
    const paid = await placeOrder(t, buildMeritOrder(before, selection({ quantity: 2 }), phone), token);
    await payOrder(t, paid);

    const res = await save(answer.id, draft({ name: '改价供灯', unitPriceYuan: 150 }), answer.version);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ version: answer.version + 1, liveOrders: 1 });
    expect(await amountOf(paid)).toEqual({ amount_fen: 20_000, state: 1 });

    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('subject', '=', `merit:${answer.id}`)
      .where('action', '=', 'merit.updated')
      .executeTakeFirstOrThrow();
    expect([audit.before, audit.after]).toMatchObject([{ unitPriceYuan: 100 }, { unitPriceYuan: 150 }]);

    // The page read before the change is refused; the new price is taken.
    const stale = await t.form(
      meritApi.order.path,
      buildMeritOrder(before, selection({ quantity: 3 }), phone),
      token,
    );
    expect([stale.status, stale.body.msg]).toEqual([400, MERIT_MESSAGES.totalMismatch]);
    const fresh = await placeOrder(
      t,
      buildMeritOrder(await wire(answer.id), selection({ quantity: 3 }), phone),
      token,
    );
    expect((await amountOf(fresh)).amount_fen).toBe(45_000);
  });

  it('answers 409 to the slower of two saves from one version: exactly one lands, none is lost', async () => {
    const answer = await created(draft({ name: '并发供灯' }));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        save(answer.id, draft({ name: '并发供灯', particulars: `第${n}位的修改` }), answer.version),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.msg)).toEqual(
      Array(9).fill(VERSIONED_ITEM_MESSAGES.stale),
    );
    const winner = results.find((r) => r.status === 200)?.body.data as MeritAnswer;
    const now = (await consoleCall(t, 'GET', path(answer.id), { cookie: editor.cookie })).body
      .data as MeritAnswer;
    expect(now).toMatchObject({ version: 2, item: { particulars: winner.item.particulars } });
    // A loser reads again and saves: its change lands after the winner's.
    const again = await save(
      answer.id,
      draft({ name: '并发供灯', particulars: '重读后的修改' }),
      now.version,
    );
    expect(again.status).toBe(200);
    expect((await publish(answer.id, true, 1)).body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
  });

  it('keeps a choice live orders hold: deleting it is refused, stopping it refuses new orders', async () => {
    const answer = await published(flowers({ name: '供花留名' }));
    const [lotus, lily] = answer.item.choices;
    expect([lotus?.item, lily?.item]).toEqual(['C01', 'C02']);
    const phone = '13700261002';
    const token = await t.login(phone);
    const item = await wire(answer.id);
    expect(item.GDM.map((c) => [c.MERIT_ITEM, c.CNNAME, c.EXTINT1])).toEqual([
      ['C01', '莲花', 200],
      ['C02', '百合', 100],
    ]);
    const held = await placeOrder(t, buildMeritOrder(item, selection({ choice: 'C01' }), phone), token);

    const edited = (choices: MeritDraft['choices']) => flowers({ name: '供花留名', choices });
    const kept = { ...(lily as MeritDraft['choices'][number]) };
    const refused = await save(answer.id, edited([kept]), answer.version);
    expect([refused.status, refused.body.msg]).toEqual([409, M.choiceInUse('莲花')]);
    const otherModel = await save(answer.id, draft({ name: '供花留名' }), answer.version);
    expect([otherModel.status, otherModel.body.msg]).toEqual([409, M.choiceInUse('莲花')]);

    const stopped = { item: 'C01', name: '莲花', priceYuan: 200, withdrawn: true };
    const res = await save(
      answer.id,
      edited([stopped, kept, { item: '', name: '菊花', priceYuan: 50, withdrawn: false }]),
      answer.version,
    );
    expect(res.status, res.body.msg).toBe(200);
    const saved = res.body.data as MeritAnswer;
    expect(saved.item.choices.map((c) => [c.item, c.withdrawn, c.liveOrders])).toEqual([
      ['C01', true, 1],
      ['C02', false, 0],
      ['C03', false, 0],
    ]);
    expect((await wire(answer.id)).GDM.map((c) => c.CNNAME)).toEqual(['百合', '菊花']);
    const other = await t.login('13700261003');
    const late = await t.form(
      meritApi.order.path,
      buildMeritOrder(item, selection({ choice: 'C01' }), '13700261003'),
      other,
    );
    expect([late.status, late.body.msg]).toEqual([400, M.choiceWithdrawn]);
    // A choice no order holds is deleted.
    const fewer = await save(answer.id, edited([stopped, kept]), saved.version);
    expect(fewer.status, fewer.body.msg).toBe(200);
    // The order made keeps its place and is still paid.
    await payOrder(t, held);
    expect(await amountOf(held)).toEqual({ amount_fen: 20_000, state: 1 });
  });

  it('withdraws an item: not offered, new orders refused in Chinese, orders made kept', async () => {
    const answer = await published(draft({ name: '撤下供灯' }));
    const phone = '13700261004';
    const token = await t.login(phone);
    const item = await wire(answer.id);
    const paid = await placeOrder(t, buildMeritOrder(item, selection(), phone), token);
    await payOrder(t, paid);
    const res = await publish(answer.id, false, answer.version);
    expect([res.status, (res.body.data as MeritAnswer).published]).toEqual([200, false]);
    expect((await publicList()).map((i) => i.ID)).not.toContain(answer.id);
    expect((await publicDetail(answer.id)).status).toBe(404);
    const late = await t.form(
      meritApi.order.path,
      buildMeritOrder(item, selection({ quantity: 2 }), phone),
      token,
    );
    expect([late.status, late.body.msg]).toEqual([400, M.withdrawn]);
    expect(await amountOf(paid)).toEqual({ amount_fen: 10_000, state: 1 });
    const rows = (await consoleCall(t, 'GET', consoleApi.meritItems.path, { cookie: editor.cookie })).body
      .data as MeritRow[];
    expect(rows.find((row) => row.id === answer.id)).toMatchObject({
      published: false,
      liveOrders: 1,
      priceLabel: '每份 ¥100',
    });
  });

  it('orders the items on the site as saved, against the order read', async () => {
    const list = async () =>
      (await consoleCall(t, 'GET', consoleApi.meritItems.path, { cookie: editor.cookie })).body
        .data as MeritRow[];
    const from = (await list()).map((row) => row.id);
    const to = [...from].reverse();
    const order = (body: unknown) =>
      consoleCall(t, 'PUT', consoleApi.meritItemsOrder.path, { cookie: editor.cookie, body });
    const res = await order({ from, to });
    expect(res.status, res.body.msg).toBe(200);
    expect((res.body.data as MeritRow[]).map((row) => row.id)).toEqual(to);
    const shown = (await list()).filter((row) => row.published).map((row) => row.id);
    expect((await publicList()).map((item) => item.ID)).toEqual(shown);
    expect((await order({ from, to: from })).body.msg).toBe(M.orderStale);
    expect((await order({ from: to, to: to.slice(1) })).body).toMatchObject({ msg: M.orderInvalid });
  });

  const refusals: [string, unknown, string][] = [
    ['no name', { name: '  ' }, M.nameEmpty],
    ['a long name', { name: '灯'.repeat(21) }, M.nameTooLong],
    ['a control character', { name: '供灯\u0007' }, M.textInvalid],
    ['no description', { particulars: '' }, M.particularsEmpty],
    ['a long description', { particulars: '文'.repeat(1001) }, M.particularsTooLong],
    ['an unknown price model', { priceModel: '4' }, M.modelInvalid],
    ['a unit price of nothing', { unitPriceYuan: 0 }, M.unitPriceInvalid],
    ['a unit price in fen', { unitPriceYuan: 0.5 }, M.unitPriceInvalid],
    ['a unit price over the online limit', { unitPriceYuan: 10_001 }, M.unitPriceInvalid],
    ['no unit price', { unitPriceYuan: null }, M.unitPriceInvalid],
    ['amounts for a unit price', { amountsYuan: [50] }, M.modelInvalid],
    ['no amount', { priceModel: '2', unitPriceYuan: null, amountsYuan: [] }, M.amountsEmpty],
    ['an amount under 10 yuan', { priceModel: '2', unitPriceYuan: null, amountsYuan: [5] }, M.amountInvalid],
    ['an amount twice', { priceModel: '2', unitPriceYuan: null, amountsYuan: [50, 50] }, M.amountTwice],
    [
      'nine amounts',
      { priceModel: '2', unitPriceYuan: null, amountsYuan: [10, 20, 30, 40, 50, 60, 70, 80, 90] },
      M.amountsTooMany,
    ],
    ['no choice', { priceModel: '3', unitPriceYuan: null, choices: [] }, M.choicesEmpty],
    [
      'a nameless choice',
      { ...flowers(), choices: [{ item: '', name: ' ', priceYuan: 10, withdrawn: false }] },
      M.choiceNameEmpty,
    ],
    [
      'a long choice name',
      { ...flowers(), choices: [{ item: '', name: '花'.repeat(11), priceYuan: 10, withdrawn: false }] },
      M.choiceNameTooLong,
    ],
    [
      'a choice for nothing',
      { ...flowers(), choices: [{ item: '', name: '莲花', priceYuan: 0, withdrawn: false }] },
      M.choicePriceInvalid,
    ],
    [
      'a choice named twice',
      {
        ...flowers(),
        choices: [
          { item: '', name: '莲花', priceYuan: 10, withdrawn: false },
          { item: '', name: '莲花', priceYuan: 20, withdrawn: false },
        ],
      },
      M.choiceNameTwice,
    ],
    [
      'a made-up choice code',
      { ...flowers(), choices: [{ item: '<b>', name: '莲花', priceYuan: 10, withdrawn: false }] },
      M.choiceCodeInvalid,
    ],
    [
      'every choice stopped',
      { ...flowers(), choices: [{ item: '', name: '莲花', priceYuan: 10, withdrawn: true }] },
      M.allChoicesStopped,
    ],
    [
      'stopped not a boolean',
      { ...flowers(), choices: [{ item: '', name: '莲花', priceYuan: 10, withdrawn: 'no' }] },
      M.flagInvalid,
    ],
    ['choices for a unit price', { choices: flowers().choices }, M.modelInvalid],
    ['an image from elsewhere', { image: 'https://example.com/a.jpg' }, CONTENT_IMAGE_MESSAGES.invalid],
  ];
  it.each(refusals)('refuses %s with its Chinese message, and stores nothing', async (_, over, message) => {
    const before = await t.database.db.selectFrom('merit_items').select('id').execute();
    const res = await create({ ...draft({ name: '校验供灯' }), ...(over as object) });
    expect([res.status, res.body.msg]).toEqual([400, message]);
    expect(await t.database.db.selectFrom('merit_items').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a save of a bad version and a second item of one name', async () => {
    const answer = await created(draft({ name: '同名供灯' }));
    expect((await create(draft({ name: '同名供灯' }))).body).toMatchObject({ status: 409, msg: M.nameTaken });
    expect((await save(answer.id, draft({ name: '同名供灯' }), 0)).body.msg).toBe(M.versionInvalid);
  });

  it('refuses a believer, a clerk, and a missing item', async () => {
    const token = await t.login('13700261009');
    const believer = await t.app.request(consoleApi.meritItemCreate.path, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(draft()),
    });
    expect(believer.status).toBe(401);
    const res = await create(draft({ name: '客堂供灯' }), clerk.cookie);
    expect([res.status, res.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    const missing = await consoleCall(t, 'GET', path(999_999), { cookie: editor.cookie });
    expect([missing.status, missing.body.msg]).toEqual([404, M.notFound]);
  });
});
