import * as v from 'valibot';

/**
 * Two answer families, as the temple's existing back end has them (spec 002 sections 7-8):
 * the main app server (`/api/...`) answers `{ status: 200, msg, data }`,
 * the portal (`/portal/...`) answers `{ code: 0, msg, data }`.
 * Errors carry the HTTP status in the body too, with a Chinese `msg`.
 */
export const mainEnvelope = <T extends v.GenericSchema>(data: T) =>
  v.object({ status: v.literal(200), msg: v.optional(v.string(), ''), data });

export const portalEnvelope = <T extends v.GenericSchema>(data: T) =>
  v.object({ code: v.literal(0), msg: v.optional(v.string(), ''), data });

/** A call of the contract: where it goes and what it sends and answers. */
export interface Endpoint<Req extends v.GenericSchema | null, Res extends v.GenericSchema> {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  request: Req;
  response: Res;
  /** 'json' (default) sends a JSON body; 'jsonObject' a form whose field `jsonObject` holds the JSON (the portal's order calls). */
  encoding?: 'json' | 'jsonObject';
}

export const endpoint = <Req extends v.GenericSchema | null, Res extends v.GenericSchema>(
  e: Endpoint<Req, Res>,
): Endpoint<Req, Res> => e;

/** The first issue's message of a failed parse: every schema here carries Chinese messages. */
export const firstMessage = (issues: readonly v.BaseIssue<unknown>[]): string =>
  issues[0]?.message ?? '提交的内容有误';

/**
 * A form judged with its schema: the first message of each top-level field (empty when valid).
 * Views show each beside its field; machines keep them in their snapshot.
 */
export const fieldMessages = (schema: v.GenericSchema, values: unknown): Record<string, string> => {
  const result = v.safeParse(schema, values);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    const name = typeof field === 'string' ? field : 'general';
    messages[name] ??= issue.message;
  }
  return messages;
};
