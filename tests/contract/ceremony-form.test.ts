import { CEREMONY_MESSAGES } from '@contract/ceremony';
import {
  type CeremonyForm,
  ceremonyTextBlocks,
  judgeCeremonyForm,
  judgeCeremonyOrder,
  priceOf,
  tabletTypesOf,
  tiersOf,
} from '@contract/ceremony-form';
import { emptyBlessingForm, emptyDeceasedForm } from '@contract/memorial-entry';
import { modelCeremony } from '@machines/index';
import { describe, expect, it } from 'vitest';

const detail = {
  ...modelCeremony,
  priceList: [
    { FS_TYPE: '1' as const, FS_CONTENT: '往生莲位', MANY: '一堂', PRICE: 3800 },
    { FS_TYPE: '1' as const, FS_CONTENT: '往生莲位', MANY: '三堂', PRICE: 9800 },
    { FS_TYPE: '1' as const, FS_CONTENT: '往生大莲位', MANY: '一堂', PRICE: 5800 },
  ],
};
const good: CeremonyForm = { tabletType: '往生莲位', tier: '三堂', date: '2026-12-08', time: '13:30-15:00' };

describe('the booking screen (000 sections 2 and 5)', () => {
  it('offers the price map: tablet types, and the tiers of one with their prices', () => {
    expect(tabletTypesOf(detail)).toEqual(['往生莲位', '往生大莲位']);
    expect(tiersOf(detail, '往生莲位')).toEqual([
      { tier: '一堂', price: 3800 },
      { tier: '三堂', price: 9800 },
    ]);
    expect(priceOf(detail, { tabletType: '往生大莲位', tier: '三堂' })).toBeNull();
  });

  it.each<[string, Partial<CeremonyForm>, Record<string, string>]>([
    [
      'no tablet type: 请确认选项 beside it alone',
      { tabletType: '', tier: '' },
      { tabletType: CEREMONY_MESSAGES.unknownTier },
    ],
    ['no tier: 请确认选项', { tier: '' }, { tier: CEREMONY_MESSAGES.unknownTier }],
    [
      'a tier the tablet type lacks: 请确认选项',
      { tabletType: '往生大莲位' },
      { tier: CEREMONY_MESSAGES.unknownTier },
    ],
    ['no date: 请选择时间', { date: null }, { time: CEREMONY_MESSAGES.chooseTime }],
    ['no slot: 请选择时间', { time: null }, { time: CEREMONY_MESSAGES.chooseTime }],
    ['a slot the type lacks: 请选择时间', { time: '20:00-21:00' }, { time: CEREMONY_MESSAGES.chooseTime }],
  ])('%s', (_, change, errors) => {
    expect(judgeCeremonyForm(detail, { ...good, ...change })).toEqual({ outcome: 'invalid', errors });
  });

  it('a good form gives the draft: the price of the tablet type × tier, the 1000-yuan deposit', () => {
    expect(judgeCeremonyForm(detail, good)).toEqual({
      outcome: 'valid',
      draft: expect.objectContaining({
        type: 2,
        FS_TYPE: '1',
        FS_CONTENT: '往生莲位',
        MANY: '三堂',
        GDJ_TOTAL: 9800,
        FS_DATE: '2026-12-08',
        FS_TIME: '13:30-15:00',
        MONEY: 1000,
        PAY_METHOD: '3',
        CHANNEL: 'pc',
        BLR: 'pc',
      }),
    });
  });
});

describe('the order dialog rules, in order (000 section 5)', () => {
  const ok = { entries: 1, agreed: true, cause: '' };
  it.each<[string, Partial<typeof ok>, string | null]>([
    ['no entry: 请添加明细信息', { entries: 0, agreed: false }, CEREMONY_MESSAGES.addEntry],
    ['not agreed: 请同意协议', { agreed: false }, CEREMONY_MESSAGES.agree],
    ['six entries: at most 5', { entries: 6 }, CEREMONY_MESSAGES.entryLimit],
    ['a cause of 301 characters', { cause: '缘'.repeat(301) }, CEREMONY_MESSAGES.cause],
    ['a cause with an emoji', { cause: '祈福🙏' }, CEREMONY_MESSAGES.cause],
    ['a cause with a flag', { cause: '祈福🇨🇳' }, CEREMONY_MESSAGES.cause],
    ['a cause with a control character', { cause: '祈福\u0007' }, CEREMONY_MESSAGES.cause],
    ['a cause of 300 characters over lines', { cause: `${'缘'.repeat(150)}\n${'由'.repeat(149)}` }, null],
    ['five entries, agreed', { entries: 5 }, null],
  ])('%s', (_, change, message) => {
    expect(judgeCeremonyOrder({ ...ok, ...change })).toBe(message);
  });
});

describe('the text blocks the temple prints from', () => {
  it('a line per tablet with its dates, a line of yang-shang per entry, a line per blessed name', () => {
    const blocks = ceremonyTextBlocks([
      {
        type: '往生',
        form: {
          ...emptyDeceasedForm,
          seat1: '父母',
          name1: '张三',
          birth1: '1930-01-01',
          death1: '2020-01-01',
          seat2: '父母',
          name2: '李四',
          shang1: '张小明',
          shang2: '张小红',
        },
      },
      { type: '往生', form: { ...emptyDeceasedForm, seat1: '累世冤亲债主', shang1: '王五' } },
      { type: '延生', form: { ...emptyBlessingForm, y1: '赵六', birth1: '1990-05-01', y2: '钱七' } },
    ]);
    expect(blocks).toEqual({
      WS_FG_JY: '父母张三 生1930-01-01 殁2020-01-01\n父母李四\n累世冤亲债主',
      WS_YS: '张小明、张小红\n王五',
      WS_FG_ZZ: '赵六 生1990-05-01\n钱七',
    });
  });
});
