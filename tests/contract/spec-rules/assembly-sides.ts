import {
  ASSEMBLY_MESSAGES,
  assemblyApi,
  assemblyEntryLimit,
  entryKindMessage,
  judgeAssemblyOrder,
} from '@contract/assembly';
import {
  ASSEMBLY_FIELDS,
  type AssemblyForm,
  type AssemblyInput,
  assemblyOrderOf,
  judgeAssemblyForm,
} from '@contract/assembly-form';
import { assemblyOrderMachine } from '@machines/assembly-order.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { fakeCheckout, type HeldOrder } from '@tests/support/fake-checkout';
import type { TestApp } from '@tests/support/test-app';
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
 * The three sides of the assembly table (assembly.test.ts): the contract's judges in the order the
 * page meets them, the assembly-order machine driven as the believer does (提交, the editor's 添加
 * and 保存, the agreement, 确认支付), and the prePay call with the order the page would send.
 */
export const HOES = {
  guanyin: '观音菩萨圣诞法会',
  yaoshi: '药师法会',
  wenshu: '文殊菩萨智慧法会',
  chuxi: '除夕报恩普佛',
  shuilu: '水陆普度大斋胜会',
} as const;
export type Hoe = keyof typeof HOES;

/** A form each seeded assembly takes (¥300, ¥200 + ¥100 free amount, ¥200, ¥200, ¥600). */
const GOOD: Record<Hoe, AssemblyForm> = {
  guanyin: { hoeType: '往生', tabletType: '吉祥', amount: null, quantity: 1, merit: [] },
  yaoshi: { hoeType: '延生', tabletType: '吉祥', amount: 100, quantity: 1, merit: [] },
  wenshu: { hoeType: '延生', tabletType: '吉祥', amount: null, quantity: 1, merit: [] },
  chuxi: { hoeType: '往生', tabletType: '吉祥', amount: null, quantity: 1, merit: [] },
  shuilu: { hoeType: '往生', tabletType: '往生吉祥', amount: null, quantity: 1, merit: [] },
};

export interface AssemblyCase {
  hoe: Hoe;
  form?: Partial<AssemblyForm>;
  /** The dialog's entries; by default one valid entry of the assembly type. */
  entries?: EntryCase[];
  agreed?: boolean;
  /** What the wire carries where the page's form builds no order (a field left empty, over the limit). */
  wire?: Record<string, unknown>;
}

export const DECEASED = (form = {}): EntryCase => ({
  type: '往生',
  form: { seat1: '父母', name1: '张三', shang1: '张明', ...form },
});
export const BLESSING = (form = {}): EntryCase => ({ type: '延生', form: { y1: '王小明', ...form } });
export const times = (n: number, entry: EntryCase) => Array.from({ length: n }, () => entry);

/** The sides over `t`, once `load` has read the seeded assemblies from it. */
export const assemblySides = (t: TestApp, phone: string) => {
  const assemblies = new Map<Hoe, AssemblyInput>();
  const load = async () => {
    const list = v.parse(assemblyApi.list.response, (await t.call('GET', assemblyApi.list.path)).body).data;
    for (const [key, name] of Object.entries(HOES) as [Hoe, string][]) {
      const year = list.ls.find((a) => a.HOE_NAME === name)?.HOE_YEAR;
      const query = new URLSearchParams({ hoeYear: String(year), hoeName: name });
      const detail = await t.call('GET', `${assemblyApi.detail.path}?${query}`);
      const { hoe, tabletGdjList } = v.parse(assemblyApi.detail.response, detail.body).data;
      assemblies.set(key, { hoe, prices: tabletGdjList });
    }
  };

  const inputOf = (c: AssemblyCase) => assemblies.get(c.hoe) as AssemblyInput;
  const formOf = (c: AssemblyCase): AssemblyForm => ({ ...GOOD[c.hoe], ...c.form });
  const entriesOf = (c: AssemblyCase): EntryCase[] =>
    c.entries ?? [formOf(c).hoeType === '延生' ? BLESSING() : DECEASED()];
  const entryOptions = (c: AssemblyCase) => ({
    variant: 'assembly' as const,
    blessingNameLength: inputOf(c).hoe.WISDOM ? (4 as const) : (6 as const),
    sevenGenerations: inputOf(c).hoe.SEVEN_GENERATIONS,
  });
  const entryFacts = (c: AssemblyCase, quantity: number) => ({
    quantity,
    newYearEve: inputOf(c).hoe.NEW_YEAR_EVE,
    leaderTablet: inputOf(c).hoe.LEADER_TABLET,
  });

  /** The order the page sends: the form's draft with the entries, or a good draft with what the wire says. */
  const orderOf = (c: AssemblyCase) => {
    const judged = judgeAssemblyForm(inputOf(c), formOf(c));
    const good = judgeAssemblyForm(inputOf(c), GOOD[c.hoe]);
    if (good.outcome !== 'valid') throw new Error(`the good form of ${c.hoe} is refused`);
    if (judged.outcome !== 'valid' && !c.wire) throw new Error('a form without a draft needs its wire');
    const draft = judged.outcome === 'valid' ? judged.draft : good.draft;
    return { ...assemblyOrderOf(draft, memorialEntries(entriesOf(c)), phone), ...c.wire };
  };

  const sides: Omit<Sides<AssemblyCase>, 'app' | 'token'> = {
    contract: (c) => {
      const judged = judgeAssemblyForm(inputOf(c), formOf(c));
      if (judged.outcome === 'invalid') return firstMessage(ASSEMBLY_FIELDS, judged.errors);
      if (judged.outcome === 'overLimit') return ASSEMBLY_MESSAGES.overLimit;
      const entries = entriesOf(c);
      const limit = assemblyEntryLimit(entryFacts(c, judged.draft.QUANTITY));
      const chooseType = entryKindMessage(judged.draft.HOE_TYPE, null) ?? 'no choice asked';
      for (const [k, entry] of entries.entries()) {
        if (k >= limit.max) return limit.full;
        const refusal = entryRefusal(entry, entryOptions(c), chooseType);
        if (refusal) return refusal;
      }
      return judgeAssemblyOrder({
        ...entryFacts(c, judged.draft.QUANTITY),
        entries: entries.length,
        agreed: c.agreed ?? true,
      });
    },
    machine: async (c) => {
      const orders: HeldOrder[] = [];
      const actor = createActor(
        assemblyOrderMachine.provide({ actors: { checkout: fakeCheckout(orders, () => false) } }),
        { input: inputOf(c) },
      ).start();
      const state = () => actor.getSnapshot();
      actor.send({
        type: 'order.submit',
        device: ON_A_COMPUTER,
        form: formOf(c),
        mobile: phone,
        key: 'key-spec-assembly',
      });
      if (state().matches('overLimit')) return { message: ASSEMBLY_MESSAGES.overLimit, proceeded: false };
      if (state().matches('editing'))
        return { message: firstMessage(ASSEMBLY_FIELDS, state().context.errors), proceeded: false };
      const entries = entriesOf(c);
      const added = addEntries(state().children.entries as AnyActorRef, entries);
      if (added.message) return { message: added.message, proceeded: added.taken >= entries.length };
      actor.send({ type: 'agreement.set', agreed: c.agreed ?? true });
      actor.send({ type: 'order.confirm' });
      const verdict = { message: state().context.orderError, proceeded: checkedOut(orders) };
      actor.stop();
      return verdict;
    },
    server: (c, as) => t.form(assemblyApi.order.path, orderOf(c), as),
  };
  return { load, sides };
};
