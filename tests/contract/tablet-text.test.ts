import {
  ALL_BEINGS,
  ANCESTORS,
  CREDITORS,
  emptyBlessingForm,
  emptyDeceasedForm,
  type MemorialEntry,
  SEVEN_GENERATIONS,
  SITE_GUARDIAN,
  tabletEntryOf,
  toJyEntry,
} from '@contract/memorial-entry';
import {
  DEFAULT_TABLET_PHRASES,
  TABLET_PHRASE_LABELS,
  TABLET_PHRASES_MISSING,
  type TabletPhrases,
  tabletPhraseMessages,
  tabletPhrasesSchema,
} from '@contract/tablet-phrases';
import { composeTablets, petitionText, tabletColumns } from '@contract/tablet-text';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/** Issue 34 item 3's example: a deceased father with his son as 阳上. */
const father: MemorialEntry = {
  type: '往生',
  form: { ...emptyDeceasedForm, seat1: '父母', name1: '王德明', shang1: '王小明' },
};

const OTHER: TabletPhrases = {
  deceasedHeading: '仗佛超度',
  deceasedPrefix: '先',
  deceasedSuffix: '往生莲位',
  petitionerLabel: '孝眷',
  petitionerSuffix: '叩荐',
  blessingHeading: '佛光普照',
  blessingSuffix: '延生禄位',
};

describe('composing a tablet (issue 34 item 3)', () => {
  it('the issue’s entry reads 佛力超荐 / 故父母王德明 / 之莲位 / 阳上王小明敬荐 with the default phrases', () => {
    const [tablet, ...more] = composeTablets(tabletEntryOf(father), DEFAULT_TABLET_PHRASES);
    expect(more).toEqual([]);
    expect(tablet).toEqual({
      kind: '往生',
      heading: '佛力超荐',
      names: ['故父母王德明'],
      suffix: '之莲位',
      petition: { label: '阳上', names: ['王小明'], suffix: '敬荐' },
    });
    if (!tablet) throw new Error('one tablet');
    expect(tabletColumns(tablet)).toEqual(['佛力超荐', '故父母王德明', '之莲位', '阳上王小明敬荐']);
  });

  it('every word around the names is the temple’s phrase', () => {
    const [deceased] = composeTablets(tabletEntryOf(father), OTHER);
    expect(deceased && tabletColumns(deceased)).toEqual([
      '仗佛超度',
      '先父母王德明',
      '往生莲位',
      '孝眷王小明叩荐',
    ]);
    const [blessing] = composeTablets({ kind: '延生', tablets: ['李四'], ys: [] }, OTHER);
    expect(blessing && tabletColumns(blessing)).toEqual(['佛光普照', '李四', '延生禄位']);
  });

  it('a relative (and 七世父母) takes the prefix; the seats of group 1 read as they are', () => {
    const jy = toJyEntry(
      {
        ...emptyDeceasedForm,
        seat1: ANCESTORS,
        name1: '王',
        seat2: CREDITORS,
        seat3: SITE_GUARDIAN,
        name3: '上海路1号',
        shang1: '王小明',
      },
      'assembly',
    );
    const names = (tablets: string[]) =>
      composeTablets({ kind: '往生', tablets, ys: ['王小明'] }, DEFAULT_TABLET_PHRASES).flatMap(
        (t) => t.names,
      );
    expect(names([jy.JY1, jy.JY2, jy.JY3])).toEqual(['王氏历代祖先', CREDITORS, '上海路1号地基主']);
    expect(names([ALL_BEINGS, SEVEN_GENERATIONS, '先夫李大'])).toEqual([
      ALL_BEINGS,
      `故${SEVEN_GENERATIONS}`,
      '故先夫李大',
    ]);
    // A name the seat list does not know is printed as stored.
    expect(names(['陈 公讳 大明'])).toEqual(['陈 公讳 大明']);
  });

  it('one tablet a deceased, each with all the 阳上 names; one 禄位 of up to four names', () => {
    const deceased = composeTablets(
      { kind: '往生', tablets: ['父母张三', '', '祖父母张大'], ys: ['张小明', '', '张小红'] },
      DEFAULT_TABLET_PHRASES,
    );
    expect(deceased.map((t) => t.names)).toEqual([['故父母张三'], ['故祖父母张大']]);
    expect(deceased.map(petitionText)).toEqual(['阳上张小明 张小红敬荐', '阳上张小明 张小红敬荐']);
    const blessing = composeTablets(
      { kind: '延生', tablets: ['甲', '乙', '丙', '丁', '戊'], ys: [] },
      DEFAULT_TABLET_PHRASES,
    );
    expect(blessing.map((t) => t.names)).toEqual([['甲', '乙', '丙', '丁'], ['戊']]);
    expect(blessing.map((t) => t.petition)).toEqual([null, null]);
  });

  it('a 往生 tablet without 阳上 names has no petition; an entry without names has no tablet', () => {
    const [alone] = composeTablets({ kind: '往生', tablets: ['父母张三'], ys: [] }, DEFAULT_TABLET_PHRASES);
    expect(alone?.petition).toBeNull();
    expect(alone && tabletColumns(alone)).toEqual(['佛力超荐', '故父母张三', '之莲位']);
    expect(composeTablets({ kind: '往生', tablets: [], ys: ['张小明'] }, DEFAULT_TABLET_PHRASES)).toEqual([]);
  });

  it('the entry of a dialog is what the order stores: JY texts and names trimmed, empty ones out', () => {
    expect(tabletEntryOf(father)).toEqual({ kind: '往生', tablets: ['父母王德明'], ys: ['王小明'] });
    const blessing: MemorialEntry = {
      type: '延生',
      form: { ...emptyBlessingForm, y1: ' 李四 ', y3: '王五' },
    };
    expect(tabletEntryOf(blessing)).toEqual({ kind: '延生', tablets: ['李四', '王五'], ys: [] });
  });
});

describe('the tablet phrases’ rules', () => {
  const first = (input: unknown) => v.safeParse(tabletPhrasesSchema, input).issues?.[0]?.message;
  const M = (key: keyof TabletPhrases) => tabletPhraseMessages(TABLET_PHRASE_LABELS[key]);
  it('the defaults pass, trimmed phrases pass trimmed', () => {
    expect(v.parse(tabletPhrasesSchema, DEFAULT_TABLET_PHRASES)).toEqual(DEFAULT_TABLET_PHRASES);
    expect(v.parse(tabletPhrasesSchema, { ...OTHER, deceasedPrefix: ' 先 ' }).deceasedPrefix).toBe('先');
    expect(
      v.parse(tabletPhrasesSchema, { ...OTHER, blessingSuffix: '长生禄位长生禄位' }).blessingSuffix,
    ).toBe('长生禄位长生禄位');
  });
  it.each<[string, Partial<Record<keyof TabletPhrases, unknown>>, string]>([
    ['empty', { deceasedHeading: '' }, M('deceasedHeading').empty],
    ['only spaces', { deceasedPrefix: '　 ' }, M('deceasedPrefix').empty],
    ['nine characters', { deceasedSuffix: '之莲位之莲位之莲位' }, M('deceasedSuffix').tooLong],
    ['an angle bracket', { petitionerLabel: '阳<上' }, M('petitionerLabel').invalid],
    ['markup', { petitionerSuffix: '<i>敬荐' }, M('petitionerSuffix').invalid],
    ['a line break', { blessingHeading: '佛光\n注照' }, M('blessingHeading').invalid],
    ['not text', { blessingSuffix: 4 }, M('blessingSuffix').empty],
  ])('refuses %s with its message', (_, change, message) => {
    expect(first({ ...DEFAULT_TABLET_PHRASES, ...change })).toBe(message);
  });
  it('says which phrase: 请填写往生牌位顶题, 阳上人名后最多8个字, 延生禄位名后不能包含尖括号 < > …', () => {
    expect(M('deceasedHeading').empty).toBe('请填写往生牌位顶题');
    expect(M('petitionerSuffix').tooLong).toBe('阳上人名后最多8个字');
    expect(M('blessingSuffix').invalid).toBe('延生禄位名后不能包含尖括号 < > 或控制字符');
    expect(first('佛力超荐')).toBe(TABLET_PHRASES_MISSING);
  });
});
