/**
 * An evenly paced, open-loop load for the API bench's offered-rate rows
 * (docs/decisions/630-paced-open-loop-load.md, issue 18 "p99 <= 20 ms at 1,000 req/s offered").
 * Request i is due at `start + i / rate` seconds, whatever the answers before it: a late answer
 * never delays the next send (open loop). Each latency is counted from the request's due time,
 * not from when it was actually sent, so time spent waiting for the bench process's timer, for a
 * free connection or behind a slow answer counts (no coordinated omission). Requests go over an
 * undici Pool of `connections` keep-alive connections, one request in flight each; a request due
 * while all are busy waits in the pool's queue, and that wait counts too.
 */
import { Pool } from 'undici';
import { percentile } from './percentile.ts';

/** The clock of a paced run, in milliseconds; a test passes a virtual one. */
export interface PacingClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Wall clock: performance.now() and setTimeout. */
export const wallClock: PacingClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** What a paced run measured; latencies in ms from each request's due time. */
export interface PacedResult {
  /** Requests sent (rate x seconds, rounded). */
  requests: number;
  /** Answers that were 2xx. */
  ok: number;
  /** Non-2xx answers plus requests that failed (connection errors). */
  errors: number;
  /** Answers per second over the run, from the first due time to the last answer. */
  achievedPerS: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Sends `send(0)`, `send(1)`, ... each at its due time (`rate` per second for `seconds`), never
 * before it (a sleep that wakes early is slept again) and never waiting for an answer before the
 * next send, and returns the latencies counted from the due times. `send` resolves true for a
 * success and false for a failure; a rejection counts as a failure.
 */
export async function pacedRun(options: {
  rate: number;
  seconds: number;
  send: (n: number) => Promise<boolean>;
  clock?: PacingClock;
}): Promise<PacedResult> {
  const { rate, seconds, send, clock = wallClock } = options;
  const total = Math.round(rate * seconds);
  const latencies: number[] = new Array(total);
  const answers: Promise<void>[] = [];
  let ok = 0;
  const start = clock.now();
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / rate;
    // A timer may wake early (Node rounds a delay to whole ms from the loop's cached time), and a
    // request sent before its due time would show a latency below its real one.
    for (let wait = due - clock.now(); wait > 0; wait = due - clock.now()) await clock.sleep(wait);
    answers.push(
      send(n).then(
        (success) => {
          latencies[n] = clock.now() - due;
          if (success) ok++;
        },
        () => {
          latencies[n] = clock.now() - due;
        },
      ),
    );
  }
  await Promise.all(answers);
  const elapsedMs = clock.now() - start;
  return {
    requests: total,
    ok,
    errors: total - ok,
    achievedPerS: elapsedMs > 0 ? (total * 1000) / elapsedMs : Number.NaN,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
  };
}

/**
 * A paced run of JSON POSTs to `url` + `path` over `connections` keep-alive connections (undici
 * Pool, no pipelining), the n-th request's body being `body(n)`. The answer is read in full.
 */
export async function pacedPostLoad(options: {
  url: string;
  path: string;
  body: (n: number) => object;
  rate: number;
  seconds: number;
  connections: number;
}): Promise<PacedResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  try {
    return await pacedRun({
      rate: options.rate,
      seconds: options.seconds,
      send: async (n) => {
        const answer = await pool.request({
          method: 'POST',
          path: options.path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(options.body(n)),
        });
        await answer.body.arrayBuffer();
        return answer.statusCode >= 200 && answer.statusCode < 300;
      },
    });
  } finally {
    await pool.close();
  }
}
