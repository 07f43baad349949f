import { CEREMONY_NOTICES } from '@contract/ceremony';
import { OVER_LIMIT_MESSAGE } from '@contract/money';
import { RESERVATION_NOTICE } from '@contract/payment';
import { SEAT_MESSAGES } from '@contract/seats';
import { STATUE_RESERVATION_NOTICE } from '@contract/statue-form';
import { TABLET_NOTICES } from '@contract/tablet-form';
import { describe, expect, it } from 'vitest';

/**
 * Every notice of the 7-day hold names the temple with one word, the glossary's 寺院 (as in
 * 寺院动态, 走进寺院), never 寺庙 beside it. (001's over-limit dialog, 功德金超过10000，请前往寺庙办理,
 * is no reservation notice and stays verbatim.)
 */
const notices: [string, string][] = [
  ['the payment dialog (RESERVATION_NOTICE)', RESERVATION_NOTICE],
  ['预定成功 of a seat (SEAT_MESSAGES.reserved)', SEAT_MESSAGES.reserved],
  ['the tablet hint (10000 and above)', TABLET_NOTICES.hint],
  ['预定须知 of a tablet', TABLET_NOTICES.reservation],
  ['温馨提示 of a statue', STATUE_RESERVATION_NOTICE],
  ['the ceremony deposit’s hold', CEREMONY_NOTICES.reservation],
];

describe('7-day reservation notices', () => {
  it.each(notices)('%s says 7 days and 寺院, never 寺庙', (_, text) => {
    expect(text).toMatch(/7(天|日)/);
    expect(text).toContain('寺院');
    expect(text).not.toContain('寺庙');
  });

  it('the over-limit dialog keeps 001’s words', () => {
    expect(OVER_LIMIT_MESSAGE).toBe('功德金超过10000，请前往寺庙办理');
  });
});
