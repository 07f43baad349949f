import * as v from 'valibot';
import { NO_CONTROL, noMarkup } from './wire';

/**
 * The temple's fixed phrases on its tablets (issue 34): the words around the names that every
 * tablet of a kind carries. They are site settings the 内容 staff can change; the believer's
 * preview and the console's printed sheet both compose a tablet with them (tablet-text.ts).
 * The defaults are the wording the believer's preview has always shown (the specification
 * gives none: 000 only says the preview is for reference and the real print prevails).
 */
export interface TabletPhrases {
  /** 往生: the heading (佛力超荐). */
  deceasedHeading: string;
  /** 往生: before a relative's seat and name (故父母张三); the seats of group 1 take none. */
  deceasedPrefix: string;
  /** 往生: after the name (之莲位). */
  deceasedSuffix: string;
  /** 往生: before the yang-shang names (阳上). */
  petitionerLabel: string;
  /** 往生: after the yang-shang names (敬荐). */
  petitionerSuffix: string;
  /** 延生: the heading (佛光注照). */
  blessingHeading: string;
  /** 延生: after the names (长生禄位). */
  blessingSuffix: string;
}

export const DEFAULT_TABLET_PHRASES: Readonly<TabletPhrases> = {
  deceasedHeading: '佛力超荐',
  deceasedPrefix: '故',
  deceasedSuffix: '之莲位',
  petitionerLabel: '阳上',
  petitionerSuffix: '敬荐',
  blessingHeading: '佛光注照',
  blessingSuffix: '长生禄位',
};

/** The phrases in the order the console's form shows them, with their labels. */
export const TABLET_PHRASE_LABELS: Record<keyof TabletPhrases, string> = {
  deceasedHeading: '往生牌位顶题',
  deceasedPrefix: '亲属称谓前',
  deceasedSuffix: '往生牌位名后',
  petitionerLabel: '阳上人名前',
  petitionerSuffix: '阳上人名后',
  blessingHeading: '延生禄位顶题',
  blessingSuffix: '延生禄位名后',
};

/** At most this many characters a phrase: it shares its column with the names. */
export const TABLET_PHRASE_MAX = 8;

/** Said when the phrases are not sent at all (or not as an object). */
export const TABLET_PHRASES_MISSING = '请填写牌位用语';

export const tabletPhraseMessages = (label: string) => ({
  empty: `请填写${label}`,
  tooLong: `${label}最多${TABLET_PHRASE_MAX}个字`,
  invalid: `${label}不能包含尖括号 < > 或控制字符`,
});

/** One phrase: required, trimmed, 1 to 8 characters, no markup, no control characters. */
const phrase = (label: string) => {
  const M = tabletPhraseMessages(label);
  return v.pipe(
    v.string(M.empty),
    v.trim(),
    v.nonEmpty(M.empty),
    v.maxLength(TABLET_PHRASE_MAX, M.tooLong),
    v.regex(NO_CONTROL, M.invalid),
    noMarkup(M.invalid),
  );
};

const KEYS = Object.keys(TABLET_PHRASE_LABELS) as (keyof TabletPhrases)[];

/** The phrases as the console sends them (each refused with its own Chinese message). */
export const tabletPhrasesSchema = v.object(
  Object.fromEntries(KEYS.map((key) => [key, phrase(TABLET_PHRASE_LABELS[key])])) as Record<
    keyof TabletPhrases,
    ReturnType<typeof phrase>
  >,
  TABLET_PHRASES_MISSING,
);

/** The phrases as the site config answers them. */
export const tabletPhrasesAnswer = v.object(
  Object.fromEntries(KEYS.map((key) => [key, v.string()])) as Record<
    keyof TabletPhrases,
    v.StringSchema<undefined>
  >,
);
