import * as v from 'valibot';

export const PHONE_MESSAGES = {
  empty: '请填写手机号码',
  invalid: '请填写正确的手机号码',
} as const;

/**
 * Mainland mobile numbers (spec 002 section 5): 13x, 145/147, 15x except 154, 166, 17x, 18x, 19x,
 * then 8 digits.
 */
export const MOBILE_PATTERN = /^(?:13\d|14[57]|15[0-35-9]|166|17\d|18\d|19\d)\d{8}$/;

/** The phone and code inputs keep digits only, up to their length (pasted spaces and dashes go first). */
export const digitsOnly = (text: string, maxLength: number): string =>
  text.replace(/\D/g, '').slice(0, maxLength);

export const phoneSchema = v.pipe(
  v.string(PHONE_MESSAGES.empty),
  v.nonEmpty(PHONE_MESSAGES.empty),
  v.regex(MOBILE_PATTERN, PHONE_MESSAGES.invalid),
);

/** 138****5678: the header shows the phone with its middle four digits masked. */
export const maskPhone = (phone: string): string =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
