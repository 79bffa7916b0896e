/**
 * Server-side answer times from a server process's log: Fastify's 'request completed' lines (pino
 * JSON, LOG_LEVEL info) carry the answer's `responseTime` in ms and the line's `time` (epoch ms),
 * so the fault suites and the benches judge the time the server spent, not the client's queueing.
 */
import { percentile } from '../bench/percentile.ts';

/**
 * One answered request: when it was logged (epoch ms), its time in ms, its HTTP status and its
 * path (from the request's 'incoming request' line, '' when that was not logged).
 */
export interface AnsweredRequest {
  time: number;
  ms: number;
  status: number;
  path: string;
}

/** Every answered request of a server's output, in log order. */
export function answeredRequests(output: string): AnsweredRequest[] {
  const answers: AnsweredRequest[] = [];
  const paths = new Map<string, string>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    if (line.includes('"incoming request"')) {
      const entry = JSON.parse(line);
      paths.set(entry.reqId, String(entry.req?.url ?? '').split('?')[0]);
      continue;
    }
    if (!line.includes('"request completed"')) continue;
    const entry = JSON.parse(line);
    if (entry.msg !== 'request completed') continue;
    const path = paths.get(entry.reqId) ?? '';
    paths.delete(entry.reqId);
    answers.push({ time: entry.time, ms: entry.responseTime, status: entry.res?.statusCode ?? 0, path });
  }
  return answers;
}

/**
 * The p99 (ms) and count of each path among `answers`, slowest first: what a minute's tail was
 * made of.
 */
export function p99ByPath(answers: AnsweredRequest[]): { path: string; p99: number; count: number }[] {
  const byPath = new Map<string, number[]>();
  for (const answer of answers) {
    const times = byPath.get(answer.path) ?? [];
    times.push(answer.ms);
    byPath.set(answer.path, times);
  }
  return [...byPath]
    .map(([path, times]) => ({ path, p99: percentile(times, 99), count: times.length }))
    .sort((a, b) => b.p99 - a.p99);
}

/** The p99 (ms) and count of each whole minute from `start` (epoch ms) of `answers`, in order. */
export function p99PerMinute(answers: AnsweredRequest[], start: number): { p99: number; count: number }[] {
  const minutes: number[][] = [];
  for (const answer of answers) {
    const minute = Math.floor((answer.time - start) / 60_000);
    if (minute < 0) continue;
    while (minutes.length <= minute) minutes.push([]);
    minutes[minute].push(answer.ms);
  }
  return minutes.map((times) => ({ p99: percentile(times, 99), count: times.length }));
}
