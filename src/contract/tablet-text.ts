import { parseJyText, SEPARATE_SEATS, SEVEN_GENERATIONS, type TabletEntry } from './memorial-entry';
import type { TabletPhrases } from './tablet-phrases';

/**
 * What a tablet shows, composed once for the believer's preview and the console's printed sheet
 * (issue 34: the printed tablet is the tablet the believer approved). Reading order is right to
 * left, each column top to bottom: the heading, the names, the suffix, then the petition.
 */
export interface TabletLines {
  kind: TabletEntry['kind'];
  heading: string;
  /** One column a name; a relative's with the prefix (故父母张三). */
  names: string[];
  suffix: string;
  /** 往生 with 阳上 names: 阳上 … 敬荐; null for blessings and for an entry without them. */
  petition: { label: string; names: string[]; suffix: string } | null;
}

/** One 延生 tablet holds up to four names (research 6.1); an entry has at most three. */
export const NAMES_PER_BLESSING = 4;

/** A relative (a separate seat, 七世父母) takes the prefix; the seats of group 1 read as they are. */
const takesPrefix = (jy: string) => {
  const { seat } = parseJyText(jy);
  return (SEPARATE_SEATS as readonly string[]).includes(seat) || seat === SEVEN_GENERATIONS;
};

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/**
 * The tablets of an entry with the temple's phrases: a 延生 entry is one red 禄位 of its names;
 * each name of a 往生 entry is one yellow 莲位 (spec 000: up to three deceased tablets) bearing the
 * entry's 阳上 names. Names are kept exactly as stored; only empty ones are left out.
 */
export const composeTablets = (entry: TabletEntry, phrases: TabletPhrases): TabletLines[] => {
  const names = entry.tablets.filter((name) => name !== '');
  if (entry.kind === '延生')
    return chunks(names, NAMES_PER_BLESSING).map((group) => ({
      kind: '延生',
      heading: phrases.blessingHeading,
      names: group,
      suffix: phrases.blessingSuffix,
      petition: null,
    }));
  const ys = entry.ys.filter((name) => name !== '');
  const petition =
    ys.length > 0 ? { label: phrases.petitionerLabel, names: ys, suffix: phrases.petitionerSuffix } : null;
  return names.map((name) => ({
    kind: '往生',
    heading: phrases.deceasedHeading,
    names: [takesPrefix(name) ? `${phrases.deceasedPrefix}${name}` : name],
    suffix: phrases.deceasedSuffix,
    petition,
  }));
};

/** The petition as one column (阳上王小明 王小红敬荐), '' when the tablet has none. */
export const petitionText = (tablet: TabletLines): string =>
  tablet.petition
    ? `${tablet.petition.label}${tablet.petition.names.join(' ')}${tablet.petition.suffix}`
    : '';

/** A tablet's columns as one reads them: heading, names, suffix, then the petition if any. */
export const tabletColumns = (tablet: TabletLines): string[] =>
  [tablet.heading, ...tablet.names, tablet.suffix, petitionText(tablet)].filter(Boolean);
