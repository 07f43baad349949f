import type { SiteSettingsAnswer } from '@contract/site-settings';
import { DEFAULT_TABLET_PHRASES, TABLET_PHRASE_LABELS, tabletPhraseMessages } from '@contract/tablet-phrases';
import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldCalls, ok } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

/** Issue 34 item 3: 站点信息 › 牌位用语, the tablets' fixed phrases the 内容 staff edit. */
const SITE = '/admin/api/site';
const stored: SiteSettingsAnswer = { settings: defaultSiteConfig, version: 5, edited: [] };

const open = () => {
  const saves = heldCalls();
  const page = renderConsole('#/site', { [`GET ${SITE}`]: () => ok(stored), [`PUT ${SITE}`]: saves.next }, [
    'content',
  ]);
  return { ...page, saves };
};
const phrases = async () =>
  within(await screen.findByRole('group', { name: '牌位用语' }, { timeout: 15_000 }));
const box = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const save = () => screen.getByRole('button', { name: '保存' });

describe('站点信息 › 牌位用语', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('shows each phrase, required, with the wording it starts from', async () => {
    open();
    const group = await phrases();
    expect(within(group.getByRole('group', { name: '往生莲位' })).getAllByRole('textbox')).toHaveLength(5);
    expect(within(group.getByRole('group', { name: '延生禄位' })).getAllByRole('textbox')).toHaveLength(2);
    const heading = box(TABLET_PHRASE_LABELS.deceasedHeading);
    expect(heading).toHaveValue('佛力超荐');
    expect(heading).toBeRequired();
    expect(heading).toHaveAccessibleDescription('默认：佛力超荐');
    expect(box(TABLET_PHRASE_LABELS.petitionerSuffix)).toHaveValue('敬荐');
  });

  it('an emptied phrase and one too long are said beside them, the first focused; nothing is sent', async () => {
    const page = open();
    await phrases();
    await page.user.clear(box(TABLET_PHRASE_LABELS.deceasedSuffix));
    await page.user.type(box(TABLET_PHRASE_LABELS.blessingSuffix), '长生禄位长生');
    await page.user.click(save());
    const suffix = box(TABLET_PHRASE_LABELS.deceasedSuffix);
    expect(suffix).toHaveAttribute('aria-invalid', 'true');
    expect(suffix).toHaveAccessibleDescription(
      `${tabletPhraseMessages(TABLET_PHRASE_LABELS.deceasedSuffix).empty} 默认：之莲位`,
    );
    expect(suffix).toHaveFocus();
    expect(box(TABLET_PHRASE_LABELS.blessingSuffix)).toHaveAccessibleDescription(
      new RegExp(`^${tabletPhraseMessages(TABLET_PHRASE_LABELS.blessingSuffix).tooLong}`),
    );
    expect(box(TABLET_PHRASE_LABELS.deceasedHeading)).not.toHaveAttribute('aria-invalid');
    expect(page.callsTo('PUT', SITE)).toHaveLength(0);
    await page.user.type(suffix, '往生莲位');
    expect(suffix).not.toHaveAttribute('aria-invalid');
  });

  it('a saved phrase is sent trimmed with the others as read', async () => {
    const page = open();
    await phrases();
    await page.user.clear(box(TABLET_PHRASE_LABELS.petitionerSuffix));
    await page.user.type(box(TABLET_PHRASE_LABELS.petitionerSuffix), ' 叩荐 ');
    await page.user.click(save());
    const sent = { ...DEFAULT_TABLET_PHRASES, petitionerSuffix: '叩荐' };
    expect(page.callsTo('PUT', SITE).map((call) => call.body)).toEqual([
      { settings: { ...defaultSiteConfig, tabletPhrases: sent }, version: 5 },
    ]);
    page.saves.answer(ok({ ...stored, settings: { ...defaultSiteConfig, tabletPhrases: sent }, version: 6 }));
    await vi.waitFor(() => expect(box(TABLET_PHRASE_LABELS.petitionerSuffix)).toHaveValue('叩荐'));
  });
});
