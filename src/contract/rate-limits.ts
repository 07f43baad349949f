/**
 * The limits that slow abuse of the calls anyone can make (issue 13): each is a count per fixed
 * window, kept in the database, so every server instance shares it. Set well above what a real
 * believer ever does (retrying a few times, a family on one home network, a temple's Wi-Fi on a
 * festival day), and low enough that checking many phones or flooding orders takes days.
 */
export interface RateWindow {
  /** Calls allowed in one window. */
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

export const SMS_LIMITS = {
  /**
   * Codes sent to one phone (besides the 60-second cooldown): stops a phone being flooded with SMS.
   * Within the carriers' own (Aliyun: 1 a minute, 5 an hour, 10 a day per number and signature;
   * Tencent Cloud: 1 per 30 s, 10 a day by default): the day below theirs, the hour at theirs (4 would
   * leave a believer fewer tries than the 20 code checks an hour allow). Our windows are fixed, so
   * across a window's edge the carrier may still refuse: that comes back as our own 429 in Chinese.
   */
  perPhone: [
    { limit: 5, windowSeconds: HOUR },
    { limit: 8, windowSeconds: DAY },
  ],
  /**
   * Send-code calls from one address, answered or refused: the call tells a registered phone
   * from an unknown one (409 / 400), so this is also the rate at which an address can check
   * phones: 60 per 10 minutes, 300 a day. Room for a temple's Wi-Fi or a carrier's shared
   * address on a festival morning (and the end-to-end suite, about 32 sends in 4 minutes).
   */
  perAddress: [
    { limit: 60, windowSeconds: 10 * MINUTE },
    { limit: 300, windowSeconds: DAY },
  ],
} as const satisfies Record<string, readonly RateWindow[]>;

export const CODE_CHECK_LIMITS = {
  /** Code checks for one phone from one address, across its codes (each code also locks after 5 wrong tries); per address, so a stranger cannot lock a believer out. */
  perPhone: { limit: 20, windowSeconds: HOUR },
  /** Login and register calls from one address, whatever they answer (twice the sends: a code may be mistyped). */
  perAddress: { limit: 120, windowSeconds: 10 * MINUTE },
} as const satisfies Record<string, RateWindow>;

export const ORDER_LIMITS = {
  /** Orders one believer creates (prePay), idempotent retries included. */
  perBeliever: { limit: 100, windowSeconds: HOUR },
  /** Orders created from one address, by any believer. */
  perAddress: { limit: 300, windowSeconds: HOUR },
} as const satisfies Record<string, RateWindow>;

export const PHONE_PAYMENT_LIMITS = {
  /**
   * 继续支付 (payOn) by one believer: each may close a trade at WeChat and open another. A believer
   * moving an order between a computer and a phone a few times, over a few orders, stays far below.
   */
  payOnPerBeliever: { limit: 60, windowSeconds: HOUR },
  /**
   * WeChat web-login codes exchanged from one address: each asks WeChat. A tab inside WeChat asks
   * once, and again after its 2 hours; room for a temple's Wi-Fi full of believers on a festival day.
   */
  visitsPerAddress: { limit: 120, windowSeconds: 10 * MINUTE },
} as const satisfies Record<string, RateWindow>;

/** A wait as the messages say it: seconds under a minute, then whole minutes, then whole hours (rounded up). */
export const waitText = (seconds: number): string => {
  if (seconds < MINUTE) return `${seconds}秒`;
  if (seconds < HOUR) return `${Math.ceil(seconds / MINUTE)}分钟`;
  return `${Math.ceil(seconds / HOUR)}小时`;
};
