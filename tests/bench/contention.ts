import { addDaysYmd, ceremonyApi } from '@contract/ceremony';
import { statueApi } from '@contract/statue';
import { templeToday } from '@contract/temple-day';
import * as v from 'valibot';
import { sampleCeremonyOrder, sampleStatueOrder } from '../support/order-requests';
import { createBenchDatabase } from './databases';
import { type Believer, believerAddress, PREPAY, portalForm, prepareDatabase } from './fixtures';
import { type ServerProcess, startTempleServer } from './server-process';
import { ms, type Row } from './table';

const BUYERS = 200;
const SLOT = '13:30-15:00';

const get = async <S extends v.GenericSchema>(origin: string, path: string, schema: S) => {
  const res = await fetch(`${origin}${path}`);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return v.parse(schema, await res.json());
};

/** A niche at 大殿外 (location 2), seat 3_3, 年供 of group 1, as the statue page orders it. */
const statueOrder = (ids: { material: number; statue: number }) =>
  sampleStatueOrder({
    MATERIAL: ids.material,
    STATUE: ids.statue,
    POSITION: '3_3',
    FULL_NAME: '大殿外东廊3排3号',
    FX_ZB: '3_3',
  });

/** A 往生 ceremony, one session of the 13:30 slot (3 sessions a day), as the ceremony page books it. */
const ceremonyBooking = (day: string) =>
  sampleCeremonyOrder({ FS_DATE: day, FS_TIME: SLOT, JF_DATE: `${day} 10:00:00` });

const percentile99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;

/** Every buyer sends `order` at once, alternating between the two servers; statuses and latencies. */
const race = async (servers: ServerProcess[], buyers: Believer[], order: unknown) => {
  await Promise.all(
    Array.from({ length: 20 }, async (_, i) =>
      (await fetch(`${servers[i % 2]?.origin}${ceremonyApi.fsList.path}`)).arrayBuffer(),
    ),
  );
  return Promise.all(
    buyers.map(async (b, i) => {
      const started = performance.now();
      const res = await fetch(
        `${servers[i % 2]?.origin}${PREPAY}`,
        portalForm(order, b.token, believerAddress(i)),
      );
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    }),
  );
};

/**
 * 200 distinct believers buy one niche, then 200 others one ceremony slot of 3 sessions, all at
 * once across two server processes on one PostgreSQL database.
 */
export const contentionRows = async (): Promise<Row[]> => {
  const url = await createBenchDatabase();
  const { believers } = await prepareDatabase({ url }, 2 * BUYERS, false);
  const servers = [await startTempleServer({ url }), await startTempleServer({ url })];
  try {
    const [first] = servers;
    if (!first) throw new Error('no server');
    const o = first.origin;
    const material = (await get(o, `${statueApi.preview.path}?location=2`, statueApi.preview.response)).data
      .fxMaterialList[0]?.ID;
    const statue = (await get(o, `${statueApi.statues.path}?location=2`, statueApi.statues.response)).data[0]
      ?.ID;
    if (material === undefined || statue === undefined) throw new Error('no seeded statue at location 2');
    const today = templeToday(new Date());
    const range = new URLSearchParams({ startDate: addDaysYmd(today, 8), endDate: addDaysYmd(today, 90) });
    const calendar = (await get(o, `${ceremonyApi.calendar.path}?${range}`, ceremonyApi.calendar.response))
      .data;
    const day = calendar.fsDataCcList.find((d) => d.BOOKABLE && d.TIME_MAP[SLOT] === 3);
    if (!day) throw new Error(`no bookable day with 3 sessions at ${SLOT}`);
    const ymd = day.DATE_STR.split('-')
      .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
      .join('-');
    const cases = [
      { what: 'one niche (seat 3_3)', order: statueOrder({ material, statue }), places: 1 },
      { what: `one ceremony slot (3 sessions, ${ymd} ${SLOT})`, order: ceremonyBooking(ymd), places: 3 },
    ];
    const rows: Row[] = [];
    for (const [k, c] of cases.entries()) {
      const answers = await race(servers, believers.slice(k * BUYERS, (k + 1) * BUYERS), c.order);
      const wins = answers.filter((a) => a.status === 200).length;
      const errors = answers.filter((a) => a.status >= 500).length;
      rows.push({
        section: 'Contention',
        what: `${BUYERS} buyers, 2 instances, PostgreSQL: ${c.what}`,
        figure: `${wins} succeeded · p99 ${ms(percentile99(answers.map((a) => a.ms)))}${errors > 0 ? ` · ${errors} answered 5xx` : ''}`,
        budget: `exactly ${c.places}`,
        ratio: '—',
        pass: wins === c.places,
      });
    }
    return rows;
  } finally {
    for (const s of servers) await s.stop();
  }
};
