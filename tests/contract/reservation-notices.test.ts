import { CEREMONY_NOTICES } from '@contract/ceremony';
import { OVER_LIMIT_MESSAGE } from '@contract/money';
import { RESERVATION_NOTICE } from '@contract/payment';
import { SEAT_MESSAGES } from '@contract/seats';
import { STATUE_RESERVATION_NOTICE } from '@contract/statue-form';
import { TABLET_NOTICES } from '@contract/tablet-form';
import { describe, expect, it } from 'vitest';

/**
 * The notices of the 7-day hold. Where the spec gives the words in Chinese they are used verbatim
 * (DESIGN section 5): 002 section 8's 预定成功 says 寺庙, and so does 001's over-limit dialog. The
 * notices the spec gives only in English (000 section 2, 001 section 5, 002 section 2) are the
 * site's own words and name the temple as the glossary does, 寺院.
 */
const verbatim: [string, string, string][] = [
  [
    '预定成功 of a seat (002 section 8)',
    SEAT_MESSAGES.reserved,
    '预定成功，系统将为您保留位置7天，7日内请前往寺庙办理！',
  ],
  ['the over-limit dialog (001 section 5)', OVER_LIMIT_MESSAGE, '功德金超过10000，请前往寺庙办理'],
];

const ownWords: [string, string][] = [
  ['the payment dialog (RESERVATION_NOTICE)', RESERVATION_NOTICE],
  ['the tablet hint (10000 and above)', TABLET_NOTICES.hint],
  ['预定须知 of a tablet', TABLET_NOTICES.reservation],
  ['温馨提示 of a statue', STATUE_RESERVATION_NOTICE],
  ['the ceremony deposit’s hold', CEREMONY_NOTICES.reservation],
];

describe('7-day reservation notices', () => {
  it.each(verbatim)('%s has the spec’s words, character by character', (_, text, spec) => {
    expect([...text]).toEqual([...spec]);
  });

  it.each(ownWords)('%s says 7 days and, in the glossary’s word, 寺院', (_, text) => {
    expect(text).toMatch(/7(天|日)/);
    expect(text).toContain('寺院');
    expect(text).not.toContain('寺庙');
  });
});
