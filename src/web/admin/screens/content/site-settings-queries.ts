import { consoleApi } from '@contract/console';
import { fieldMessages } from '@contract/envelope';
import { type SiteSettings, type SiteSettingsAnswer, siteSettingsSchema } from '@contract/site-settings';
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
export type SiteSettingsValues = Omit<SiteSettings, 'friendlyLinks'> & { friendlyLinks: LinkRow[] };

export const MAX_LINKS = 8;

/** The form's values of what the server answered (rows numbered from 0). */
export const valuesOf = (settings: SiteSettingsAnswer['settings']): SiteSettingsValues => ({
  ...settings,
  friendlyLinks: settings.friendlyLinks.map((link, id) => ({ id, name: link.name, url: link.url })),
});

/** The field names of a link row's inputs, as the messages and the `data-field` wrappers name them. */
export const linkField = (index: number, part: 'name' | 'url') => `friendlyLinks.${index}.${part}`;

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
];

/**
 * The contract's judgement of the form: one message per field, a link's by its input
 * (`friendlyLinks.N.name` / `.url`, valibot's nested path) and the list's own (too many) as
 * `friendlyLinks`; with no message, the settings to send (trimmed, as the server stores them).
 */
export const judge = (
  values: SiteSettingsValues,
): { errors: Record<string, string>; settings: SiteSettings | null } => {
  const plain = { ...values, friendlyLinks: values.friendlyLinks.map(({ name, url }) => ({ name, url })) };
  const { friendlyLinks: _, ...errors } = fieldMessages(siteSettingsSchema, plain);
  const result = v.safeParse(siteSettingsSchema, plain);
  if (result.success) return { errors, settings: result.output };
  for (const issue of result.issues) {
    const path = issue.path?.map((item) => String(item.key)) ?? [];
    if (path[0] === 'friendlyLinks') errors[path.join('.')] ??= issue.message;
  }
  return { errors, settings: null };
};
