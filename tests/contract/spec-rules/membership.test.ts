import { fieldMessages } from '@contract/envelope';
import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_RULES,
  type MembershipPackage,
  memberLookupRequest,
  membershipApi,
} from '@contract/membership';
import { JOIN_FIELDS, type JoinFormValues, joinOrderOf, judgeJoinForm } from '@contract/membership-form';
import { membershipJoinMachine } from '@machines/membership-join.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { proxyRenewalMachine } from '@machines/proxy-renewal.machine';
import { fakeCheckout, type HeldOrder } from '@tests/support/fake-checkout';
import { useTestApp } from '@tests/support/test-app';
import * as v from 'valibot';
import { beforeAll, describe } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkedOut, checkSpecRules, firstMessage, type SpecRule } from './harness';

/**
 * The charity society (慈善会 / 功德会), 001 section 5: the join form (`judgeJoinForm`) through
 * the join machine (下一步, the consent, 立即购买) and the server's prePay; the proxy renewal's
 * lookup (`memberLookupRequest`) through the proxy-renewal machine (查找) and the lookup call.
 * The own renewal (Renewals: 年限选择, 支付) has no rule of the spec that refuses anything: a
 * package is always chosen.
 */
const PHONE = '13700002106';
const J5 = '001 §5 join form';
const GOOD_JOIN: JoinFormValues = {
  NAME: '陈明',
  SEX: '1',
  BIRTH_DATE: '1980-05-01',
  SSQ_NAME: ['上海市', '市辖区', '静安区'],
  SSQ: ['31', '3101', '310106'],
  ADDRESS: '愚园路1号',
  GFR1: MEMBERSHIP_RULES.defaultGfr,
  GFR2: '',
  GFR3: '',
  YS1: '陈明',
  YS2: '',
  YS3: '',
  YS4: '',
  YS5: '',
  YS6: '',
  PHOTO: '',
};

const joinRows: SpecRule<Partial<JoinFormValues>>[] = [
  { spec: J5, rule: 'GFR1 (供奉人) is required', message: MEMBERSHIP_MESSAGES.gfr1, breaks: { GFR1: ' ' } },
  { spec: J5, rule: 'YS1 (阳上人) is required', message: MEMBERSHIP_MESSAGES.ys1, breaks: { YS1: '' } },
  {
    spec: J5,
    rule: 'the birth date is chosen',
    message: MEMBERSHIP_MESSAGES.birthDate,
    breaks: { BIRTH_DATE: '' },
  },
  {
    spec: '001 §5 profile',
    rule: 'a birth date is not in the future',
    message: MEMBERSHIP_MESSAGES.birthFuture,
    breaks: { BIRTH_DATE: '2999-01-01' },
    satisfies: { BIRTH_DATE: '2000-01-01' },
  },
  {
    spec: J5,
    rule: 'the province, city and district (SSQ_NAME) are chosen',
    message: MEMBERSHIP_MESSAGES.region,
    breaks: { SSQ_NAME: [], SSQ: [] },
    satisfies: { SSQ_NAME: ['上海市'], SSQ: ['31'] },
  },
];

const P5 = '001 §5 proxy renewal';
const lookupRows: SpecRule<{ hyCode: string; name: string }>[] = [
  {
    spec: P5,
    rule: 'the member code (HYcode) is entered',
    message: MEMBERSHIP_MESSAGES.hyCode,
    breaks: { hyCode: ' ', name: '陈明' },
  },
  {
    spec: P5,
    rule: 'the member name (HYname) is entered',
    message: MEMBERSHIP_MESSAGES.hyName,
    breaks: { hyCode: 'HY000001', name: '' },
  },
];

describe("membership: the spec's rules on the contract, the machine and the server (PGlite)", () => {
  const t = useTestApp('pglite');
  let token = '';
  let packages: MembershipPackage[] = [];

  beforeAll(async () => {
    token = await t.login(PHONE);
    const dict = await t.call('GET', `${membershipApi.dict.path}?dictKey=${MEMBERSHIP_RULES.dictKey}`);
    packages = v.parse(membershipApi.dict.response, dict.body).data[MEMBERSHIP_RULES.dictKey] ?? [];
  });

  const valuesOf = (over: Partial<JoinFormValues>): JoinFormValues => ({ ...GOOD_JOIN, ...over });
  /** The join order: the good form's order with the fields as the believer left them (the same names on the wire). */
  const joinOrder = (over: Partial<JoinFormValues>) => {
    const good = judgeJoinForm(GOOD_JOIN);
    const pkg = packages[0];
    if (good.outcome !== 'valid' || !pkg) throw new Error('the good join form or the package is gone');
    return { ...joinOrderOf(pkg, good.form, PHONE), ...over };
  };

  checkSpecRules('membership join (慈善会入会)', joinRows, {
    app: t,
    token: () => token,
    contract: (over) => {
      const judged = judgeJoinForm(valuesOf(over));
      return judged.outcome === 'invalid' ? firstMessage(JOIN_FIELDS, judged.errors) : null;
    },
    machine: async (over) => {
      const orders: HeldOrder[] = [];
      const actor = createActor(
        membershipJoinMachine.provide({ actors: { checkout: fakeCheckout(orders, () => false) } }),
        { input: { packages, mobile: PHONE, values: GOOD_JOIN } },
      ).start();
      actor.send({ type: 'package.next' });
      actor.send({
        type: 'order.submit',
        device: ON_A_COMPUTER,
        form: valuesOf(over),
        mobile: PHONE,
        key: 'key-spec-join',
      });
      const message = firstMessage(JOIN_FIELDS, actor.getSnapshot().context.errors);
      actor.send({ type: 'consent.set', agreed: true });
      actor.send({ type: 'order.confirm' });
      const verdict = { message, proceeded: checkedOut(orders) };
      actor.stop();
      return verdict;
    },
    server: (over, as) => t.form(membershipApi.order.path, joinOrder(over), as),
  });

  checkSpecRules('proxy renewal lookup (代人续费)', lookupRows, {
    app: t,
    token: () => token,
    contract: (lookup) => firstMessage(['hyCode', 'name'], fieldMessages(memberLookupRequest, lookup)),
    machine: async (lookup) => {
      const lookups: unknown[] = [];
      const actor = createActor(
        proxyRenewalMachine.provide({
          actors: {
            lookupMember: fromPromise(async ({ input }) => {
              lookups.push(input);
              return new Promise<never>(() => {});
            }),
          },
        }),
        { input: { packages } },
      ).start();
      actor.send({ type: 'lookup.submit', ...lookup });
      const verdict = {
        message: firstMessage(['hyCode', 'name'], actor.getSnapshot().context.lookupErrors),
        proceeded: lookups.length > 0 || !actor.getSnapshot().matches('lookup'),
      };
      actor.stop();
      return verdict;
    },
    // The lookup is the call the page makes before any order: it refuses, and no order is made.
    server: (lookup) =>
      t.call('GET', `${membershipApi.lookup.path}?${new URLSearchParams(lookup)}`, undefined, token),
  });
});
