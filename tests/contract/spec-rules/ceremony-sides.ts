import {
  addDaysYmd,
  bookingRefusal,
  CEREMONY_MESSAGES,
  type CeremonyTypeDetail,
  ceremonyApi,
} from '@contract/ceremony';
import {
  CEREMONY_ENTRY_LIMIT,
  CEREMONY_FIELDS,
  type CeremonyForm,
  ceremonyOrderOf,
  judgeCeremonyForm,
  judgeCeremonyOrder,
} from '@contract/ceremony-form';
import { MEMORIAL_MESSAGES } from '@contract/memorial-entry';
import { templeToday } from '@contract/temple-day';
import { ceremonyBookingMachine } from '@machines/ceremony-booking.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { fakeCheckout, type HeldOrder } from '@tests/support/fake-checkout';
import type { TestApp } from '@tests/support/test-app';
import { Solar } from 'lunar-javascript';
import * as v from 'valibot';
import { type AnyActorRef, createActor } from 'xstate';
import {
  addEntries,
  checkedOut,
  type EntryCase,
  entryRefusal,
  firstMessage,
  memorialEntries,
  type Sides,
} from './harness';

/**
 * The three sides of the ceremony table (ceremony.test.ts): the contract's judges in the order the
 * booking meets them (the screen, the calendar's day, the entries, the order dialog), the booking
 * machine driven as the believer does (提交, 确定 of the notice, the editor, 缘由, the agreement,
 * 确定, 预约须知's 确定) and the prePay call with the order the page would send.
 */
export type Day = 'bookable' | 'soon' | 'lunar' | 'assembly';

export interface CeremonyCase {
  /** '1' 往生 (deceased), '2' 延生 (blessing). */
  fsType: '1' | '2';
  form?: Partial<CeremonyForm>;
  /** Which day of the calendar is chosen (a bookable one by default). */
  day?: Day;
  /** The dialog's entries; by default one valid entry of the type. */
  entries?: EntryCase[];
  agreed?: boolean;
  cause?: string;
  /** What the wire carries where the screen builds no order (a choice left empty). */
  wire?: Record<string, unknown>;
}

const SLOT = '13:30-15:00';
const JF_DATE = '2026-11-22 10:00:00';
export const DECEASED = (form = {}): EntryCase => ({
  type: '往生',
  form: { seat1: '父母', name1: '张三', shang1: '张明', ...form },
});
export const BLESSING = (form = {}): EntryCase => ({
  type: '延生',
  form: { y1: '李四', birth1: '1990-01-01', ...form },
});

/** YYYY-MM-DD of a calendar DATE_STR (leading zeros stripped). */
const ymdOf = (dateStr: string) => {
  const [y = '', m = '', d = ''] = dateStr.split('-');
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
};

/** The sides over `t`, once `load` has read the types and a calendar (a day of each kind) from it. */
export const ceremonySides = (t: TestApp, phone: string) => {
  const details = new Map<string, CeremonyTypeDetail>();
  const days = new Map<Day, string>();
  let assemblyDays = new Set<string>();
  let today = '';

  const load = async () => {
    today = templeToday(t.clock.now());
    for (const fsType of ['1', '2']) {
      const answer = await t.call('GET', `${ceremonyApi.fsByType.path}?fsType=${fsType}`);
      details.set(fsType, v.parse(ceremonyApi.fsByType.response, answer.body).data);
    }
    const range = new URLSearchParams({ startDate: addDaysYmd(today, 1), endDate: addDaysYmd(today, 99) });
    const calendar = await t.call('GET', `${ceremonyApi.calendar.path}?${range}`);
    const data = v.parse(ceremonyApi.calendar.response, calendar.body).data;
    const dayWith = (refusal: string | null) =>
      data.fsDataCcList.find((d) => d.REFUSAL === refusal && (d.TIME_MAP[SLOT] ?? 0) > 0)?.DATE_STR;
    const wanted: [Day, string | null][] = [
      ['bookable', null],
      ['soon', CEREMONY_MESSAGES.tooSoon],
      ['lunar', CEREMONY_MESSAGES.lunarDay],
      ['assembly', CEREMONY_MESSAGES.assemblyDay],
    ];
    for (const [day, refusal] of wanted) {
      const found = dayWith(refusal);
      if (!found) throw new Error(`no ${day} day in the calendar's 99 days`);
      days.set(day, ymdOf(found));
    }
    assemblyDays = new Set(data.hoeDataList.map((h) => h.HOE_DATE));
  };

  /** The day's facts as the contract's calendar rule takes them: lunar-javascript and the assemblies. */
  const factsOf = (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const lunarDay = Solar.fromYmd(y, m, d).getLunar().getDay();
    return { lunarFirstOrFifteenth: lunarDay === 1 || lunarDay === 15, hasAssembly: assemblyDays.has(date) };
  };
  const detailOf = (c: CeremonyCase) => details.get(c.fsType) as CeremonyTypeDetail;
  const formOf = (c: CeremonyCase): CeremonyForm => ({
    tabletType: c.fsType === '1' ? '往生莲位' : '延生禄位',
    tier: '一堂',
    date: days.get(c.day ?? 'bookable') ?? null,
    time: SLOT,
    ...c.form,
  });
  const entriesOf = (c: CeremonyCase) => c.entries ?? [c.fsType === '1' ? DECEASED() : BLESSING()];

  /** The order the page sends: the screen's draft with the dialog's, or a good draft with what the wire says. */
  const orderOf = (c: CeremonyCase) => {
    const judged = judgeCeremonyForm(detailOf(c), formOf(c));
    const good = judgeCeremonyForm(detailOf(c), formOf({ fsType: c.fsType }));
    if (good.outcome !== 'valid') throw new Error(`the good booking of ${c.fsType} is refused`);
    if (judged.outcome !== 'valid' && !c.wire) throw new Error('a screen without a draft needs its wire');
    const draft = judged.outcome === 'valid' ? judged.draft : good.draft;
    const entries = memorialEntries(entriesOf(c));
    return {
      ...ceremonyOrderOf(draft, entries, { cause: c.cause ?? '', mobile: phone }),
      JF_DATE,
      ...c.wire,
    };
  };

  const sides: Omit<Sides<CeremonyCase>, 'app' | 'token'> = {
    contract: (c) => {
      const judged = judgeCeremonyForm(detailOf(c), formOf(c));
      if (judged.outcome === 'invalid') return firstMessage(CEREMONY_FIELDS, judged.errors);
      const day = bookingRefusal(judged.draft.FS_DATE, today, factsOf(judged.draft.FS_DATE));
      if (day) return day;
      const entries = entriesOf(c);
      for (const [k, entry] of entries.entries()) {
        if (k >= CEREMONY_ENTRY_LIMIT.max) return CEREMONY_ENTRY_LIMIT.full;
        const refusal = entryRefusal(entry, { variant: 'ceremony' }, MEMORIAL_MESSAGES.chooseType);
        if (refusal) return refusal;
      }
      return judgeCeremonyOrder({ entries: entries.length, agreed: c.agreed ?? true, cause: c.cause ?? '' });
    },
    machine: async (c) => {
      const orders: HeldOrder[] = [];
      const actor = createActor(
        ceremonyBookingMachine.provide({ actors: { checkout: fakeCheckout(orders, () => false) } }),
        { input: { detail: detailOf(c), now: () => JF_DATE } },
      ).start();
      const state = () => actor.getSnapshot();
      actor.send({
        type: 'order.submit',
        device: ON_A_COMPUTER,
        form: formOf(c),
        mobile: phone,
        key: 'key-spec-ceremony',
      });
      if (state().matches('editing'))
        return { message: firstMessage(CEREMONY_FIELDS, state().context.errors), proceeded: false };
      actor.send({ type: 'notice.confirm' });
      const entries = entriesOf(c);
      const added = addEntries(state().children.entries as AnyActorRef, entries);
      if (added.message) return { message: added.message, proceeded: added.taken >= entries.length };
      actor.send({ type: 'cause.change', cause: c.cause ?? '' });
      actor.send({ type: 'agreement.set', agreed: c.agreed ?? true });
      actor.send({ type: 'order.confirm' });
      const message = state().context.orderError;
      actor.send({ type: 'reservation.confirm' });
      const verdict = { message, proceeded: checkedOut(orders) };
      actor.stop();
      return verdict;
    },
    server: (c, as) => t.form(ceremonyApi.order.path, orderOf(c), as),
  };
  return { load, sides };
};
