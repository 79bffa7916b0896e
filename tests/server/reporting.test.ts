/**
 * reporting/get-report (issue 12 Reporting, docs/api.md): every figure against a hand-computed
 * fixture, filters, sorting, pagination, role and company scoping, bad ranges; property: the
 * totals of a range equal the sum of its days.
 */

import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agents as agentsTable,
  applications as applicationsTable,
  jobs,
  notes,
  quotes,
  users,
} from '../../server/db/schema.ts';
import { alertColorOfNotes } from '../../server/notes/note-color.ts';
import { insertApplication } from '../../server/repositories/applications-repository.ts';
import { EXPORT_PAGE_ROWS } from '../../server/services/report-csv-export.ts';
import {
  REPORT_EXPORT_CLEANUP_KIND,
  scheduleReportExportCleanup,
} from '../../server/services/report-export-cleanup-job.ts';
import {
  REPORT_EXPORT_RETENTION_DAYS,
  type ReportExportPayload,
  reportDownloadPath,
  reportDownloadsDir,
} from '../../server/services/report-export-job.ts';
import {
  EXPORT_EXPIRED_MESSAGE,
  EXPORT_NOT_FOUND_MESSAGE,
} from '../../server/services/report-exports-service.ts';
import { addAccount, companyOf } from './helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const PATH = 'reporting/get-report';

/** The fixture, far from the seeded demo data: 2020-03-01 .. 2020-03-03. */
interface Made {
  id: number;
  day: string;
  agent: 'demo' | 'colleague' | 'other';
  product: string;
  status: 'new' | 'launched' | 'completed';
  state: string;
  floodZone: string;
  premium: number | null;
  quotes: ('quoted' | 'declined' | 'pending')[];
  /** Notes as [sent_by, status, is_active]; every one an alert. */
  alerts: [string, string, boolean][];
}

describe.each(DATABASE_KINDS)('reporting on %s', (kind) => {
  let t: TestApp;
  const keys: Record<string, string> = {};
  let otherCompany = 0;
  let colleagueAgent = 0;
  const made: Made[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const colleague = await addAccount(t.db, {
      email: 'colleague@demo.test',
      role: 'agent',
      companyId: await companyOf(t.db, 'agent@demo.test'),
    });
    const other = await addAccount(t.db, { email: 'rival@other.test', role: 'agent', companyName: 'Other' });
    otherCompany = other.companyId;
    colleagueAgent = colleague.agentId as number;
    const companyId = await companyOf(t.db, 'agent@demo.test');
    const [demo] = await t.db
      .select({ id: agentsTable.id })
      .from(agentsTable)
      .innerJoin(users, eq(users.id, agentsTable.user_id))
      .where(eq(users.email, 'agent@demo.test'));
    const agents = {
      demo: { agent_id: demo.id, company_id: companyId },
      colleague: { agent_id: colleagueAgent, company_id: companyId },
      other: { agent_id: other.agentId as number, company_id: other.companyId },
    };
    const plan: Omit<Made, 'id'>[] = [
      {
        day: '2020-03-01',
        agent: 'demo',
        product: 'Primary',
        status: 'launched',
        state: 'FL',
        floodZone: 'AE',
        premium: 900,
        quotes: ['quoted', 'declined'],
        // red (a failed auto launch) outranks yellow.
        alerts: [
          ['timeout_job_email', 'sent', true],
          ['auto_launch', 'failed', true],
        ],
      },
      {
        day: '2020-03-01',
        agent: 'colleague',
        product: 'Excess',
        status: 'new',
        state: 'TX',
        floodZone: '',
        premium: null,
        quotes: [],
        alerts: [],
      },
      {
        day: '2020-03-02',
        agent: 'demo',
        product: 'Primary',
        status: 'completed',
        state: 'FL',
        floodZone: 'X',
        premium: 700,
        quotes: ['quoted', 'quoted', 'pending'],
        alerts: [['timeout_job_email', 'sent', true]],
      },
      {
        day: '2020-03-03',
        agent: 'colleague',
        product: 'Primary',
        status: 'launched',
        state: 'FL',
        floodZone: 'AE',
        premium: null,
        quotes: ['declined'],
        // An inactive alert gives no colour.
        alerts: [['auto_launch', 'failed', false]],
      },
      {
        day: '2020-03-03',
        agent: 'other',
        product: 'Primary',
        status: 'launched',
        state: 'FL',
        floodZone: 'AE',
        premium: 500,
        quotes: ['quoted'],
        alerts: [['auto_launch', 'failed', true]],
      },
    ];
    for (const [index, p] of plan.entries()) {
      const created = new Date(`${p.day}T1${index}:00:00Z`);
      const row = await insertApplication(t.db, {
        ...agents[p.agent],
        status: p.status,
        carrier_quote_type: [p.product],
        useable_details: { state: p.state, flood_zone: p.floodZone },
        min_quote_amount: p.premium,
        searched_address: `${index} Report St, Tampa, ${p.state}`,
        client_name: `Client ${index}`,
        created_at: created,
        launched_at: p.status === 'new' ? null : created,
      });
      for (const [q, status] of p.quotes.entries()) {
        await t.db.insert(quotes).values({
          application_id: row.id,
          carrier: q === 0 ? 'neptune' : `carrier-${q}`,
          display_name: 'Carrier',
          connector: 'sandbox',
          status,
          premium: status === 'quoted' ? 1000 : null,
          // Declined by application 0 with a reason, by application 3 without one.
          message: status === 'declined' ? (index === 0 ? ' Risk in a coastal zone ' : '') : null,
          requested_at: created,
          // Answered (10 x (index + 1) + 5 x q) seconds after the request.
          answered_at:
            status === 'pending' ? null : new Date(created.getTime() + (10 * (index + 1) + 5 * q) * 1000),
        });
      }
      for (const [sent_by, status, is_active] of p.alerts) {
        await t.db.insert(notes).values({
          application_id: row.id,
          payload: { is_alert: true, is_active, sent_by, status, message: 'Alert' },
        });
      }
      made.push({ ...p, id: row.id });
    }
    for (const email of [
      'superadmin@demo.test',
      'admin@demo.test',
      'agent@demo.test',
      'customer@demo.test',
    ]) {
      keys[email.split('@')[0]] = await t.loginAs(email);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const range = { from: '2020-03-01', to: '2020-03-03' };

  it('gives an admin the company rows and totals of the range, hand-computed', async () => {
    const answer = await t.post(PATH, { session_key: keys.admin, ...range });
    expect(answer.statusCode, answer.body.message).toBe(200);
    const data = answer.body.data;
    expect(data.total).toBe(4);
    expect(data.totals).toEqual({
      applications: 4,
      new: 1,
      launched: 2,
      completed: 1,
      carriers_asked: 6,
      carriers_quoted: 3,
      carriers_declined: 2,
      lowest_premium: 700,
    });
    // Newest first by default.
    expect(data.rows.map((r: { id: number }) => r.id)).toEqual([
      made[3].id,
      made[2].id,
      made[1].id,
      made[0].id,
    ]);
    expect(data.rows[1]).toMatchObject({
      reference: `RMGA${String(made[2].id).padStart(7, '0')}`,
      agent: 'Alex Agent',
      client_name: 'Client 2',
      product: 'Primary',
      status: 'completed',
      carriers_asked: 3,
      carriers_quoted: 2,
      carriers_declined: 0,
      lowest_premium: 700,
      created_at: '2020-03-02T12:00:00.000Z',
    });
  });

  it('scopes an agent to their own and a super-admin to every company or a picked one', async () => {
    const agent = await t.post(PATH, {
      session_key: keys.agent,
      ...range,
      filters: { agent_id: colleagueAgent },
    });
    expect(agent.body.data.totals.applications).toBe(0);
    const own = await t.post(PATH, { session_key: keys.agent, ...range });
    expect(own.body.data.rows.map((r: { id: number }) => r.id)).toEqual([made[2].id, made[0].id]);
    const all = await t.post(PATH, { session_key: keys.superadmin, ...range });
    expect(all.body.data.totals.applications).toBe(5);
    const picked = await t.post(PATH, {
      session_key: keys.superadmin,
      ...range,
      filters: { company_id: otherCompany },
    });
    expect(picked.body.data.rows.map((r: { id: number }) => r.id)).toEqual([made[4].id]);
    const adminOther = await t.post(PATH, {
      session_key: keys.admin,
      ...range,
      filters: { company_id: otherCompany },
    });
    expect(adminOther.body.data.total).toBe(0);
    const customer = await t.post(PATH, { session_key: keys.customer, ...range });
    expect(customer.statusCode).toBe(403);
  });

  it('filters by product, status, state, carrier and source', async () => {
    const ids = async (filters: Record<string, unknown>) =>
      (await t.post(PATH, { session_key: keys.admin, ...range, filters })).body.data.rows.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids({ product: 'Excess' })).toEqual([made[1].id]);
    expect(await ids({ status: 'launched' })).toEqual([made[3].id, made[0].id]);
    expect(await ids({ state: 'TX' })).toEqual([made[1].id]);
    expect(await ids({ carrier: 'neptune' })).toEqual([made[3].id, made[2].id, made[0].id]);
    expect(await ids({ source: 'Nowhere' })).toEqual([]);
  });

  it('filters by alert colour as the listing colours a row (the most urgent active alert note)', async () => {
    const ids = async (alert_colour: string) =>
      (
        await t.post(PATH, { session_key: keys.superadmin, ...range, filters: { alert_colour } })
      ).body.data.rows.map((r: { id: number }) => r.id);
    expect(await ids('red')).toEqual([made[4].id, made[0].id]);
    expect(await ids('yellow')).toEqual([made[2].id]);
    expect(await ids('purple')).toEqual([]);
    // The SQL agrees with note-color.ts on every fixture application.
    for (const m of made) {
      const expected = alertColorOfNotes(
        m.alerts.map(([sent_by, status, is_active]) => ({
          is_alert: true,
          is_active,
          sent_by,
          status,
          message: '',
        })),
      );
      for (const colour of ['red', 'orange', 'yellow', 'purple']) {
        expect((await ids(colour)).includes(m.id), `${m.id} ${colour}`).toBe(colour === expected);
      }
    }
    const bad = await t.post(PATH, { session_key: keys.admin, ...range, filters: { alert_colour: 'blue' } });
    expect(bad.statusCode).toBe(400);
  });

  it('property: the SQL alert colour agrees with note-color.ts on random notes', async () => {
    const [sample] = await t.db.select().from(applicationsTable).where(eq(applicationsTable.id, made[0].id));
    const { id: _id, ...template } = sample;
    const note = fc
      .record({
        is_alert: fc.boolean(),
        is_active: fc.boolean(),
        sent_by: fc.constantFrom(
          'auto_launch',
          'multiple_auto_launch',
          'status_changed_complete_job_email',
          'auto_sent_quote_timeout',
          'timeout_job_email',
          'timeout_job_sms',
          'auto_quote_timeout',
          'agent',
        ),
        status: fc.constantFrom('failed', 'sent'),
        message: fc.constant('Alert'),
      })
      .map((payload) => ({ ...payload })); // a plain object: fast-check's have no prototype, which the jsonb writer rejects
    await fc.assert(
      fc.asyncProperty(fc.array(note, { maxLength: 4 }), async (payloads) => {
        // Each run gets its own day of 2018, so earlier runs' applications stay out.
        const dayOfRun = new Date(Date.UTC(2018, 0, 1) + Math.floor(Math.random() * 360) * 86_400_000);
        const [row] = await t.db
          .insert(applicationsTable)
          .values({ ...template, created_at: dayOfRun })
          .returning({ id: applicationsTable.id });
        for (const payload of payloads) await t.db.insert(notes).values({ application_id: row.id, payload });
        const expected = alertColorOfNotes(payloads);
        const day = dayOfRun.toISOString().slice(0, 10);
        for (const alert_colour of ['red', 'orange', 'yellow', 'purple']) {
          const answer = await t.post(PATH, {
            session_key: keys.superadmin,
            from: day,
            to: day,
            filters: { alert_colour },
          });
          const ids = answer.body.data.rows.map((r: { id: number }) => r.id);
          expect(ids.includes(row.id), `${alert_colour} ${JSON.stringify(payloads)}`).toBe(
            alert_colour === expected,
          );
        }
      }),
      { numRuns: 20 },
    );
  });

  it("reads the range's days in the user's time zone", async () => {
    // 2020-03-01 10:00 and 11:00 UTC are already 2020-03-02 in Kiritimati (UTC+14).
    const kiritimati = { from: '2020-03-02', to: '2020-03-02', time_zone: 'Pacific/Kiritimati' };
    const answer = await t.post(PATH, { session_key: keys.admin, ...kiritimati });
    expect(answer.body.data.rows.map((r: { id: number }) => r.id)).toEqual([made[1].id, made[0].id]);
    const analytics = await t.post('reporting/get-analytics', { session_key: keys.admin, ...kiritimati });
    expect(analytics.body.data.per_day).toEqual([{ day: '2020-03-02', applications: 2, launched: 1 }]);
    const utc = await t.post(PATH, { session_key: keys.admin, ...range, time_zone: 'UTC' });
    expect(utc.body.data.total).toBe(4);
    const unknown = await t.post(PATH, { session_key: keys.admin, ...range, time_zone: 'Mars/Olympus' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.error_obj).toEqual({ time_zone: 'Not a time zone.' });
  });

  it('sorts on the server (nulls last when descending) and pages', async () => {
    const sorted = await t.post(PATH, {
      session_key: keys.admin,
      ...range,
      sort: { column: 'lowest_premium', direction: 'desc' },
    });
    expect(sorted.body.data.rows.map((r: { id: number }) => r.id)).toEqual([
      made[0].id,
      made[2].id,
      made[3].id,
      made[1].id,
    ]);
    const page2 = await t.post(PATH, {
      session_key: keys.admin,
      ...range,
      sort: { column: 'carriers_asked', direction: 'asc' },
      page: 2,
      per_page: 3,
    });
    expect(page2.body.data).toMatchObject({ page: 2, per_page: 3, last_page: 2, total: 4 });
    expect(page2.body.data.rows.map((r: { id: number }) => r.id)).toEqual([made[2].id]);
  });

  it('answers 400 for a day that does not exist, a reversed range and unknown columns', async () => {
    for (const body of [
      { from: '2020-02-30', to: '2020-03-01' },
      { from: '2020-03-02', to: '2020-03-01' },
      { from: '2000-01-01', to: '2020-03-01' },
      { ...range, sort: { column: 'password', direction: 'asc' } },
    ]) {
      const answer = await t.post(PATH, { session_key: keys.admin, ...body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  const exportCsv = (key: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reporting/export-csv',
      payload: { session_key: key, ...body },
    });

  it('exports the chosen columns of the range as CSV, in file order, scoped as the report', async () => {
    const answer = await exportCsv(keys.admin, {
      ...range,
      columns: ['lowest_premium', 'reference', 'status', 'client_name'],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="report-2020-03-01-to-2020-03-03.csv"',
    );
    const ref = (i: number) => `RMGA${String(made[i].id).padStart(7, '0')}`;
    expect(answer.body.trim().split('\n')).toEqual([
      'Reference,Client,Status,Lowest premium (USD)',
      `${ref(3)},Client 3,launched,`,
      `${ref(2)},Client 2,completed,700`,
      `${ref(1)},Client 1,new,`,
      `${ref(0)},Client 0,launched,900`,
    ]);
    const agent = await exportCsv(keys.agent, { ...range, columns: ['reference'] });
    expect(agent.body.trim().split('\n')).toEqual(['Reference', ref(2), ref(0)]);
    const adminOther = await exportCsv(keys.admin, {
      ...range,
      columns: ['reference'],
      filters: { company_id: otherCompany },
    });
    expect(adminOther.body.trim()).toBe('Reference');
    expect((await exportCsv(keys.customer, { ...range, columns: ['reference'] })).statusCode).toBe(403);
    for (const body of [
      { ...range, columns: [] },
      { ...range, columns: ['password'] },
      { from: '2020-03-02', to: '2020-03-01', columns: ['reference'] },
    ]) {
      const refused = await exportCsv(keys.admin, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().status).toBe('error');
    }
  });

  it('runs an export as a job: progress, then a download link for the requester only', async () => {
    const body = { ...range, columns: ['reference', 'status'], filters: { status: 'launched' } };
    const started = await t.post('reporting/start-export', { session_key: keys.admin, ...body });
    expect(started.statusCode, started.body.message).toBe(200);
    const id = started.body.data.export.id;
    expect(started.body.data.export).toMatchObject({
      status: 'queued',
      file_name: 'report-2020-03-01-to-2020-03-03.csv',
      rows_written: 0,
      rows_total: null,
      download_url: null,
    });
    const download = (key: string, exportId = id) =>
      t.app.inject({
        method: 'GET',
        url: `/api/reporting/downloads/${exportId}`,
        query: { session_key: key },
      });
    // Not finished: no file yet.
    expect((await download(keys.admin)).statusCode).toBe(404);
    await t.app.jobWorker.drain();
    const done = await t.post('reporting/get-export', { session_key: keys.admin, export_id: id });
    expect(done.body.data.export).toMatchObject({
      status: 'done',
      rows_written: 2,
      rows_total: 2,
      download_url: `/api/reporting/downloads/${id}`,
      error: null,
    });
    const file = await download(keys.admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="report-2020-03-01-to-2020-03-03.csv"/,
    );
    const direct = await exportCsv(keys.admin, body);
    expect(file.body).toBe(direct.body);
    // Nobody else, not even the requester's colleague admin or a super-admin, reads it.
    for (const key of [keys.agent, keys.superadmin]) {
      expect((await t.post('reporting/get-export', { session_key: key, export_id: id })).statusCode).toBe(
        404,
      );
      expect((await download(key)).statusCode).toBe(404);
    }
    expect((await download(keys.customer)).statusCode).toBe(403);
    expect((await download(keys.admin, 999_999)).statusCode).toBe(404);
    const bad = await t.post('reporting/start-export', {
      session_key: keys.admin,
      from: '2020-03-02',
      to: '2020-03-01',
      columns: ['reference'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes exports past their retention, file and row: 410 until the clean-up, 404 after; a fresh one stays', async () => {
    const dayMs = 86_400_000;
    const expiredAt = new Date(Date.now() - (REPORT_EXPORT_RETENTION_DAYS + 1) * dayMs);
    const body = { ...range, columns: ['reference'] };
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const started = await t.post('reporting/start-export', { session_key: keys.admin, ...body });
      expect(started.statusCode, started.body.message).toBe(200);
      ids.push(started.body.data.export.id);
    }
    await t.app.jobWorker.drain();
    const [old, fresh] = ids;
    const pathOf = async (id: number) => {
      const [job] = await t.db.select().from(jobs).where(eq(jobs.id, id));
      return reportDownloadPath(id, (job.payload as unknown as ReportExportPayload).file_key);
    };
    const oldPath = await pathOf(old);
    const freshPath = await pathOf(fresh);
    expect([existsSync(oldPath), existsSync(freshPath)]).toEqual([true, true]);
    const download = (id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/reporting/downloads/${id}`,
        query: { session_key: keys.admin },
      });
    // The first export was asked for a day more than the retention ago; its file too.
    await t.db.update(jobs).set({ created_at: expiredAt }).where(eq(jobs.id, old));
    utimesSync(oldPath, expiredAt, expiredAt);
    // Files of no export row: a `.part` an old failed export left, and one written just now.
    mkdirSync(reportDownloadsDir(), { recursive: true });
    const orphanOld = join(reportDownloadsDir(), `report-${old + 900_000}-${randomUUID()}.csv.part`);
    const orphanNew = join(reportDownloadsDir(), `report-${old + 900_001}-${randomUUID()}.csv`);
    writeFileSync(orphanOld, 'Reference\n');
    utimesSync(orphanOld, expiredAt, expiredAt);
    writeFileSync(orphanNew, 'Reference\n');

    // Expired, not yet cleaned up: no link, and the download says why.
    const expired = await download(old);
    expect([expired.statusCode, expired.json().message]).toEqual([410, EXPORT_EXPIRED_MESSAGE]);
    const view = await t.post('reporting/get-export', { session_key: keys.admin, export_id: old });
    expect(view.body.data.export).toMatchObject({ download_url: null, error: EXPORT_EXPIRED_MESSAGE });
    expect(new Date(view.body.data.export.expires_at).getTime()).toBe(
      expiredAt.getTime() + REPORT_EXPORT_RETENTION_DAYS * dayMs,
    );

    // Yesterday's run of the daily clean-up, as a server start queued it, is due: the worker runs it.
    const run = await scheduleReportExportCleanup(t.db, new Date(Date.now() - 2 * dayMs));
    expect(run.run_after.getTime()).toBeLessThan(Date.now());
    expect(await t.app.jobWorker.drain()).toBe(1);
    const [done] = await t.db.select().from(jobs).where(eq(jobs.id, run.id));
    expect(done.status).toBe('done');
    expect(done.result).toMatchObject({ exports: 1, files: 1 });
    expect([existsSync(oldPath), existsSync(orphanOld)]).toEqual([false, false]);
    expect(await t.db.select().from(jobs).where(eq(jobs.id, old))).toEqual([]);
    const gone = await download(old);
    expect([gone.statusCode, gone.json().message]).toEqual([404, EXPORT_NOT_FOUND_MESSAGE]);
    // The fresh export and the fresh file stay; the fresh one downloads as before.
    expect([existsSync(freshPath), existsSync(orphanNew)]).toEqual([true, true]);
    expect((await download(fresh)).statusCode).toBe(200);

    // The run queued the next day's, once however many processes schedule it (one key per date).
    const next = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, REPORT_EXPORT_CLEANUP_KIND), eq(jobs.status, 'queued')));
    expect(next).toHaveLength(1);
    expect(next[0].run_after.getTime()).toBeGreaterThan(Date.now());
    expect((await scheduleReportExportCleanup(t.db)).id).toBe(next[0].id);
    rmSync(orphanNew);
  });

  it('walks keyset pages: every row of a range longer than one page, once', async () => {
    const [sample] = await t.db.select().from(applicationsTable).where(eq(applicationsTable.id, made[0].id));
    const { id: _id, ...template } = sample;
    const count = EXPORT_PAGE_ROWS + 7;
    await t.db
      .insert(applicationsTable)
      .values(
        Array.from({ length: count }, () => ({ ...template, created_at: new Date('2019-06-01T08:00:00Z') })),
      );
    const answer = await exportCsv(keys.admin, {
      from: '2019-06-01',
      to: '2019-06-01',
      columns: ['reference'],
    });
    const lines = answer.body.trim().split('\n').slice(1);
    expect(lines).toHaveLength(count);
    expect(new Set(lines).size).toBe(count);
  });

  it('gives the analytics figures of the range, hand-computed', async () => {
    const answer = await t.post('reporting/get-analytics', { session_key: keys.admin, ...range });
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body.data).toEqual({
      per_day: [
        { day: '2020-03-01', applications: 2, launched: 1 },
        { day: '2020-03-02', applications: 1, launched: 1 },
        { day: '2020-03-03', applications: 1, launched: 1 },
      ],
      // 2020-03-01 is a Sunday: its week began on Monday 2020-02-24.
      per_week: [
        { week: '2020-02-24', applications: 2, launched: 1 },
        { week: '2020-03-02', applications: 2, launched: 2 },
      ],
      carriers: [
        // neptune: quoted (0), completed's quoted (2), declined (3); carrier-1: declined (0), quoted (2).
        // A carrier carriers.json does not know keeps its code as its name.
        {
          carrier: 'neptune',
          display_name: 'Neptune Flood',
          asked: 3,
          quoted: 2,
          declined: 1,
          quote_rate: 0.6667,
          decline_rate: 0.3333,
        },
        {
          carrier: 'carrier-1',
          display_name: 'carrier-1',
          asked: 2,
          quoted: 1,
          declined: 1,
          quote_rate: 0.5,
          decline_rate: 0.5,
        },
        {
          carrier: 'carrier-2',
          display_name: 'carrier-2',
          asked: 1,
          quoted: 0,
          declined: 0,
          quote_rate: 0,
          decline_rate: 0,
        },
      ],
      // neptune answered application 0 after 10 s, 2 after 30 s, 3 after 40 s; carrier-1 answered 0
      // after 15 s and 2 after 35 s; carrier-2 is still pending on 2.
      quote_times: [
        {
          carrier: 'neptune',
          display_name: 'Neptune Flood',
          applications: 3,
          first_quote_seconds: 30,
          all_quotes_seconds: 30,
        },
        {
          carrier: 'carrier-1',
          display_name: 'carrier-1',
          applications: 2,
          first_quote_seconds: 25,
          all_quotes_seconds: 25,
        },
        {
          carrier: 'carrier-2',
          display_name: 'carrier-2',
          applications: 1,
          first_quote_seconds: null,
          all_quotes_seconds: null,
        },
      ],
      median_premium_by_product: [{ product: 'Primary', median_premium: 800, applications: 2 }],
      median_premium_by_flood_zone: [
        { flood_zone: 'AE', median_premium: 900, applications: 1 },
        { flood_zone: 'X', median_premium: 700, applications: 1 },
      ],
      decline_reasons: [
        { reason: 'No reason given', declines: 1 },
        { reason: 'Risk in a coastal zone', declines: 1 },
      ],
      funnel: { new: 4, launched: 3, completed: 1 },
    });
    const agent = await t.post('reporting/get-analytics', { session_key: keys.agent, ...range });
    expect(agent.body.data.funnel).toEqual({ new: 2, launched: 2, completed: 1 });
    expect(
      (await t.post('reporting/get-analytics', { session_key: keys.customer, ...range })).statusCode,
    ).toBe(403);
  });

  it('counts each sub-carrier as its own product, by its display name (issue 40)', async () => {
    const [demo] = await t.db
      .select({ agent_id: agentsTable.id })
      .from(agentsTable)
      .innerJoin(users, eq(users.id, agentsTable.user_id))
      .where(eq(users.email, 'agent@demo.test'));
    const created = new Date('2020-05-05T12:00:00Z');
    const row = await insertApplication(t.db, {
      agent_id: demo.agent_id,
      company_id: await companyOf(t.db, 'agent@demo.test'),
      status: 'launched',
      carrier_quote_type: ['Primary'],
      useable_details: { state: 'FL', flood_zone: 'AE' },
      searched_address: '1 Product St, Tampa, FL',
      client_name: 'Products',
      created_at: created,
      launched_at: created,
    });
    const answered = new Date(created.getTime() + 20_000);
    const wright = (sub_carrier: string, status: 'quoted' | 'declined') => ({
      application_id: row.id,
      carrier: 'wright',
      sub_carrier,
      display_name: 'Stored name',
      connector: 'sandbox',
      status,
      premium: status === 'quoted' ? 800 : null,
      requested_at: created,
      answered_at: answered,
    });
    await t.db
      .insert(quotes)
      .values([wright('focus', 'quoted'), wright('nfip', 'quoted'), wright('nfip', 'declined')]);
    // UTC days come from the roll-ups, Kolkata's (UTC+05:30) from the rows: both split the family.
    for (const time_zone of ['UTC', 'Asia/Kolkata']) {
      const answer = await t.post('reporting/get-analytics', {
        session_key: keys.admin,
        from: '2020-05-05',
        to: '2020-05-05',
        time_zone,
      });
      expect(answer.statusCode, answer.body.message).toBe(200);
      expect(answer.body.data.carriers, time_zone).toEqual([
        {
          carrier: 'wright/nfip',
          display_name: 'Wright NFIP',
          asked: 2,
          quoted: 1,
          declined: 1,
          quote_rate: 0.5,
          decline_rate: 0.5,
        },
        {
          carrier: 'wright/focus',
          display_name: 'Wright Focus',
          asked: 1,
          quoted: 1,
          declined: 0,
          quote_rate: 1,
          decline_rate: 0,
        },
      ]);
      // Time to quotes stays per family, the unit a launch asks.
      expect(answer.body.data.quote_times, time_zone).toEqual([
        {
          carrier: 'wright',
          display_name: 'Wright Flood',
          applications: 1,
          first_quote_seconds: 20,
          all_quotes_seconds: 20,
        },
      ]);
    }
  });

  it('property: the totals of a range equal the sum of its days', async () => {
    const days = ['2020-02-29', '2020-03-01', '2020-03-02', '2020-03-03', '2020-03-04'];
    const totalsOf = async (from: string, to: string) =>
      (await t.post(PATH, { session_key: keys.superadmin, from, to })).body.data.totals;
    const analyticsOf = async (from: string, to: string) =>
      (await t.post('reporting/get-analytics', { session_key: keys.superadmin, from, to })).body.data;
    const perDay = await Promise.all(days.map((d) => totalsOf(d, d)));
    await fc.assert(
      fc.asyncProperty(fc.nat(days.length - 1), fc.nat(days.length - 1), async (a, b) => {
        const [i, j] = a <= b ? [a, b] : [b, a];
        const whole = await totalsOf(days[i], days[j]);
        const slice = perDay.slice(i, j + 1);
        for (const key of [
          'applications',
          'new',
          'launched',
          'completed',
          'carriers_asked',
          'carriers_quoted',
          'carriers_declined',
        ]) {
          expect(whole[key]).toBe(slice.reduce((sum, d) => sum + d[key], 0));
        }
        // The analytics' days and weeks partition the same range.
        const analytics = await analyticsOf(days[i], days[j]);
        for (const series of [analytics.per_day, analytics.per_week]) {
          const sum = (key: 'applications' | 'launched') =>
            series.reduce((total: number, d: Record<string, number>) => total + d[key], 0);
          expect(sum('applications')).toBe(whole.applications);
          expect(sum('launched')).toBe(whole.launched + whole.completed);
        }
      }),
      { numRuns: 15 },
    );
  });
});
