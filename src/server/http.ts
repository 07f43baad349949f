import { firstMessage } from '@contract/envelope';
import type { Context } from 'hono';
import * as v from 'valibot';
import { badRequest } from './errors';

/** The main app server's success envelope (spec 002 section 8: success when status is 200). */
export const ok = <T>(c: Context, data: T, msg = '操作成功') => c.json({ status: 200, msg, data });

/** The portal's success envelope (spec 000 section 7: code 0). */
export const portalOk = <T>(c: Context, data: T, msg = '操作成功') => c.json({ code: 0, msg, data });

/**
 * The request body as the contract expects it: JSON, or a form whose `jsonObject` field holds
 * the JSON (the portal's order calls), or plain form fields.
 */
export const readBody = async (c: Context): Promise<unknown> => {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) return await c.req.json();
    if (type.includes('form')) {
      const form = await c.req.parseBody();
      return typeof form.jsonObject === 'string' ? JSON.parse(form.jsonObject) : form;
    }
  } catch {
    throw badRequest('请求内容格式不正确');
  }
  return {};
};

/** Validates with the contract's schema; a bad input is a 400 with the schema's Chinese message. */
export const parseWith = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, input);
  if (!result.success) throw badRequest(firstMessage(result.issues));
  return result.output;
};

export const body = async <S extends v.GenericSchema>(c: Context, schema: S) =>
  parseWith(schema, await readBody(c));

export const query = <S extends v.GenericSchema>(c: Context, schema: S) => parseWith(schema, c.req.query());
