import type { DeliveryRecord } from './types';

/** WeChat's retry schedule after a failed notification, in seconds: 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h. */
export const RETRY_SCHEDULE_SECONDS = [
  15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10_800, 10_800, 10_800, 21_600, 21_600,
];

/** Where a notification goes: a URL reached over HTTP, or handed to an in-process handler (Hono's `app.fetch`). */
export interface NotifyTarget {
  url: string;
  via?: (request: Request) => Response | Promise<Response>;
}

/** One sending of a notification: its bytes and headers are made afresh for every attempt (new timestamp). */
export interface Envelope {
  eventId: string;
  subject: string;
  mode: DeliveryRecord['mode'];
  target: () => NotifyTarget;
  sign: () => { headers: Record<string, string>; body: Buffer };
}

const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * Posts notifications, records every attempt, and retries a scheduled one on WeChat's schedule
 * (scaled by `retryScale`) until it is answered 2xx or the schedule runs out. An attempt with no
 * answer within `timeoutMs` counts as status 0, as does one that could not connect.
 */
export const createNotifier = (options: { retryScale: number; timeoutMs: number }) => {
  const records: DeliveryRecord[] = [];
  const pending = new Set<Promise<unknown>>();
  const cancels = new Set<() => void>();
  const aborts = new Set<AbortController>();
  let closed = false;

  const track = <T>(promise: Promise<T>) => {
    pending.add(promise);
    promise.finally(() => pending.delete(promise)).catch(() => undefined);
    return promise;
  };

  const answerStatus = async (target: NotifyTarget, request: Request) => {
    const response = await (target.via ? target.via(request) : fetch(request));
    await response.arrayBuffer();
    return response.status;
  };

  const post = async (envelope: Envelope, attempt: number) => {
    const target = envelope.target();
    const { headers, body } = envelope.sign();
    const controller = new AbortController();
    aborts.add(controller);
    const started = performance.now();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    const request = new Request(target.url, {
      method: 'POST',
      body: new Uint8Array(body),
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/4.0', ...headers },
      signal: controller.signal,
      redirect: 'manual',
    });
    const timedOut = new Promise<number>((resolve) =>
      controller.signal.addEventListener('abort', () => resolve(0)),
    );
    const status = await Promise.race([answerStatus(target, request), timedOut]).catch(() => 0);
    clearTimeout(timer);
    aborts.delete(controller);
    const { eventId, subject, mode } = envelope;
    records.push({ eventId, subject, attempt, status, ms: Math.round(performance.now() - started), mode });
    return status;
  };

  const later = (ms: number, run: () => Promise<unknown>) =>
    track(
      new Promise<void>((resolve) => {
        const cancel = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          cancels.delete(cancel);
          run().finally(resolve);
        }, ms);
        cancels.add(cancel);
      }),
    );

  const attemptScheduled = async (envelope: Envelope, attempt: number): Promise<number> => {
    const status = await post(envelope, attempt);
    const wait = RETRY_SCHEDULE_SECONDS[attempt - 1];
    if (!is2xx(status) && wait !== undefined && !closed)
      later(wait * 1000 * options.retryScale, () => attemptScheduled(envelope, attempt + 1));
    return status;
  };

  return {
    records: () => records.map((record) => ({ ...record })),
    /** A genuine event: the first attempt's status; failed attempts are retried on the schedule. */
    sendScheduled: (envelope: Envelope) => track(attemptScheduled(envelope, 1)),
    /** One attempt, never retried (the special deliveries). */
    sendOnce: (envelope: Envelope) => track(post(envelope, 1)),
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close() {
      closed = true;
      for (const cancel of cancels) cancel();
      cancels.clear();
      for (const controller of aborts) controller.abort();
    },
  };
};
