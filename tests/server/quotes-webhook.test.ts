/**
 * Customer quotes webhook (issue 14) with a local receiver: the secret is answered once; completing
 * an application queues exactly one delivery whose signed body verifies; 500 twice then 200 is
 * three logged attempts on the 1 min, 2 min schedule; 400 stops; loopback and private targets are
 * refused at save and at send (with a logged outcome) off the OUTBOUND_ALLOWED_HOSTS allow-list; a job re-claimed after
 * its worker died posts once, and not again when the dead worker had already delivered, also
 * across a restart on the same PGlite data directory. PGlite and PostgreSQL.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import { examples } from '../../schemas/schema-set.ts';
import { buildApp } from '../../server/app.ts';
import type { Executor } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { applications, companies, type JobRow, jobs, webhookDeliveries } from '../../server/db/schema.ts';
import { seedDemoData } from '../../server/db/seed-demo-data.ts';
import { propertyDataJobHandlers } from '../../server/jobs/job-kinds.ts';
import { createJobWorker } from '../../server/jobs/job-worker.ts';
import { nonPublicRange } from '../../server/outbound/outbound-guard.ts';
import { claimJobs } from '../../server/repositories/jobs-repository.ts';
import {
  CUSTOMER_QUOTES_WEBHOOK_KIND,
  customerQuotesWebhookJob,
  enqueueCustomerQuotesWebhook,
  INTERRUPTED_MESSAGE,
  WEBHOOK_FIRST_RETRY_MS,
} from '../../server/services/customer-quotes-webhook-job.ts';
import { isRetryable } from '../../server/services/webhook-attempt.ts';
import { NO_WEBHOOK_URL_MESSAGE } from '../../server/services/webhook-deliveries-service.ts';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from '../../server/webhooks/post-webhook.ts';
import { checkWebhookTarget } from '../../server/webhooks/webhook-target.ts';

/** The operator's allow-list (ADR 721): the local receiver of these tests is on 127.0.0.1. */
const ALLOW_LIST = 'OUTBOUND_ALLOWED_HOSTS';
const LOCAL = new Set(['127.0.0.1', '::1']);
const NONE = new Set<string>();

import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** Runs the due pre-fills alone (issue 40), leaving every other job queued as it was. */
const prefillOnly = (db: Executor) => createJobWorker(db, { handlers: propertyDataJobHandlers() }).drain();

/** A local webhook receiver answering the queued statuses in turn (200 when none is queued). */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'thanks' : `answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks/quotes`,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** True when `header` is the HMAC-SHA256 of "<t>.<body>" keyed with `secret`, as docs/api.md says. */
function signatureVerifies(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

describe.each(DATABASE_KINDS)('customer quotes webhook on %s', (kind) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let adminKey = '';
  let agentKey = '';
  let secret = '';
  let street = 100;
  const flagBefore = process.env[ALLOW_LIST];

  beforeAll(async () => {
    process.env[ALLOW_LIST] = '127.0.0.1';
    receiver = await startReceiver();
    t = await startTestApp(kind);
    adminKey = await t.loginAs('admin@demo.test');
    agentKey = await t.loginAs('agent@demo.test');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    if (flagBefore === undefined) delete process.env[ALLOW_LIST];
    else process.env[ALLOW_LIST] = flagBefore;
  });
  afterEach(() => {
    process.env[ALLOW_LIST] = '127.0.0.1';
    receiver.received.length = 0;
    receiver.statuses.length = 0;
  });

  const setUrl = (url: string | null) =>
    t.post('portal-settings/update-webhook', { session_key: adminKey, customer_quotes_webhook_url: url });

  /** Creates and launches an application, runs its quotes to completion; returns its id. */
  async function completedApplication(): Promise<number> {
    street += 1;
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: {
        searched_address: `${street} Hook Rd, Miami Beach, FL 33139`,
        address1: `${street} Hook Rd`,
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
      },
    });
    expect(created.statusCode, created.body.message).toBe(200);
    const id = created.body.data.application.id;
    // The pre-fill the create queued (issue 40) runs first, alone: the webhook jobs below are counted alone.
    await prefillOnly(t.db);
    const launched = await t.post('agent-portal/launch-application', {
      session_key: agentKey,
      application_id: id,
      address_details: structuredClone(examples.primary as Doc),
    });
    expect(launched.statusCode, launched.body.message).toBe(200);
    await t.app.quoteWorker.drain();
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(row.status).toBe('completed');
    return id;
  }

  async function webhookJobsOf(applicationId: number): Promise<JobRow[]> {
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, CUSTOMER_QUOTES_WEBHOOK_KIND));
    return rows.filter((job) => (job.payload as { application_id: number }).application_id === applicationId);
  }

  const attemptsOf = (jobId: number) =>
    t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.job_id, jobId))
      .orderBy(webhookDeliveries.attempt);

  /** Makes a queued job due now, as if its backoff had passed. */
  const makeDue = (jobId: number) =>
    t.db
      .update(jobs)
      .set({ run_after: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')));

  it('generates the signing secret on the first save of a URL and answers it only then', async () => {
    const none = await t.post('portal-settings/send-test-webhook', { session_key: adminKey });
    expect(none.statusCode).toBe(422);
    expect(none.body.message).toBe(NO_WEBHOOK_URL_MESSAGE);
    const first = await setUrl(receiver.url);
    expect(first.statusCode, first.body.message).toBe(200);
    secret = first.body.data.webhook_secret;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(first.body.data.settings.has_webhook_secret).toBe(true);
    const again = await setUrl(receiver.url);
    expect(again.body.data.webhook_secret).toBeUndefined();
    const read = await t.post('portal-settings/get', { session_key: adminKey });
    expect(JSON.stringify(read.body)).not.toContain(secret);
    expect(read.body.data.settings.customer_quotes_webhook_url).toBe(receiver.url);
  });

  it('rotates the secret: the new one is answered once and signs from then on', async () => {
    const rotated = await t.post('portal-settings/rotate-webhook-secret', { session_key: adminKey });
    expect(rotated.statusCode, rotated.body.message).toBe(200);
    expect(rotated.body.data.webhook_secret).not.toBe(secret);
    secret = rotated.body.data.webhook_secret;
    const test = await t.post('portal-settings/send-test-webhook', { session_key: adminKey });
    expect(test.statusCode, test.body.message).toBe(200);
    expect(test.body.data.delivery).toMatchObject({ event: 'test', outcome: 'delivered', status_code: 200 });
    expect(test.body.message).toBe('Test delivered: the receiver answered 200.');
    const [sent] = receiver.received;
    expect(signatureVerifies(String(sent.headers['x-portal-signature']), sent.body, secret)).toBe(true);
    expect(JSON.parse(sent.body)).toMatchObject({
      event: 'test',
      application: { id: 0, status: 'completed' },
    });
  });

  it('completing an application queues exactly one delivery; its signed body verifies', async () => {
    const id = await completedApplication();
    const queued = await webhookJobsOf(id);
    expect(queued).toHaveLength(1);
    // A second enqueue of the same completion (a re-run) adds nothing.
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect((await enqueueCustomerQuotesWebhook(t.db, row))?.id).toBe(queued[0].id);
    expect(await webhookJobsOf(id)).toHaveLength(1);

    await t.app.jobWorker.drain();
    expect(receiver.received).toHaveLength(1);
    const [sent] = receiver.received;
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-portal-event']).toBe('quotes.completed');
    expect(signatureVerifies(String(sent.headers['x-portal-signature']), sent.body, secret)).toBe(true);
    expect(signatureVerifies(String(sent.headers['x-portal-signature']), `${sent.body} `, secret)).toBe(
      false,
    );
    const body = JSON.parse(sent.body);
    expect(sent.headers['x-portal-delivery']).toBe(body.delivery_id);
    const view = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: id,
    });
    const { notes: _n, isItWorkingHour: _w, ...application } = view.body.data.application;
    expect(body).toMatchObject({ event: 'quotes.completed', company_id: row.company_id });
    expect(body.application.quotes).toEqual(application.quotes);
    expect(body.application.id).toBe(id);
    expect(body.application.notes).toBeUndefined();
    const [job] = await webhookJobsOf(id);
    expect(job.status).toBe('done');
    expect((await attemptsOf(job.id)).map((a) => [a.outcome, a.status_code])).toEqual([['delivered', 200]]);
  }, 60_000);

  it('retries 500 twice after 1 and 2 minutes, then 200: three attempts, one success, all logged', async () => {
    receiver.statuses.push(500, 500, 200);
    const id = await completedApplication();
    const [queued] = await webhookJobsOf(id);
    const delays: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      await makeDue(queued.id);
      await t.app.jobWorker.drain();
      const [job] = await t.db.select().from(jobs).where(eq(jobs.id, queued.id));
      if (job.status === 'queued') delays.push(job.run_after.getTime() - job.updated_at.getTime());
    }
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['x-portal-delivery'])).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(delays).toHaveLength(2);
    expect(Math.abs(delays[0] - WEBHOOK_FIRST_RETRY_MS)).toBeLessThan(5_000);
    expect(Math.abs(delays[1] - 2 * WEBHOOK_FIRST_RETRY_MS)).toBeLessThan(5_000);
    const attempts = await attemptsOf(queued.id);
    expect(attempts.map((a) => [a.attempt, a.outcome, a.status_code])).toEqual([
      [1, 'retrying', 500],
      [2, 'retrying', 500],
      [3, 'delivered', 200],
    ]);
    expect(attempts[0].response_excerpt).toBe('answer 500');
    expect(attempts.every((a) => a.duration_ms !== null && a.duration_ms >= 0)).toBe(true);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, queued.id));
    expect(job.status).toBe('done');

    const log = await t.post('portal-settings/list-webhook-deliveries', { session_key: adminKey, limit: 3 });
    expect(log.statusCode, log.body.message).toBe(200);
    expect(log.body.data.deliveries.map((d: { attempt: number }) => d.attempt)).toEqual([3, 2, 1]);
    expect(log.body.data.deliveries[0]).toMatchObject({ outcome: 'delivered', application_id: id });
  }, 60_000);

  it('stops at a 400: one attempt, the job failed, the reason logged', async () => {
    receiver.statuses.push(400);
    const id = await completedApplication();
    await t.app.jobWorker.drain();
    const [job] = await webhookJobsOf(id);
    expect(job.status).toBe('failed');
    expect(job.last_error).toContain('400');
    expect(receiver.received).toHaveLength(1);
    const attempts = await attemptsOf(job.id);
    expect(attempts.map((a) => [a.outcome, a.status_code])).toEqual([['failed', 400]]);
  }, 60_000);

  it('refuses a loopback target off the allow-list at save and at send, with a clear logged outcome', async () => {
    delete process.env[ALLOW_LIST];
    // Off the allow-list the URL must be https, and a loopback host is refused at save...
    const url = `https://127.0.0.1:${receiver.port}/hooks/quotes`;
    const refusedAtSave = await setUrl(url);
    expect([refusedAtSave.statusCode, refusedAtSave.body.message]).toEqual([
      422,
      'Refused: 127.0.0.1, a loopback address. Only public addresses can be reached.',
    ]);
    // ...and at send, for a URL stored before (or one whose name resolves elsewhere by then).
    const companyId = t.seed.companyId as number;
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    await t.db
      .update(companies)
      .set({ settings: { ...company.settings, customer_quotes_webhook_url: url } })
      .where(eq(companies.id, companyId));
    const test = await t.post('portal-settings/send-test-webhook', { session_key: adminKey });
    expect(test.body.data.delivery.outcome).toBe('refused');
    expect(test.body.data.delivery.error).toBe(
      'Refused: 127.0.0.1, a loopback address. Only public addresses can be reached.',
    );
    expect(test.body.message).toContain('Test not delivered: Refused: 127.0.0.1');

    const id = await completedApplication();
    await t.app.jobWorker.drain();
    const [job] = await webhookJobsOf(id);
    expect(job.status).toBe('failed');
    expect(job.last_error).toContain('loopback');
    expect((await attemptsOf(job.id)).map((a) => a.outcome)).toEqual(['refused']);
    expect(receiver.received).toHaveLength(0);
    expect((await setUrl(receiver.url)).statusCode).toBe(422);
    process.env[ALLOW_LIST] = '127.0.0.1';
    expect((await setUrl(receiver.url)).statusCode).toBe(200);
  }, 60_000);

  it('re-claims a job whose worker died before sending and posts it once', async () => {
    const id = await completedApplication();
    const [queued] = await webhookJobsOf(id);
    // A worker claims the job and dies: while its lease holds, no one else takes the job; then the
    // lease runs out unrenewed (set in the past rather than waited for, so a slow machine cannot
    // let a short lease lapse before the first check).
    const [claimed] = await claimJobs(t.db, 'dead-worker', [CUSTOMER_QUOTES_WEBHOOK_KIND], 1, 60_000);
    expect(claimed.id).toBe(queued.id);
    expect(await t.app.jobWorker.drain()).toBe(0);
    await t.db
      .update(jobs)
      .set({ locked_until: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, claimed.id));
    expect(await t.app.jobWorker.drain()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, queued.id));
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  }, 60_000);

  it('does not post again when the dead worker had delivered before it could finish the job', async () => {
    const id = await completedApplication();
    const [claimed] = await claimJobs(t.db, 'dead-worker', [CUSTOMER_QUOTES_WEBHOOK_KIND], 1, 50);
    expect((claimed.payload as { application_id: number }).application_id).toBe(id);
    // The dead worker's handler posted and logged the answer; the process died before completing the job.
    await customerQuotesWebhookJob(claimed, {
      db: t.db,
      signal: new AbortController().signal,
      logger: undefined,
      reportProgress: async () => {},
    });
    expect(receiver.received).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await t.app.jobWorker.drain()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, claimed.id));
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ delivered: true, attempts: 1 });
  }, 60_000);

  it('marks an attempt a crash cut short as interrupted and sends it again under the same delivery id', async () => {
    const id = await completedApplication();
    const [queued] = await webhookJobsOf(id);
    const { delivery_id } = queued.payload as { delivery_id: string };
    // The process died after writing `sending` and before storing the answer.
    await t.db.insert(webhookDeliveries).values({
      company_id: queued.company_id as number,
      job_id: queued.id,
      application_id: id,
      event: 'quotes.completed',
      delivery_id,
      attempt: 1,
      url: receiver.url,
    });
    await t.app.jobWorker.drain();
    expect(receiver.received.map((r) => r.headers['x-portal-delivery'])).toEqual([delivery_id]);
    const attempts = await attemptsOf(queued.id);
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, 'interrupted'],
      [2, 'delivered'],
    ]);
    expect(attempts[0].error).toBe(INTERRUPTED_MESSAGE);
  }, 60_000);

  it('queues nothing for a company without a webhook URL', async () => {
    expect((await setUrl(null)).statusCode).toBe(200);
    const id = await completedApplication();
    expect(await webhookJobsOf(id)).toHaveLength(0);
    // The secret is kept for the next URL: saving one again answers no new secret.
    const saved = await setUrl(receiver.url);
    expect(saved.body.data.webhook_secret).toBeUndefined();
  }, 60_000);
});

describe('restart (PGlite on disk)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'webhook-restart-'));
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const flagBefore = process.env[ALLOW_LIST];

  beforeAll(async () => {
    process.env[ALLOW_LIST] = '127.0.0.1';
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (flagBefore === undefined) delete process.env[ALLOW_LIST];
    else process.env[ALLOW_LIST] = flagBefore;
  });

  async function boot() {
    const database = await openDatabase({ dataDir });
    await migrate(database.db);
    await seedDemoData(database.db);
    const app = await buildApp({ db: database.db, portalDir: null, startWorker: false });
    const post = async (path: string, body: object) =>
      (await app.inject({ method: 'POST', url: `/api/${path}`, payload: body })).json();
    const login = async (email: string) =>
      (await post('auth/login', { email, password: 'demo1234' })).data.session_key as string;
    return { database, app, post, login };
  }

  /** A completed application of the process `p`; returns its webhook job. */
  async function completedWithJob(p: Awaited<ReturnType<typeof boot>>, street: string) {
    const key = await p.login('agent@demo.test');
    const created = await p.post('agent-portal/create-new-application', {
      session_key: key,
      address: {
        searched_address: `${street}, Miami Beach, FL 33139`,
        address1: street,
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
      },
    });
    const id = created.data.application.id;
    // The pre-fill the create queued (issue 40) runs in this process, alone: the restart counts webhook jobs alone.
    await prefillOnly(p.database.db);
    const launched = await p.post('agent-portal/launch-application', {
      session_key: key,
      application_id: id,
      address_details: structuredClone(examples.primary as Doc),
    });
    expect(launched.code, launched.message).toBe(200);
    await p.app.quoteWorker.drain();
    const rows = await p.database.db.select().from(jobs).where(eq(jobs.kind, CUSTOMER_QUOTES_WEBHOOK_KIND));
    const job = rows.find((row) => (row.payload as { application_id: number }).application_id === id);
    expect(job).toBeDefined();
    return job as JobRow;
  }

  it('posts each delivery once across a process that stopped before sending and one that stopped after', async () => {
    const first = await boot();
    const adminKey = await first.login('admin@demo.test');
    const saved = await first.post('portal-settings/update-webhook', {
      session_key: adminKey,
      customer_quotes_webhook_url: receiver.url,
    });
    expect(saved.code, saved.message).toBe(200);
    const unsent = await completedWithJob(first, '1 Restart Way');
    const sent = await completedWithJob(first, '2 Restart Way');
    const claim = async () =>
      (await claimJobs(first.database.db, 'first-process', [CUSTOMER_QUOTES_WEBHOOK_KIND], 1, 60_000))[0];
    // Stopped after claiming, before sending.
    expect((await claim()).id).toBe(unsent.id);
    // Stopped after the receiver answered and the answer was logged, before the job was marked done.
    const claimed = await claim();
    expect(claimed.id).toBe(sent.id);
    await customerQuotesWebhookJob(claimed, {
      db: first.database.db,
      signal: new AbortController().signal,
      logger: undefined,
      reportProgress: async () => {},
    });
    expect(receiver.received).toHaveLength(1);
    await first.app.close();
    await first.database.close();

    const second = await boot();
    // The first process's leases ran out while it was down.
    await second.database.db
      .update(jobs)
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where(eq(jobs.locked_by, 'first-process'));
    expect(await second.app.jobWorker.drain()).toBe(2);
    const deliveries = receiver.received.map((r) => JSON.parse(r.body).application.id);
    expect(deliveries.sort()).toEqual(
      [
        (unsent.payload as { application_id: number }).application_id,
        (sent.payload as { application_id: number }).application_id,
      ].sort(),
    );
    const done = await second.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, CUSTOMER_QUOTES_WEBHOOK_KIND));
    expect(done.map((job) => job.status)).toEqual(['done', 'done']);
    await second.app.close();
    await second.database.close();
  }, 120_000);
});

describe('webhook targets', () => {
  it('refuses every non-public range and passes public unicast', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(nonPublicRange(address), address).not.toBeNull();
    }
    expect(nonPublicRange('8.8.8.8')).toBeNull();
    expect(nonPublicRange('2606:4700::1111')).toBeNull();
  });

  it('refuses a host that resolves to a private address, and http to a host off the allow-list', async () => {
    const resolve = async () => [{ address: '10.1.2.3', family: 4 }];
    await expect(checkWebhookTarget('https://hooks.example.test/q', NONE, resolve)).rejects.toThrow(
      'Refused: hooks.example.test resolves to 10.1.2.3, a private address (RFC 1918). Only public addresses can be reached.',
    );
    await expect(checkWebhookTarget('http://8.8.8.8/q', NONE)).rejects.toThrow('must use https');
    const target = await checkWebhookTarget('https://hooks.example.test/q', NONE, async () => [
      { address: '93.184.215.14', family: 4 },
    ]);
    expect(target.address).toBe('93.184.215.14');
    await expect(checkWebhookTarget('https://[::1]/q', NONE)).rejects.toThrow('loopback');
    expect((await checkWebhookTarget('http://[::1]/q', LOCAL)).address).toBe('::1');
  });
});

describe('webhook POST', () => {
  it('gives up an attempt with no answer at its timeout, as a retryable failure', async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    try {
      const target = await checkWebhookTarget(`http://127.0.0.1:${port}/`, LOCAL);
      const answer = await postWebhook(target, '{}', {}, { timeoutMs: 200 });
      expect(answer).toMatchObject({
        statusCode: null,
        error: 'No answer within 0.2 s.',
        responseExcerpt: null,
      });
      expect(answer.durationMs).toBeGreaterThanOrEqual(190);
      expect(isRetryable(answer)).toBe(true);
      expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('retries 5xx, 429 and network errors only', () => {
    for (const statusCode of [null, 500, 502, 503, 429])
      expect(isRetryable({ statusCode }), String(statusCode)).toBe(true);
    for (const statusCode of [400, 401, 404, 410, 301])
      expect(isRetryable({ statusCode }), String(statusCode)).toBe(false);
  });
});
