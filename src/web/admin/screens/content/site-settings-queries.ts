import { consoleApi } from '@contract/console';
import { fieldMessages } from '@contract/envelope';
import { type SiteSettings, type SiteSettingsAnswer, siteSettingsSchema } from '@contract/site-settings';
import { TABLET_PHRASE_LABELS, type TabletPhrases } from '@contract/tablet-phrases';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

/** The site's settings as stored, with their version (sent back on 保存) and the edited fields. */
export const siteSettingsQuery = queryOptions({
  queryKey: ['console', 'site'],
  queryFn: () => consoleCall(consoleApi.siteSettings, { quiet: true }),
});

/** A friendly link as the form edits it: `id` keeps a row's inputs its own when another is removed. */
export interface LinkRow {
  id: number;
  name: string;
  url: string;
}
/** A clause of 佛事预约须知 as the form edits it (rows are added and removed, so each keeps an `id`). */
export interface ClauseRow {
  id: number;
  text: string;
}
export type SiteSettingsValues = Omit<SiteSettings, 'friendlyLinks' | 'ceremonyRules'> & {
  friendlyLinks: LinkRow[];
  ceremonyRules: ClauseRow[];
};

export const MAX_LINKS = 8;

/** The form's values of what the server answered (rows numbered from 0). */
export const valuesOf = (settings: SiteSettingsAnswer['settings']): SiteSettingsValues => ({
  ...settings,
  friendlyLinks: settings.friendlyLinks.map((link, id) => ({ id, name: link.name, url: link.url })),
  ceremonyRules: settings.ceremonyRules.map((text, id) => ({ id, text })),
});

/** The settings whose rows or parts carry their own messages (valibot's nested path). */
const LISTS = ['friendlyLinks', 'registrationRules', 'ceremonyRules', 'tabletPhrases'] as const;
type NoticeList = 'registrationRules' | 'ceremonyRules';

/** The field name of a clause's textarea: `registrationRules.N` / `ceremonyRules.N` (from 0). */
export const clauseField = (list: NoticeList, index: number) => `${list}.${index}`;

/** The field names of a link row's inputs, as the messages and the `data-field` wrappers name them. */
export const linkField = (index: number, part: 'name' | 'url') => `friendlyLinks.${index}.${part}`;

/** The field name of a tablet phrase's input: `tabletPhrases.deceasedHeading` … */
export const phraseField = (key: keyof TabletPhrases) => `tabletPhrases.${key}`;

/** Every field in the order of the page, for focusing the first one with a message. */
export const fieldOrder = (values: SiteSettingsValues): string[] => [
  'templeName',
  'templeNameEn',
  'address',
  'phone',
  'receptionPhone',
  'wechat',
  'icpLicence',
  'policeLicence',
  'religiousLicence',
  'friendlyLinks',
  ...values.friendlyLinks.flatMap((_, index) => [linkField(index, 'name'), linkField(index, 'url')]),
  'mobileSiteUrl',
  'registrationRules',
  ...values.registrationRules.map((_, index) => clauseField('registrationRules', index)),
  'ceremonyRules',
  ...values.ceremonyRules.map((_, index) => clauseField('ceremonyRules', index)),
  ...(Object.keys(TABLET_PHRASE_LABELS) as (keyof TabletPhrases)[]).map(phraseField),
];

/**
 * The contract's judgement of the form: one message per field, a row's by its input
 * (`friendlyLinks.N.name` / `.url`, `registrationRules.N`, `ceremonyRules.N`: valibot's nested
 * path) and a list's own (too many, too few, a clause twice) as the list's name; with no message,
 * the settings to send (trimmed, as the server stores them).
 */
export const judge = (
  values: SiteSettingsValues,
): { errors: Record<string, string>; settings: SiteSettings | null } => {
  const plain = {
    ...values,
    friendlyLinks: values.friendlyLinks.map(({ name, url }) => ({ name, url })),
    ceremonyRules: values.ceremonyRules.map(({ text }) => text),
  };
  const errors = fieldMessages(siteSettingsSchema, plain);
  for (const list of LISTS) delete errors[list];
  const result = v.safeParse(siteSettingsSchema, plain);
  if (result.success) return { errors, settings: result.output };
  for (const issue of result.issues) {
    const path = issue.path?.map((item) => String(item.key)) ?? [];
    if ((LISTS as readonly string[]).includes(path[0] ?? '')) errors[path.join('.')] ??= issue.message;
  }
  return { errors, settings: null };
};
