import type { Context } from 'hono';
import * as v from 'valibot';
import { INPUT_REJECTED, REQUEST_MALFORMED } from './error-answers';
import { badRequest } from './errors';

/** The main app server's success envelope (spec 002 section 8: success when status is 200). */
export const okBody = <T>(data: T, msg = '操作成功') => ({ status: 200, msg, data });
export const ok = <T>(c: Context, data: T, msg?: string) => c.json(okBody(data, msg));

/** The portal's success envelope (spec 000 section 7: code 0). */
export const portalOkBody = <T>(data: T, msg = '操作成功') => ({ code: 0, msg, data });
export const portalOk = <T>(c: Context, data: T, msg?: string) => c.json(portalOkBody(data, msg));

const UNSTORABLE_REFUSED = '提交的内容含有无法识别的字符';
const HAN = /\p{Script=Han}/u;

/** Valibot's default messages (`Invalid type: Expected Array but received "…"`) all begin so. */
const VALIBOT_DEFAULT = /^Invalid /;

/**
 * The message a refusal carries: the schema's own when it is one of ours (Chinese and short),
 * never valibot's English default, which names the field and echoes what was received (and holds
 * Han characters when the input does, so the Han test alone cannot tell it from ours).
 */
const refusalMessage = (issues: readonly v.BaseIssue<unknown>[]): string => {
  const message = issues[0]?.message ?? '';
  return HAN.test(message) && message.length <= 80 && !VALIBOT_DEFAULT.test(message)
    ? message
    : INPUT_REJECTED;
};

/**
 * NUL, which PostgreSQL cannot store, and a lone UTF-16 surrogate (a JSON `\ud800`), which is no
 * character at all and which PostgreSQL's jsonb refuses. In `u` mode a surrogate pair is one code
 * point, so only a lone half matches.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Whether any string in the input (keys included) holds a character that cannot be stored. */
const holdsUnstorable = (input: unknown, depth = 0): boolean => {
  if (typeof input === 'string') return unstorable(input);
  if (depth > 32 || typeof input !== 'object' || input === null) return false;
  return Object.entries(input).some(([key, value]) => unstorable(key) || holdsUnstorable(value, depth + 1));
};

/**
 * The one way input enters the server: validated with the contract's schema before anything
 * reaches the database. A bad input is a 400 with a Chinese message that never echoes it.
 */
export const parseWith = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => {
  if (holdsUnstorable(input)) throw badRequest(UNSTORABLE_REFUSED);
  const result = v.safeParse(schema, input);
  if (!result.success) throw badRequest(refusalMessage(result.issues));
  return result.output;
};

/**
 * A url-encoded form's fields (the last of a repeated name wins, as Hono's parseBody has it),
 * read from the text: parseBody goes through a WHATWG Request and FormData, which cost the
 * 1-second payment poll more than the rest of its answer.
 */
const urlEncodedFields = (text: string): Record<string, string> => {
  const form: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) form[name] = value;
  return form;
};

/** A body of this Content-Type is read from its text (JSON or a url-encoded form); a multipart form is not. */
export const textBody = (type: string): boolean =>
  type.includes('application/json') ||
  (type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data'));

/**
 * A JSON or url-encoded body (textBody) from its text: the JSON, or the JSON in a form's
 * `jsonObject` field, or the form's fields. Throws on a malformed one.
 */
export const bodyOfText = (type: string, text: string): unknown => {
  if (type.includes('application/json')) return JSON.parse(text);
  const form = urlEncodedFields(text);
  return typeof form.jsonObject === 'string' ? JSON.parse(form.jsonObject) : form;
};

/**
 * The request body as the contract expects it: JSON, or a form whose `jsonObject` field holds
 * the JSON (the portal's order calls), or plain form fields. Anything else is refused.
 */
export const readBody = async (c: Context): Promise<unknown> => {
  const type = c.req.header('content-type') ?? '';
  try {
    if (textBody(type)) return bodyOfText(type, await c.req.text());
    if (type.includes('multipart/form-data')) {
      const form = await c.req.parseBody();
      return typeof form.jsonObject === 'string' ? JSON.parse(form.jsonObject) : form;
    }
  } catch {
    throw badRequest(REQUEST_MALFORMED);
  }
  return {};
};

export const body = async <S extends v.GenericSchema>(c: Context, schema: S) =>
  parseWith(schema, await readBody(c));

export const query = <S extends v.GenericSchema>(c: Context, schema: S) => parseWith(schema, c.req.query());

export const param = <S extends v.GenericSchema>(c: Context, name: string, schema: S) =>
  parseWith(schema, c.req.param(name));
