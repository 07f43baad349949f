import { CEREMONY_MESSAGES } from '@contract/ceremony';
import { ALL_BEINGS, MEMORIAL_MESSAGES as M, OTHER_SEAT, UNBORN_INFANT } from '@contract/memorial-entry';
import { useTestApp } from '@tests/support/test-app';
import { beforeAll, describe } from 'vitest';
import { BLESSING, type CeremonyCase, ceremonySides, DECEASED } from './ceremony-sides';
import { checkSpecRules, type SpecRule } from './harness';

/**
 * Single-family ceremony booking (独姓佛事), 000 sections 5 and 9: the booking screen
 * (`judgeCeremonyForm`, the calendar's days), the ceremony variant of the memorial entries, the
 * order dialog (`judgeCeremonyOrder`), through the booking machine and the server's prePay
 * (ceremony-sides.ts).
 */
const PHONE = '13700002103';
const S5D = '000 §5 ceremony deceased form';
const S5B = '000 §5 ceremony blessing form';
const NOT_JUDGED_BY_MACHINE =
  'n/a: the calendar (000 §9) disables the day, so the view never sends it; the machine takes the day chosen';

const rows: SpecRule<CeremonyCase>[] = [
  // The booking screen (000 §2, §5 "ceremony submit alerts", §9 calendar).
  {
    spec: '000 §5 other',
    rule: 'every option is confirmed (the tablet type)',
    message: CEREMONY_MESSAGES.unknownTier,
    breaks: { fsType: '1', form: { tabletType: '' }, wire: { FS_CONTENT: '' } },
  },
  {
    spec: '000 §5 other',
    rule: 'every option is confirmed (the tier of the tablet type)',
    message: CEREMONY_MESSAGES.unknownTier,
    breaks: { fsType: '1', form: { tier: '' }, wire: { MANY: '' } },
  },
  {
    spec: '000 §5 other',
    rule: 'a time is selected',
    message: CEREMONY_MESSAGES.chooseTime,
    breaks: { fsType: '1', form: { time: null }, wire: { FS_TIME: '' } },
  },
  {
    spec: '000 §9 calendar',
    rule: 'the next 7 days are not bookable',
    message: CEREMONY_MESSAGES.tooSoon,
    breaks: { fsType: '1', day: 'soon' },
    satisfies: { fsType: '1' },
    machine: NOT_JUDGED_BY_MACHINE,
  },
  {
    spec: '000 §9 calendar',
    rule: 'the lunar 1st and 15th are not bookable',
    message: CEREMONY_MESSAGES.lunarDay,
    breaks: { fsType: '1', day: 'lunar' },
    machine: NOT_JUDGED_BY_MACHINE,
  },
  {
    spec: '000 §9 calendar',
    rule: 'a day with an assembly is not bookable',
    message: CEREMONY_MESSAGES.assemblyDay,
    breaks: { fsType: '2', day: 'assembly' },
    machine: NOT_JUDGED_BY_MACHINE,
  },
  // The order dialog (000 §5 order-level, other).
  {
    spec: '000 §5 order-level',
    rule: 'at least one entry is added',
    message: CEREMONY_MESSAGES.addEntry,
    breaks: { fsType: '1', entries: [] },
  },
  {
    spec: '000 §5 order-level',
    rule: 'the agreement is ticked',
    message: CEREMONY_MESSAGES.agree,
    breaks: { fsType: '1', agreed: false },
    server: 'n/a: the payload (000 §3) does not carry the agreement; the dialog judges it',
  },
  {
    spec: '000 §9',
    rule: 'entries up to 5 in the ceremony',
    message: CEREMONY_MESSAGES.entryLimit,
    breaks: { fsType: '2', entries: Array.from({ length: 6 }, () => BLESSING()) },
    satisfies: { fsType: '2', entries: Array.from({ length: 5 }, () => BLESSING()) },
  },
  {
    spec: '000 §5 other',
    rule: 'the cause: at most 300 characters',
    message: CEREMONY_MESSAGES.cause,
    breaks: { fsType: '1', cause: '缘'.repeat(301) },
    satisfies: { fsType: '1', cause: '缘'.repeat(300) },
  },
  {
    spec: '000 §5 other',
    rule: 'the cause: no emoji',
    message: CEREMONY_MESSAGES.cause,
    breaks: { fsType: '1', cause: '超荐先父😀' },
  },
  // The entries (000 §5 ceremony forms, §4 date pickers).
  {
    spec: S5D,
    rule: 'seat1 is required',
    message: M.seatType,
    breaks: { fsType: '1', entries: [{ type: '往生', form: { shang1: '张明' } }] },
  },
  {
    spec: S5D,
    rule: 'a name: at most 10',
    message: M.within10,
    breaks: { fsType: '1', entries: [DECEASED({ name1: '张'.repeat(11) })] },
    satisfies: { fsType: '1', entries: [DECEASED({ name1: '张'.repeat(10) })] },
  },
  {
    spec: S5D,
    rule: 'the unborn infant’s name (name1_1): at most 4',
    message: M.within4,
    breaks: { fsType: '1', entries: [DECEASED({ seat1: UNBORN_INFANT, name1_1: '张'.repeat(5) })] },
    satisfies: { fsType: '1', entries: [DECEASED({ seat1: UNBORN_INFANT, name1_1: '张'.repeat(4) })] },
  },
  {
    spec: S5D,
    rule: 'a name is required but for the group-1 seats',
    message: M.tabletName,
    breaks: { fsType: '1', entries: [DECEASED({ name1: '' })] },
    satisfies: { fsType: '1', entries: [DECEASED({ seat1: ALL_BEINGS, name1: '' })] },
  },
  {
    spec: S5D,
    rule: '‘other’ needs its name',
    message: M.tabletName,
    breaks: { fsType: '1', entries: [DECEASED({ seat1: OTHER_SEAT, name1: '' })] },
  },
  {
    spec: '000 §5 names and tablets',
    rule: 'names: Chinese, letters and spaces only',
    message: M.charsSpaces,
    breaks: { fsType: '1', entries: [DECEASED({ name1: '张3' })] },
    satisfies: { fsType: '1', entries: [DECEASED({ name1: 'Zhang San' })] },
  },
  {
    spec: S5D,
    rule: 'shang1 (阳上) is required',
    message: M.shangRequired,
    breaks: { fsType: '1', entries: [DECEASED({ shang1: '' })] },
  },
  {
    spec: S5D,
    rule: 'every shang: at most 6',
    message: M.within6,
    breaks: { fsType: '1', entries: [DECEASED({ shang2: '李'.repeat(7) })] },
    satisfies: { fsType: '1', entries: [DECEASED({ shang2: '李'.repeat(6) })] },
  },
  {
    spec: '000 §4 date pickers',
    rule: 'a birth date is not after the death date',
    message: M.birthAfterDeath,
    breaks: { fsType: '1', entries: [DECEASED({ birth1: '2000-01-02', death1: '2000-01-01' })] },
    satisfies: { fsType: '1', entries: [DECEASED({ birth1: '2000-01-01', death1: '2000-01-01' })] },
  },
  {
    spec: S5B,
    rule: 'y1 is required',
    message: M.tabletName,
    breaks: { fsType: '2', entries: [BLESSING({ y1: '', birth1: '' })] },
  },
  {
    spec: S5B,
    rule: 'a blessing name: at most 20',
    message: M.within20,
    breaks: { fsType: '2', entries: [BLESSING({ y1: '李'.repeat(21) })] },
    satisfies: { fsType: '2', entries: [BLESSING({ y1: '李'.repeat(20) })] },
  },
  {
    spec: S5B,
    rule: 'the birth date of the blessed is required',
    message: M.birthRequired,
    breaks: { fsType: '2', entries: [BLESSING({ birth1: '' })] },
  },
];

describe("ceremony: the spec's rules on the contract, the machine and the server (PGlite)", () => {
  const t = useTestApp('pglite');
  const { load, sides } = ceremonySides(t, PHONE);
  let token = '';

  beforeAll(async () => {
    token = await t.login(PHONE);
    await load();
  });

  checkSpecRules('ceremony (独姓佛事)', rows, { app: t, token: () => token, ...sides });
});
