import {
  CREDITORS,
  emptyBlessingForm,
  emptyDeceasedForm,
  type MemorialEntry,
  toJyEntry,
  toZzEntry,
} from '@contract/memorial-entry';
import { DEFAULT_TABLET_PHRASES, type TabletPhrases } from '@contract/tablet-phrases';
import { render, screen, within } from '@testing-library/react';
import { TabletCard } from '@web/admin/screens/rosters/tablet-card';
import { tabletsOf } from '@web/admin/screens/rosters/tablet-layout';
import { TabletPreview } from '@web/shared/memorial-entry/tablet-preview';
import { describe, expect, it } from 'vitest';

/**
 * Issue 34 item 3: the printed tablet is the tablet the believer approved. From one entry the
 * believer saves, the preview in the order dialog and the 牌位打印 sheet's tablets (from the
 * roster entry the server keeps of that order) read the same text in the same order.
 */

/** The example: 故父母王德明 with 阳上王小明. */
const father: MemorialEntry = {
  type: '往生',
  form: { ...emptyDeceasedForm, seat1: '父母', name1: '王德明', shang1: '王小明' },
};
/** Two deceased of group 1 with two 阳上. */
const creditors: MemorialEntry = {
  type: '往生',
  form: {
    ...emptyDeceasedForm,
    seat1: CREDITORS,
    seat2: '□氏历代祖先',
    name2: '王',
    shang1: '王小明',
    shang2: '王小红',
  },
};
const blessing: MemorialEntry = { type: '延生', form: { ...emptyBlessingForm, y1: '李四', y2: '李五' } };

/**
 * The roster entry of an order with this entry: its wire entry (JY1..3 with YS1..6, or ZZ1..3) as
 * the server stores it (tablet1..3, ys1..6) and the roster answers it (empty names left out).
 */
const rosterEntryOf = (entry: MemorialEntry, n: number) => {
  const base = {
    paid: true,
    outTradeNo: `WF2026112210000000000${n}`,
    births: [],
    deaths: [],
    cause: '',
    address: '',
    remark: '',
  };
  if (entry.type === '延生') {
    const zz = toZzEntry(entry.form, 'assembly');
    return { ...base, kind: '延生' as const, tablets: [zz.ZZ1, zz.ZZ2, zz.ZZ3].filter(Boolean), ys: [] };
  }
  const jy = toJyEntry(entry.form, 'assembly');
  return {
    ...base,
    kind: '往生' as const,
    tablets: [jy.JY1, jy.JY2, jy.JY3].filter(Boolean),
    ys: [jy.YS1, jy.YS2, jy.YS3, jy.YS4, jy.YS5, jy.YS6].filter(Boolean),
  };
};

/** What a tablet reads, in document order (right to left, top to bottom), spacing aside. */
const reading = (element: Element) => (element.textContent ?? '').replace(/[\s\u3000]+/g, '');

const bothOf = (entries: MemorialEntry[], phrases: TabletPhrases) => {
  const preview = render(<TabletPreview entries={entries} phrases={phrases} />);
  const previewed = within(preview.container).getAllByRole('img').map(reading);
  preview.unmount();
  const tablets = tabletsOf(
    entries.map((entry, n) => rosterEntryOf(entry, n)),
    false,
    phrases,
  );
  render(
    <div>
      {tablets.map((tablet) => (
        <TabletCard key={tablet.id} tablet={tablet} />
      ))}
    </div>,
  );
  const printed = screen.getAllByRole('article').map(reading);
  return { previewed, printed };
};

describe('the believer’s preview and the printed sheet', () => {
  it('read the same text for the issue’s entry: 佛力超荐 故父母王德明 之莲位 阳上王小明敬荐', () => {
    const { previewed, printed } = bothOf([father], DEFAULT_TABLET_PHRASES);
    expect(printed).toEqual(['佛力超荐故父母王德明之莲位阳上王小明敬荐']);
    expect(previewed).toEqual(printed);
  });

  it('read the same tablets for several entries, one a deceased, each with its 阳上', () => {
    const { previewed, printed } = bothOf([father, creditors, blessing], DEFAULT_TABLET_PHRASES);
    expect(printed).toEqual([
      '佛力超荐故父母王德明之莲位阳上王小明敬荐',
      '佛力超荐累世冤亲债主之莲位阳上王小明王小红敬荐',
      '佛力超荐王氏历代祖先之莲位阳上王小明王小红敬荐',
      '佛光注照李四李五长生禄位',
    ]);
    expect(previewed).toEqual(printed);
  });

  it('both follow the temple’s phrases when the 内容 staff change them', () => {
    const phrases: TabletPhrases = {
      deceasedHeading: '仗佛超度',
      deceasedPrefix: '先',
      deceasedSuffix: '往生莲位',
      petitionerLabel: '孝眷',
      petitionerSuffix: '叩荐',
      blessingHeading: '佛光普照',
      blessingSuffix: '延生禄位',
    };
    const { previewed, printed } = bothOf([father, blessing], phrases);
    expect(printed).toEqual(['仗佛超度先父母王德明往生莲位孝眷王小明叩荐', '佛光普照李四李五延生禄位']);
    expect(previewed).toEqual(printed);
  });
});
