/**
 * Request ids and health probes (issue 39): server/http/request-id.ts and health-routes.ts, on
 * PGlite and PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples } from '../../../schemas/schema-set.ts';
import { rowsOf } from '../../../server/db/database.ts';
import { quoteJobs } from '../../../server/db/schema.ts';
import { DRAINING_MESSAGE, notReadyReason } from '../../../server/http/health-routes.ts';
import { requestIdOf } from '../../../server/http/request-id.ts';
import { enqueueJob } from '../../../server/repositories/jobs-repository.ts';
import { REPORT_EXPORT_CLEANUP_KIND } from '../../../server/services/report-export-cleanup-job.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps 1 to 128 letters, digits and . _ : -, and makes a UUID of anything else', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/), (id) => {
        expect(requestIdOf(id)).toBe(id);
      }),
    );
    for (const unsafe of [undefined, '', 'a b', 'x'.repeat(129), 'id\nforged: line', '<script>', ['a', 'b']])
      expect(requestIdOf(unsafe)).toMatch(UUID);
  });
});

describe.each(DATABASE_KINDS)('request ids and probes on %s', (kind) => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, {
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a safe X-Request-Id, echoes it and logs every line of the request with it', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/is-it-working-hour',
      headers: { 'x-request-id': 'lb-7f3a.2' },
    });
    expect(answer.headers['x-request-id']).toBe('lb-7f3a.2');
    const ofRequest = lines.filter((line) => line.reqId === 'lb-7f3a.2');
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    const unsafe = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b' } });
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
  });

  it('stores the id of the request on the quote jobs it enqueues', async () => {
    const session_key = await t.loginAs('agent@demo.test');
    const created = await t.post('agent-portal/create-new-application', {
      session_key,
      address: MIAMI,
    });
    const id: number = created.body.data.application.id;
    const launched = await t.app.inject({
      method: 'POST',
      url: '/api/agent-portal/launch-application',
      headers: { 'x-request-id': 'launch-42' },
      payload: { session_key, application_id: id, address_details: structuredClone(examples.primary) },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const jobs = await t.db.select().from(quoteJobs).where(eq(quoteJobs.application_id, id));
    expect(jobs.length).toBeGreaterThan(0);
    expect(new Set(jobs.map((job) => job.request_id))).toEqual(new Set(['launch-42']));
  });

  it('answers /healthz and /readyz, and /readyz 503 in the envelope when a migration is missing or while draining', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
    expect(await notReadyReason(t.db)).toBeNull();

    const [last] = rowsOf<{ name: string }>(
      await t.db.execute(
        sql`DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name`,
      ),
    );
    const missing = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([missing.statusCode, missing.json().message]).toEqual([
      503,
      'Not ready: 1 migration(s) not applied.',
    ]);
    await t.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${last.name})`);

    expect(await t.app.drain.begin(1000)).toBe(true);
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({
      status: 'error',
      code: 503,
      message: DRAINING_MESSAGE,
      data: null,
      error_obj: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  const tokenBefore = process.env.METRICS_TOKEN;

  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    if (tokenBefore === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = tokenBefore;
    await t?.close();
  });

  it('answers Prometheus text with process, request, quote, job runner and queue metrics, behind METRICS_TOKEN when set', async () => {
    const session_key = await t.loginAs('agent@demo.test');
    const created = await t.post('agent-portal/create-new-application', { session_key, address: MIAMI });
    await t.post('agent-portal/launch-application', {
      session_key,
      application_id: created.body.data.application.id,
      address_details: structuredClone(examples.primary),
    });
    const queued = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(queued.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(queued.body).toContain('process_cpu_user_seconds_total');
    expect(queued.body).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/agent-portal\/launch-application",status_code="200"\} [1-9]/,
    );
    expect(queued.body).toMatch(/job_queue_depth\{queue="quote"\} [1-9]/);
    expect(queued.body).toMatch(/job_queue_oldest_age_seconds\{queue="quote"\} \d/);

    await t.app.quoteWorker.drain();
    const answered = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(answered.body).toMatch(/quote_requests_total\{carrier="[^"]+",outcome="[a-z]+"\} [1-9]/);
    expect(answered.body).toMatch(/carrier_call_duration_seconds_count\{carrier="[^"]+"\} [1-9]/);
    // The lease runner's metrics, alike for quote_jobs and for each kind of the jobs table (ADR 771).
    expect(answered.body).toMatch(/job_claims_total\{queue="quote"\} [1-9]/);
    expect(answered.body).toMatch(/job_runs_total\{queue="quote",outcome="done"\} [1-9]/);
    expect(answered.body).toMatch(/job_run_duration_seconds_count\{queue="quote"\} [1-9]/);
    await enqueueJob(t.db, { kind: REPORT_EXPORT_CLEANUP_KIND, payload: {} });
    await t.app.jobWorker.drain();
    const ran = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(ran.body).toMatch(/job_claims_total\{queue="report-export-cleanup"\} [1-9]/);
    expect(ran.body).toMatch(/job_runs_total\{queue="report-export-cleanup",outcome="[a-z]+"\} [1-9]/);

    process.env.METRICS_TOKEN = 'scrape-secret';
    const refused = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect([refused.statusCode, refused.json().code]).toEqual([401, 401]);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret' },
    });
    expect(allowed.statusCode).toBe(200);
  });
});
