import { ASSEMBLY_MESSAGES, ASSEMBLY_RULES } from '@contract/assembly';
import { CEREMONY_MESSAGES, CEREMONY_RULES } from '@contract/ceremony';
import { prePayAnswer } from '@contract/payment';
import { SEAT_MESSAGES, SEAT_RULES } from '@contract/seats';
import { statueApi } from '@contract/statue';
import { orderKinds } from '@server/services/order-kind-list';
import { orderExamples } from '@tests/support/fuzz-payloads';
import { sampleStatueOrder, sampleTabletOrder } from '@tests/support/order-requests';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PREPAY = statueApi.order.path;

/** The kinds with places whose unpaid holds are capped per believer, and the cap's refusal. */
const CAPPED: Record<number, string> = {
  1: ASSEMBLY_MESSAGES.holdCap,
  2: CEREMONY_MESSAGES.holdCap,
  3: SEAT_MESSAGES.holdCap,
  7: SEAT_MESSAGES.holdCap,
};
/** Each capped kind's cap. */
const CAP: Record<number, number> = {
  1: ASSEMBLY_RULES.maxUnpaidHolds,
  2: CEREMONY_RULES.maxUnpaidHolds,
  3: SEAT_RULES.maxUnpaidHolds,
  7: SEAT_RULES.maxUnpaidHolds,
};

/**
 * The per-believer cap on unpaid holds (issue 13): each kind with places refuses a believer's
 * order past it, a hold that ran out or was paid no longer counts, and another believer is not
 * affected. Statues and tablets share one cap (SEAT_RULES.maxUnpaidHolds); assemblies and
 * ceremonies have one each.
 */
describe.each(databaseKinds())('hold caps per believer on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens: string[] = [];
  let ids = { material: 0, statue: 0 };
  let examples: Awaited<ReturnType<typeof orderExamples>>;
  beforeAll(async () => {
    for (let i = 0; i < 8; i += 1) tokens.push(await t.login(`1370007100${i}`));
    examples = await orderExamples(t, await t.login('13700071010'), '13700071010');
    const preview = await t.call('GET', `${statueApi.preview.path}?location=2`);
    const statues = await t.call('GET', `${statueApi.statues.path}?location=2`);
    ids = {
      material: (preview.body.data as { fxMaterialList: { ID: number }[] }).fxMaterialList[0]?.ID ?? 0,
      statue: (statues.body.data as { ID: number }[])[0]?.ID ?? 0,
    };
  }, 60_000);

  const statue = (position: string) =>
    sampleStatueOrder({ MATERIAL: ids.material, STATUE: ids.statue, POSITION: position });
  const tablet = (position: string) => sampleTabletOrder({ POSITION: position });
  /** The `i`-th order of a kind: its own seat (row by kind), its own day, or the same assembly type. */
  const samples: Record<number, (i: number) => unknown> = {
    1: () => examples.assembly(0),
    2: (i) => examples.ceremony(i),
    3: (i) => tablet(`7_${i}`),
    7: (i) => statue(`3_${i}`),
  };

  it('caps every kind with places', () => {
    const withPlaces = orderKinds.filter((k) => k.places).map((k) => k.type);
    expect(withPlaces.sort()).toEqual(Object.keys(CAPPED).map(Number).sort());
  });

  it.each(Object.keys(samples).map(Number))(
    'kind %i refuses a believer past the cap, until a hold runs out or is paid',
    async (type) => {
      const order = samples[type] ?? ((i: number) => tablet(`7_${i}`));
      const cap = CAP[type] ?? 0;
      const at = Object.keys(samples).indexOf(String(type));
      const [me = '', other = ''] = tokens.slice(2 * at, 2 * at + 2);
      const placed: string[] = [];
      for (let i = 1; i <= cap; i += 1) {
        const res = await t.form(PREPAY, order(i), me);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        placed.push(v.parse(prePayAnswer, res.body).data.out_trade_no);
      }
      const over = await t.form(PREPAY, order(10), me);
      expect([over.status, over.body.msg]).toEqual([409, CAPPED[type]]);
      // Refused before the place is taken: another believer gets that place.
      expect((await t.form(PREPAY, order(10), other)).status).toBe(200);

      // A paid order is no longer an unpaid hold.
      await payOrder(t, placed[0] ?? '');
      expect((await t.form(PREPAY, order(11), me)).status).toBe(200);
      expect((await t.form(PREPAY, order(12), me)).status).toBe(409);
      // Holds that ran out no longer count.
      t.clock.advance(16 * 60);
      expect((await t.form(PREPAY, order(12), me)).status).toBe(200);
    },
    60_000,
  );

  it('counts statues and tablets together', async () => {
    t.clock.advance(16 * 60);
    const me = tokens[0] ?? '';
    expect((await t.form(PREPAY, tablet('8_1'), me)).status).toBe(200);
    expect((await t.form(PREPAY, statue('4_1'), me)).status).toBe(200);
    expect((await t.form(PREPAY, tablet('8_2'), me)).status).toBe(200);
    const over = await t.form(PREPAY, statue('4_2'), me);
    expect([over.status, over.body.msg]).toEqual([409, SEAT_MESSAGES.holdCap]);
  });
});
