/**
 * Server-side answer times from a server process's log: Fastify's 'request completed' lines (pino
 * JSON, LOG_LEVEL info) carry the answer's `responseTime` in ms and the line's `time` (epoch ms),
 * so the fault suites and the benches judge the time the server spent, not the client's queueing.
 */
import { percentile } from '../bench/percentile.ts';

/** One answered request: when it was logged (epoch ms), its time in ms and its HTTP status. */
export interface AnsweredRequest {
  time: number;
  ms: number;
  status: number;
}

/** Every answered request of a server's output, in log order. */
export function answeredRequests(output: string): AnsweredRequest[] {
  const answers: AnsweredRequest[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{') || !line.includes('"request completed"')) continue;
    const entry = JSON.parse(line);
    if (entry.msg !== 'request completed') continue;
    answers.push({ time: entry.time, ms: entry.responseTime, status: entry.res?.statusCode ?? 0 });
  }
  return answers;
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
