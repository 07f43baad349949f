import { Agent, request } from 'node:http';
import type { Believer } from './fixtures';
import { PAY_RESULT } from './fixtures';
import { cpuSeconds, type ServerProcess } from './server-process';

const SECONDS = 10;
/** The dialogs are open already: their connections made and their rows held before the 10 s counted. */
const OPEN_SECONDS = 2;
const TIMEOUT_MS = 5000;

/** Each open dialog is its own browser: one kept-alive connection of its own, reused every second. */
const connections = new Map<string, Agent>();
const connectionOf = (token: string) => {
  let agent = connections.get(token);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    connections.set(token, agent);
  }
  return agent;
};

/**
 * A form post answering its status; a dialog gives a poll up after 5 s (the next is already due).
 * A kept-alive socket the server closed as it was reused is retried once, as a browser does.
 */
const post = (url: string, token: string, body: string, retry = true): Promise<number> =>
  new Promise<number>((done, fail) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: connectionOf(token),
        timeout: TIMEOUT_MS,
        headers: {
          authorization: token,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`over ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (retry && req.reusedSocket && error.code === 'ECONNRESET')
        post(url, token, body, false).then(done, fail);
      else fail(error);
    });
    req.end(body);
  });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * Every believer's QR dialog asks for its own order's status once a second for 10 s, the dialogs
 * spread evenly over the second (dialog i at i/n s), as a festival's registration opening would
 * have them, each on its own kept-alive connection, after 2 s not counted in which the dialogs
 * opened (connections made, the server's rows read). Answers the server's CPU over those 10 s as a share of one core, and the polls' p99.
 */
export const simulateDialogs = async (server: ServerProcess, believers: Believer[]) => {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const failed = (reason: string) => failures.set(reason, (failures.get(reason) ?? 0) + 1);
  const poll = async (b: Believer) => {
    const started = performance.now();
    try {
      const status = await post(
        `${server.origin}${PAY_RESULT}`,
        b.token,
        new URLSearchParams({ jsonObject: JSON.stringify({ out_trade_no: b.orderNo }) }).toString(),
      );
      if (status !== 200) failed(`HTTP ${status}`);
    } catch (error) {
      failed((error as Error).message);
    }
    latencies.push(performance.now() - started);
  };
  const n = believers.length;
  /** Every dialog polls once a second for `seconds`, dialog i at i/n of each second. */
  const pollFor = async (seconds: number) => {
    const polls: Promise<void>[] = [];
    await new Promise<void>((done) => {
      for (let second = 0; second < seconds; second += 1)
        believers.forEach((b, i) => {
          setTimeout(() => polls.push(poll(b)), second * 1000 + (i * 1000) / n);
        });
      setTimeout(done, seconds * 1000 + 10);
    });
    await Promise.all(polls);
  };
  await pollFor(OPEN_SECONDS);
  latencies.length = 0;
  failures.clear();
  const before = cpuSeconds(server.pid);
  const started = performance.now();
  await pollFor(SECONDS);
  const wall = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(server.pid) - before;
  const reasons = [...failures].map(([reason, count]) => `${count} ${reason}`).join(', ');
  return { corePercent: (cpu / wall) * 100, p99: percentile(latencies, 99), failures: reasons };
};
