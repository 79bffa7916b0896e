import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type PacingClock, pacedPostLoad, pacedRun } from './paced-load.ts';

/**
 * A virtual clock: sleep lets pending answers run (one event-loop turn), then moves time on by
 * exactly `ms`, plus `stallMs` once on reaching `stallAt`.
 */
function virtualClock(stallAt = Number.POSITIVE_INFINITY, stallMs = 0) {
  let time = 1000;
  let stalled = false;
  const clock: PacingClock = {
    now: () => time,
    sleep: async (ms) => {
      await new Promise((resolve) => setImmediate(resolve));
      time += ms;
      if (!stalled && time >= stallAt) {
        stalled = true;
        time += stallMs;
      }
    },
  };
  return { clock, advance: (ms: number) => (time += ms) };
}

describe('pacedRun', () => {
  it('sends request n at start + n / rate, not waiting for earlier answers', async () => {
    const { clock } = virtualClock();
    const sentAt: number[] = [];
    const never = new Promise<boolean>(() => {});
    let allSent = () => {};
    const sent = new Promise<void>((resolve) => {
      allSent = resolve;
    });
    void pacedRun({
      rate: 200,
      seconds: 0.5,
      clock,
      send: (n) => {
        sentAt[n] = clock.now();
        if (n === 99) allSent();
        // No answer ever comes: an open loop sends the next requests regardless.
        return never;
      },
    });
    await sent;
    expect(sentAt.map((t) => t - 1000)).toEqual(Array.from({ length: 100 }, (_, n) => n * 5));
  });

  it('never sends before the due time, however early the sleep wakes', async () => {
    // This clock's sleep moves time on by half what was asked, rounded down to whole ms (as
    // Node's timers do from the loop's cached time), so every first wake is early.
    let time = 0;
    const earlyClock: PacingClock = {
      now: () => time,
      sleep: async (ms) => {
        await new Promise((resolve) => setImmediate(resolve));
        time += Math.max(Math.floor(ms / 2), ms < 2 ? ms : 0);
      },
    };
    const sentAt: number[] = [];
    const result = await pacedRun({
      rate: 300,
      seconds: 0.1,
      clock: earlyClock,
      send: async (n) => {
        sentAt[n] = time;
        return true;
      },
    });
    const due = Array.from({ length: 30 }, (_, n) => (n * 1000) / 300);
    expect(sentAt.every((t, n) => t >= due[n])).toBe(true);
    expect(result.p50).toBeGreaterThanOrEqual(0);
  });

  it('counts latency from the due time, so a stalled sender shows in every late request', async () => {
    // The sender stalls 50 ms on reaching t = 1100 (request 20 due at +100 ms): requests 20..29
    // (due +100..+145) go out at +150 together; each answers instantly.
    const { clock } = virtualClock(1100, 50);
    const result = await pacedRun({ rate: 200, seconds: 1, clock, send: async () => true });
    expect(result.requests).toBe(200);
    expect(result.ok).toBe(200);
    expect(result.errors).toBe(0);
    // 10 of 200 requests were late by 50, 45, ..., 5 ms; the rest were on time. The p99 is the
    // 198th of 200 in order: the 8th of the late ones, 40 ms.
    expect(result.p50).toBe(0);
    expect(result.max).toBe(50);
    expect(result.p99).toBe(40);
  });

  it('times each answer from its due time and counts failures and rejections as errors', async () => {
    const { clock, advance } = virtualClock();
    const result = await pacedRun({
      rate: 100,
      seconds: 0.1,
      clock,
      send: async (n) => {
        advance(3);
        if (n === 0) throw new Error('connection refused');
        return n % 2 === 0;
      },
    });
    expect(result.requests).toBe(10);
    expect(result.ok).toBe(4);
    expect(result.errors).toBe(6);
    expect(result.max).toBe(3);
  });
});

describe('pacedPostLoad', () => {
  it('posts every request body to the server and reads each answer', async () => {
    const bodies: unknown[] = [];
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        bodies.push(JSON.parse(text));
        response.writeHead(bodies.length % 5 === 0 ? 500 : 200, { 'content-type': 'application/json' });
        response.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await pacedPostLoad({
        url: `http://127.0.0.1:${port}`,
        path: '/x',
        body: (n) => ({ n }),
        rate: 100,
        seconds: 0.2,
        connections: 4,
      });
      expect(result.requests).toBe(20);
      expect(result.ok).toBe(16);
      expect(result.errors).toBe(4);
      expect(bodies.map((b) => (b as { n: number }).n).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, n) => n),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
