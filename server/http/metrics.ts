/**
 * Prometheus metrics (issue 39, docs/deploying.md Metrics) with prom-client, one registry per
 * process: Node's default process metrics; `http_request_duration_seconds` by method, route
 * pattern and status; `quote_requests_total` by carrier and outcome and
 * `carrier_call_duration_seconds` by carrier (the quote worker); `property_data_call_duration_seconds`
 * by provider; the lease runner's `job_claims_total`, `job_runs_total` (by outcome),
 * `job_run_duration_seconds` and `job_leases_lost_total` (docs/decisions/771-one-lease-runner.md);
 * and, read from the database at each scrape, `job_queue_depth` and `job_queue_oldest_age_seconds`.
 * Every job metric is labelled by queue: `quote` for quote_jobs, else the `jobs` kind.
 * `GET /metrics` answers the text format; with METRICS_TOKEN set it needs
 * `Authorization: Bearer <token>` (else 401 in the SPEC §7 envelope).
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Executor, rowsOf } from '../db/database.ts';
import { currentSettings } from '../settings/settings.ts';
import { failure } from './envelope.ts';

/** The process's registry. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Seconds buckets of outside calls (carriers answer within their 20-60 s limits). */
const CALL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60];

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to answer, by method, route pattern and HTTP status.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Quote requests the worker made, by carrier and outcome (quoted, declined, error, timeout...). */
export const quoteRequests = new Counter({
  name: 'quote_requests_total',
  help: 'Quote requests sent to carriers, by carrier and outcome.',
  labelNames: ['carrier', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Time of one carrier quote call, by carrier, in seconds. */
export const carrierCallDuration = new Histogram({
  name: 'carrier_call_duration_seconds',
  help: 'Time of one carrier quote call, by carrier.',
  labelNames: ['carrier'] as const,
  buckets: CALL_BUCKETS,
  registers: [metricsRegistry],
});

/** Jobs claimed by a lease runner, by queue (server/jobs/lease-runner.ts). */
export const jobClaims = new Counter({
  name: 'job_claims_total',
  help: 'Jobs claimed, by queue (quote, or the job kind).',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/** Runs ended, by queue and outcome (done, retried, failed, left, lost, error: lease-runner.ts RunOutcome). */
export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Job runs ended, by queue and outcome (done, retried, failed, left, lost, error).',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Time of one job run, from its claim's answer to its end, by queue, in seconds. */
export const jobRunDuration = new Histogram({
  name: 'job_run_duration_seconds',
  help: 'Time of one job run, by queue.',
  labelNames: ['queue'] as const,
  buckets: CALL_BUCKETS,
  registers: [metricsRegistry],
});

/** Leases a runner lost while running the job (another process may have re-claimed it), by queue. */
export const jobLeasesLost = new Counter({
  name: 'job_leases_lost_total',
  help: 'Job leases lost while the job ran, by queue.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/** Time of one property-data provider call, by provider, in seconds. */
export const propertyDataCallDuration = new Histogram({
  name: 'property_data_call_duration_seconds',
  help: 'Time of one property data provider call, by provider.',
  labelNames: ['provider'] as const,
  buckets: CALL_BUCKETS,
  registers: [metricsRegistry],
});

/** The database the queue gauges read at a scrape (the app's, set by addMetricsRoute). */
let queueDatabase: Executor | null = null;

/** Queued work: count and age of the oldest item due, per queue. */
async function queueRows(db: Executor): Promise<{ queue: string; depth: number; age: number }[]> {
  const rows = rowsOf<{ queue: string; depth: number; age: number | null }>(
    await db.execute(sql`
      SELECT 'quote' AS queue, count(*)::int AS depth,
             extract(epoch FROM now() - min(run_after))::float8 AS age
        FROM quote_jobs WHERE status = 'queued' AND run_after <= now()
      UNION ALL
      SELECT kind, count(*)::int, extract(epoch FROM now() - min(run_after))::float8
        FROM jobs WHERE status = 'queued' AND run_after <= now() GROUP BY kind`),
  );
  return rows.map((row) => ({ queue: row.queue, depth: row.depth, age: Math.max(0, row.age ?? 0) }));
}

let lastQueues: Promise<{ queue: string; depth: number; age: number }[]> | null = null;
/** One query per scrape for both gauges. */
function queuesOfScrape() {
  lastQueues ??= (queueDatabase ? queueRows(queueDatabase) : Promise.resolve([])).finally(() => {
    setImmediate(() => {
      lastQueues = null;
    });
  });
  return lastQueues;
}

new Gauge({
  name: 'job_queue_depth',
  help: 'Jobs queued and due, by queue (quote, or the job kind).',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const row of await queuesOfScrape()) this.set({ queue: row.queue }, row.depth);
  },
});

new Gauge({
  name: 'job_queue_oldest_age_seconds',
  help: 'Age of the oldest queued and due job, by queue, in seconds.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const row of await queuesOfScrape()) this.set({ queue: row.queue }, row.age);
  },
});

/** True when `header` is `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Times every answer into http_request_duration_seconds and serves GET /metrics. */
export function addMetricsRoute(app: FastifyInstance, db: Executor): void {
  queueDatabase = db;
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = currentSettings().METRICS_TOKEN;
    if (token && !bearerMatches(request.headers.authorization, token))
      return reply.code(401).send(failure(401, 'The metrics need the bearer token of METRICS_TOKEN.'));
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
