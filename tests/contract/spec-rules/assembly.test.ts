import { ASSEMBLY_MESSAGES } from '@contract/assembly';
import {
  ALL_BEINGS,
  ANCESTORS,
  MEMORIAL_MESSAGES as M,
  OTHER_SEAT,
  SITE_GUARDIAN,
  UNBORN_INFANT,
} from '@contract/memorial-entry';
import { useTestApp } from '@tests/support/test-app';
import { beforeAll, describe } from 'vitest';
import { type AssemblyCase, assemblySides, BLESSING, DECEASED, times } from './assembly-sides';
import { checkSpecRules, type SpecRule } from './harness';

/**
 * Dharma-assembly registration (法会报名), 000 section 5 (and 001 sections 4-5 for the detail
 * page): the detail form (`judgeAssemblyForm`), the order dialog's rules (`judgeAssemblyOrder`)
 * and its entries (the memorial-entry rules, assembly variant), through the assembly machine and
 * the server's prePay (assembly-sides.ts). Each case names a seeded assembly: 观音 (往生 and 延生,
 * 往生 places), 药师 (a free merit amount), 文殊 (the wisdom assembly), 除夕报恩 (new-year eve),
 * 水陆 (leader tablets, the water-land filter).
 */
const PHONE = '13700002102';
const S5 = '000 §5 assembly deceased form';

const rows: SpecRule<AssemblyCase>[] = [
  // The detail page (000 §2, 001 §5).
  {
    spec: '001 §5',
    rule: 'an assembly type (FH) is chosen',
    message: ASSEMBLY_MESSAGES.chooseHoeType,
    breaks: { hoe: 'guanyin', form: { hoeType: '' }, wire: { HOE_TYPE: '' } },
  },
  {
    spec: '001 §5',
    rule: 'a tablet type (PW) is chosen',
    message: ASSEMBLY_MESSAGES.chooseTabletType,
    breaks: { hoe: 'guanyin', form: { tabletType: '' }, wire: { TABLET_TYPE: '' } },
  },
  {
    spec: '001 §4',
    rule: '延往生 offers only the 会首 tablet types',
    message: ASSEMBLY_MESSAGES.tabletNotOffered,
    breaks: {
      hoe: 'shuilu',
      form: { hoeType: '延往生', tabletType: '往生吉祥' },
      entries: [DECEASED()],
      wire: { HOE_TYPE: '延往生' },
    },
    satisfies: {
      hoe: 'shuilu',
      form: { hoeType: '延往生', tabletType: '延往生会首' },
      entries: [DECEASED()],
    },
  },
  {
    spec: '001 §5',
    rule: 'a merit amount is chosen where it is free',
    message: ASSEMBLY_MESSAGES.chooseAmount,
    breaks: { hoe: 'yaoshi', form: { amount: null } },
    server:
      'n/a: HOE_GDJ is always a number on the wire (000 §3); none chosen is refused as below 10 (next row)',
  },
  {
    spec: '000 §5 other / §9',
    rule: 'the free merit amount is at least 10 yuan',
    message: ASSEMBLY_MESSAGES.amountTooSmall,
    breaks: { hoe: 'yaoshi', form: { amount: 9 }, wire: { HOE_GDJ: 9, HOE_GDJ_TOTAL: 209 } },
    satisfies: { hoe: 'yaoshi', form: { amount: 10 } },
  },
  {
    spec: '000 §5 other / §9',
    rule: 'quantity 1 to 10',
    message: ASSEMBLY_MESSAGES.quantity,
    breaks: { hoe: 'guanyin', form: { quantity: 11 }, wire: { QUANTITY: 11 } },
    satisfies: { hoe: 'guanyin', form: { quantity: 10 } },
  },
  {
    spec: '000 §5 other',
    rule: 'merit counts: at least 0',
    message: ASSEMBLY_MESSAGES.meritCount,
    breaks: {
      hoe: 'guanyin',
      form: { merit: [{ item: 'GD01', unitPrice: 50, count: -1 }] },
      wire: { meritItemList: [{ MERIT_ITEM: 'GD01', QUANTITY: -1, AMOUNT: -50 }], HOE_GDJ_TOTAL: 250 },
    },
    satisfies: { hoe: 'guanyin', form: { merit: [{ item: 'GD01', unitPrice: 50, count: 0 }] } },
  },
  {
    spec: '000 §2 / §9, 001 §5',
    rule: 'over 10000 yuan: handled at the temple',
    message: ASSEMBLY_MESSAGES.overLimit,
    breaks: {
      hoe: 'guanyin',
      form: { tabletType: '大功德主', quantity: 4 },
      entries: times(4, DECEASED()),
      wire: { TABLET_TYPE: '大功德主', QUANTITY: 4, HOE_GDJ_TOTAL: 12_000 },
    },
    satisfies: {
      hoe: 'guanyin',
      form: { tabletType: '大功德主', quantity: 3 },
      entries: times(3, DECEASED()),
    },
  },
  // The order dialog's rules, in order (000 §5).
  {
    spec: '000 §5 order-level',
    rule: 'at least one entry is added',
    message: ASSEMBLY_MESSAGES.addEntry,
    breaks: { hoe: 'guanyin', entries: [] },
  },
  {
    spec: '000 §5 order-level',
    rule: 'the agreement is ticked',
    message: ASSEMBLY_MESSAGES.agree,
    breaks: { hoe: 'guanyin', agreed: false },
    server: 'n/a: the payload (000 §3) does not carry the agreement; the dialog judges it',
  },
  {
    spec: '000 §5 order-level',
    rule: 'the entries reach QUANTITY',
    message: ASSEMBLY_MESSAGES.entriesShort(2, 1),
    breaks: { hoe: 'guanyin', form: { quantity: 2 } },
    satisfies: { hoe: 'guanyin', form: { quantity: 2 }, entries: times(2, DECEASED()) },
  },
  {
    spec: '000 §5 order-level / §9',
    rule: 'no more entries than QUANTITY',
    message: ASSEMBLY_MESSAGES.tooManyEntries(1),
    breaks: { hoe: 'guanyin', entries: [DECEASED(), DECEASED({ name1: '李四' })] },
  },
  {
    spec: '000 §5 order-level',
    rule: 'one entry only in the new-year-eve assemblies',
    message: ASSEMBLY_MESSAGES.oneEntryOnly,
    breaks: { hoe: 'chuxi', form: { quantity: 2 }, entries: times(2, DECEASED()), wire: { QUANTITY: 2 } },
    satisfies: { hoe: 'chuxi' },
  },
  {
    spec: '000 §5 order-level',
    rule: 'a leader-tablet assembly takes any number, up to what an order carries',
    message: ASSEMBLY_MESSAGES.entryLimit,
    breaks: { hoe: 'shuilu', entries: times(21, DECEASED()) },
    satisfies: { hoe: 'shuilu', entries: times(3, DECEASED()) },
  },
  // The entries (000 §3 seat groups, §4 type choice, §5 assembly forms).
  {
    spec: '000 §4 entry editing',
    rule: '延往生: deceased or blessing is chosen first',
    message: ASSEMBLY_MESSAGES.chooseEntryKind,
    breaks: {
      hoe: 'shuilu',
      form: { hoeType: '延往生', tabletType: '延往生会首' },
      entries: [{ type: null }],
    },
    server: 'n/a: on the wire an entry is deceased or blessing by its list (jyList / zzList)',
  },
  {
    spec: S5,
    rule: 'seat1 is required',
    message: M.seatType,
    breaks: { hoe: 'guanyin', entries: [{ type: '往生', form: { shang1: '张明' } }] },
  },
  {
    spec: '000 §3 seat-type list',
    rule: 'tablets 2 and 3 come from the first one’s group',
    message: M.seatGroup,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ seat2: '祖父母', name2: '王五' })] },
    satisfies: { hoe: 'guanyin', entries: [DECEASED({ seat2: '父母', name2: '王五' })] },
  },
  {
    spec: S5,
    rule: 'a name: 6 Chinese or English characters',
    message: M.assembly6,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ name1: '张三李四王五' + '赵' })] },
    satisfies: { hoe: 'guanyin', entries: [DECEASED({ name1: '张三李四王五' })] },
  },
  {
    spec: S5,
    rule: 'names and tablets: Chinese and letters only',
    message: M.assembly6,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ name1: '张3' })] },
  },
  {
    spec: S5,
    rule: 'the unborn infant’s name: within 4',
    message: M.infantName,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ seat1: UNBORN_INFANT, name1_1: '张三李四王' })] },
    satisfies: { hoe: 'guanyin', entries: [DECEASED({ seat1: UNBORN_INFANT, name1_1: '张三李四' })] },
  },
  {
    spec: S5,
    rule: 'ancestors of a surname: within 4',
    message: M.assembly4,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ seat1: ANCESTORS, name1: '欧阳司马王' })] },
    satisfies: { hoe: 'guanyin', entries: [DECEASED({ seat1: ANCESTORS, name1: '欧阳司马' })] },
  },
  {
    spec: S5,
    rule: 'the site guardian’s address: within 50',
    message: M.assembly50,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ seat1: SITE_GUARDIAN, name1: '上'.repeat(51) })] },
    satisfies: { hoe: 'guanyin', entries: [DECEASED({ seat1: SITE_GUARDIAN, name1: '上'.repeat(50) })] },
  },
  {
    spec: S5,
    rule: 'a relative’s name is required (please enter name!)',
    message: M.nameRequired,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ name1: '' })] },
  },
  {
    spec: S5,
    rule: 'ancestors need the surname (please enter surname!)',
    message: M.surnameRequired,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ seat1: ANCESTORS, name1: '' })] },
  },
  {
    spec: S5,
    rule: 'the site guardian needs the address (please enter address!)',
    message: M.addressRequired,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ seat1: SITE_GUARDIAN, name1: '' })] },
  },
  {
    spec: S5,
    rule: '‘other’ needs its name',
    message: M.otherName,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ seat1: OTHER_SEAT, name1: '' })] },
  },
  {
    spec: S5,
    rule: 'shang1 (阳上) is required',
    message: M.shangRequired,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ seat1: ALL_BEINGS, shang1: '' })] },
  },
  {
    spec: S5,
    rule: 'every shang up to 6',
    message: M.within6,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ shang1: '张明', shang2: '李'.repeat(7) })] },
    satisfies: { hoe: 'guanyin', entries: [DECEASED({ shang1: '张明', shang2: '李'.repeat(6) })] },
  },
  {
    spec: '000 §5 names and tablets',
    rule: 'shang: only Chinese and letters',
    message: M.charsOnly,
    breaks: { hoe: 'guanyin', entries: [DECEASED({ shang1: '张3' })] },
  },
  {
    spec: '000 §5 assembly blessing form',
    rule: 'y1 is required',
    message: M.tabletName,
    breaks: { hoe: 'yaoshi', entries: [BLESSING({ y1: '' })] },
  },
  {
    spec: '000 §5 assembly blessing form',
    rule: 'a blessing name: within 6',
    message: M.assembly6,
    breaks: { hoe: 'yaoshi', entries: [BLESSING({ y1: '王'.repeat(7) })] },
    satisfies: { hoe: 'yaoshi', entries: [BLESSING({ y1: '王'.repeat(6) })] },
  },
  {
    spec: '000 §5 assembly blessing form',
    rule: 'the wisdom assembly: within 4',
    message: M.assembly4,
    breaks: { hoe: 'wenshu', entries: [BLESSING({ y1: '王'.repeat(5) })] },
    satisfies: { hoe: 'wenshu', entries: [BLESSING({ y1: '王'.repeat(4) })] },
  },
];

describe("assembly: the spec's rules on the contract, the machine and the server (PGlite)", () => {
  const t = useTestApp('pglite');
  const { load, sides } = assemblySides(t, PHONE);
  let token = '';

  beforeAll(async () => {
    token = await t.login(PHONE);
    await load();
  });

  checkSpecRules('assembly (法会)', rows, { app: t, token: () => token, ...sides });
});
