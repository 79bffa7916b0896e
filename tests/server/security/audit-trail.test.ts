/**
 * The audit trail (issue 38; docs/decisions/719-append-only-audit-trail.md): each audited action
 * writes one event with the person, whom they acted as, the agency, the target and the client
 * address; a super-admin switched into an agency appears in that agency's trail under their own
 * name; audit/list filters and pages, admins see only their agency, agents 403; the CSV export is
 * itself audited; the table refuses UPDATE, DELETE and TRUNCATE except the retention purge.
 * On PGlite and PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaSet } from '../../../schemas/schema-set.ts';
import { auditRetentionDaysOf } from '../../../server/audit/audit-retention.ts';
import { recordAuditEvent } from '../../../server/audit/record-audit-event.ts';
import { auditEvents, contacts, users } from '../../../server/db/schema.ts';
import { purgeAuditEventsBefore } from '../../../server/repositories/audit-events-repository.ts';
import { AUDIT_DATE_MESSAGE } from '../../../server/services/audit-service.ts';
import {
  nextRecordsRetentionRun,
  purgeExpiredRecords,
  RECORDS_RETENTION_KIND,
  scheduleRecordsRetention,
} from '../../../server/services/records-retention-job.ts';
import { readSettings } from '../../../server/settings/settings.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.each(DATABASE_KINDS)('audit trail on %s', (kind) => {
  let t: TestApp;
  let superKey: string;
  let adminKey: string;
  let agentKey: string;
  let otherAdminKey: string;
  const userId: Record<string, number> = {};

  const list = (key: string, body: Record<string, unknown> = {}) =>
    t.post('audit/list', { session_key: key, per_page: 100, ...body });
  /** The newest event of `action` in the whole table. */
  const newest = async (action: string) =>
    (
      await t.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, action))
        .orderBy(sql`id DESC`)
        .limit(1)
    )[0];

  /** Runs `statement` and answers the database's refusal message (drizzle wraps it as the cause). */
  const refusal = async (statement: ReturnType<typeof sql>) => {
    try {
      await t.db.execute(statement);
    } catch (error) {
      return String((error as { cause?: Error }).cause?.message ?? error);
    }
    return 'not refused';
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    superKey = await t.loginAs('superadmin@demo.test');
    adminKey = await t.loginAs('admin@demo.test');
    agentKey = await t.loginAs('agent@demo.test');
    otherAdminKey = await t.loginAs('otheradmin@demo.test');
    for (const row of await t.db.select({ id: users.id, email: users.email }).from(users))
      userId[row.email] = row.id;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('records sign-ins and refused sign-ins with the account, its agency and the client address', async () => {
    const companyId = t.seed.companyId;
    const login = await newest('auth.login');
    expect(login).toMatchObject({
      actor_user_id: userId['otheradmin@demo.test'],
      acting_as_user_id: userId['otheradmin@demo.test'],
      company_id: t.seed.otherCompanyId,
      target_type: 'user',
      target_id: String(userId['otheradmin@demo.test']),
      client_address: '127.0.0.1',
    });
    expect(
      (await t.post('auth/login', { email: 'Agent@demo.test', password: 'wrong-password' })).statusCode,
    ).toBe(401);
    expect(await newest('auth.login_failed')).toMatchObject({
      actor_user_id: userId['agent@demo.test'],
      company_id: companyId,
      target_type: 'user',
      target_id: String(userId['agent@demo.test']),
    });
    expect(
      (await t.post('auth/login', { email: 'nobody@demo.test', password: 'wrong-password' })).statusCode,
    ).toBe(401);
    expect(await newest('auth.login_failed')).toMatchObject({
      actor_user_id: null,
      company_id: null,
      target_type: null,
    });
  });

  it("shows a super-admin switched into an agency in that agency's trail, under their own name", async () => {
    const switched = await t.post('auth/switch-user', {
      session_key: superKey,
      user_id: userId['admin@demo.test'],
    });
    expect(switched.statusCode, switched.body.message).toBe(200);
    const asAdmin = switched.body.data.session_key as string;
    const saved = await t.post('portal-settings/update-quote-rush', {
      session_key: asAdmin,
      quote_rush: { enabled: true, message: 'Rush' },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);

    const listed = await list(adminKey);
    expect(listed.statusCode, listed.body.message).toBe(200);
    const trail = listed.body.data;
    const [change, sw] = trail.events as Record<string, unknown>[];
    expect(change).toMatchObject({
      action: 'settings.changed',
      actor_user_id: userId['superadmin@demo.test'],
      acting_as_user_id: userId['admin@demo.test'],
      company_id: t.seed.companyId,
      target_type: 'company',
      details: { call: 'portal-settings/update-quote-rush' },
    });
    expect(change.actor_name).toEqual(expect.any(String));
    expect(sw).toMatchObject({
      action: 'auth.switch_user',
      actor_user_id: userId['superadmin@demo.test'],
      company_id: t.seed.companyId,
      target_id: String(userId['admin@demo.test']),
    });
    // The other agency's admin sees none of it; a super-admin sees every agency's.
    const other = (await list(otherAdminKey)).body.data.events as { company_id: number }[];
    expect(other.length).toBeGreaterThan(0);
    expect(other.every((event) => event.company_id === t.seed.otherCompanyId)).toBe(true);
    const all = (await list(superKey)).body.data.events as { company_id: number | null }[];
    expect(new Set(all.map((event) => event.company_id))).toEqual(
      new Set([t.seed.companyId, t.seed.otherCompanyId, null]),
    );
  });

  it('records role changes, plan changes, schema publications and application deletions', async () => {
    const agentId = userId['agent2@demo.test'] ?? userId['agent@demo.test'];
    const created = await t.post('users/create', {
      session_key: adminKey,
      name: 'Role Changer',
      email: `role-${kind}@demo.test`,
      password: 'password-1',
      role: 'agent',
    });
    expect(created.statusCode, created.body.message).toBe(200);
    const newUser = created.body.data.user.id as number;
    expect(agentId).toBeGreaterThan(0);
    // A change of name alone is no role change.
    await t.post('users/update', { session_key: adminKey, user_id: newUser, name: 'Renamed Agent' });
    expect((await newest('user.role_changed'))?.target_id).not.toBe(String(newUser));
    const promoted = await t.post('users/update', { session_key: adminKey, user_id: newUser, role: 'admin' });
    expect(promoted.statusCode, promoted.body.message).toBe(200);
    expect(await newest('user.role_changed')).toMatchObject({
      actor_user_id: userId['admin@demo.test'],
      company_id: t.seed.companyId,
      target_id: String(newUser),
      details: { from: 'agent', to: 'admin' },
    });

    const plan = await t.post('companies/change-plan', {
      session_key: superKey,
      company_id: t.seed.otherCompanyId,
      plan_id: 'starter',
    });
    expect(plan.statusCode, plan.body.message).toBe(200);
    expect(await newest('plan.changed')).toMatchObject({
      company_id: t.seed.otherCompanyId,
      details: { plan_id: 'starter' },
    });

    // The set as it is: a changed message would also need the cases that quote it changed.
    const set = structuredClone(schemaSet);
    const draft = await t.post('schema-studio/save-draft', {
      session_key: superKey,
      schema_set: set,
      note: 'audit',
    });
    expect(draft.statusCode, draft.body.message).toBe(200);
    const version = draft.body.data.version as number;
    const published = await t.post('schema-studio/publish', { session_key: superKey, version });
    expect(published.statusCode, published.body.message).toBe(200);
    expect(await newest('schema.published')).toMatchObject({
      company_id: null,
      target_type: 'schema_version',
      target_id: String(version),
    });

    // Deleting an application deletes its client's contact and is audited.
    const app = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    const applicationId = app.body.data.application.id as number;
    const contact = await t.post('agent-portal/create-contact', {
      session_key: agentKey,
      owned_type: 'Individual Owned',
      first_name: 'Dora',
      last_name: 'Deleted',
      phone: '(305) 555-0199',
      email: 'dora.deleted@mail.test',
      application_id: applicationId,
    });
    expect(contact.statusCode, contact.body.message).toBe(200);
    const contactId = contact.body.data.contact.id as number;
    const deleted = await t.post('agent-portal/delete-application-by-id', {
      session_key: agentKey,
      application_id: applicationId,
    });
    expect(deleted.statusCode, deleted.body.message).toBe(200);
    expect(await t.db.select().from(contacts).where(eq(contacts.id, contactId))).toEqual([]);
    expect(await newest('application.deleted')).toMatchObject({
      actor_user_id: userId['agent@demo.test'],
      company_id: t.seed.companyId,
      target_type: 'application',
      target_id: String(applicationId),
      details: { contacts_deleted: [contactId] },
    });
  }, 120_000);

  it('filters by action and time, pages newest first, and refuses agents, customers and other agencies', async () => {
    const logins = await list(superKey, { action: 'auth.login', per_page: 2, page: 1 });
    expect(logins.statusCode).toBe(200);
    expect(logins.body.data.events).toHaveLength(2);
    expect(logins.body.data.total).toBeGreaterThanOrEqual(4);
    expect(logins.body.data.events.every((e: { action: string }) => e.action === 'auth.login')).toBe(true);
    const [first, second] = logins.body.data.events as { id: number; occurred_at: string }[];
    expect(first.occurred_at >= second.occurred_at).toBe(true);
    const page2 = await list(superKey, { action: 'auth.login', per_page: 2, page: 2 });
    expect(page2.body.data.events[0].id).not.toBe(first.id);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await list(superKey, { from: tomorrow })).body.data.total).toBe(0);
    expect((await list(superKey, { to: '2000-01-01' })).body.data.total).toBe(0);
    const since2000 = await list(superKey, { from: '2000-01-01T00:00:00Z' });
    expect(since2000.statusCode, since2000.body.message).toBe(200);
    expect(since2000.body.data.total).toBeGreaterThan(0);
    const badDate = await list(superKey, { from: '2026-02-30' });
    expect([badDate.statusCode, badDate.body.message, badDate.body.error_obj]).toEqual([
      422,
      AUDIT_DATE_MESSAGE,
      { from: AUDIT_DATE_MESSAGE },
    ]);
    expect((await list(superKey, { from: 'yesterday' })).statusCode).toBe(400);
    expect((await list(superKey, { action: 'auth.nothing' })).statusCode).toBe(400);
    expect((await list(superKey, { per_page: 101 })).statusCode).toBe(400);

    expect((await list(agentKey)).statusCode).toBe(403);
    expect((await list(await t.loginAs('customer@demo.test'))).statusCode).toBe(403);
    const foreign = await list(adminKey, { company_id: t.seed.otherCompanyId });
    expect([foreign.statusCode, foreign.body.data]).toEqual([404, null]);
    const oneAgency = (await list(superKey, { company_id: t.seed.otherCompanyId })).body.data.events;
    expect(oneAgency.every((e: { company_id: number }) => e.company_id === t.seed.otherCompanyId)).toBe(true);
  });

  it('exports the filtered trail as formula-safe CSV, and audits the export', async () => {
    await recordAuditEvent(
      t.db,
      { actor: null, userId: userId['admin@demo.test'], clientAddress: '=cmd|calc' },
      { action: 'auth.login', companyId: t.seed.companyId as number, target: { type: 'user', id: 1 } },
    );
    const answer = await t.post('audit/export-csv', { session_key: adminKey, action: 'auth.login' });
    expect(answer.statusCode, answer.body.message).toBe(200);
    const { csv, rows, file_name } = answer.body.data;
    expect(file_name).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (csv as string).trim().split('\n');
    expect(lines[0]).toBe(
      'occurred_at,action,actor_user_id,actor_name,acting_as_user_id,acting_as_name,company_id,target_type,target_id,client_address,details',
    );
    expect(lines).toHaveLength(rows + 1);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'auth.login')).toBe(true);
    expect(csv).toContain("'=cmd|calc");
    expect(await newest('export.downloaded')).toMatchObject({
      company_id: t.seed.companyId,
      target_type: 'audit_events',
      details: { rows, action: 'auth.login' },
    });
    expect((await t.post('audit/export-csv', { session_key: agentKey })).statusCode).toBe(403);
  });

  it('refuses UPDATE, DELETE and TRUNCATE; the retention purge deletes only what is older than its cut-off', async () => {
    const before = await t.count('audit_events');
    expect(await refusal(sql`UPDATE audit_events SET action = 'x'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`DELETE FROM audit_events`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`TRUNCATE audit_events`)).toMatch(/append-only: TRUNCATE refused/);
    expect(await t.count('audit_events')).toBe(before);

    const old = new Date(Date.now() - (1826 + 2) * 86_400_000);
    await t.db.execute(
      sql`INSERT INTO audit_events (occurred_at, action) VALUES (${old.toISOString()}::timestamptz, 'auth.login')`,
    );
    // A purge names its cut-off for its own transaction only: a later plain delete is refused again.
    expect(await purgeAuditEventsBefore(t.db, new Date(old.getTime() - 1000))).toBe(0);
    const result = await purgeExpiredRecords(t.db, new Date());
    expect(result.audit_events).toBe(1);
    expect(await t.count('audit_events')).toBe(before);
    expect(await refusal(sql`DELETE FROM audit_events`)).toMatch(/append-only/);
  });

  it('runs the retention purge daily on the job mechanism, one run per date', async () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(nextRecordsRetentionRun(now).toISOString()).toBe('2026-11-29T08:00:00.000Z');
    expect(nextRecordsRetentionRun(new Date('2026-11-28T07:59:00Z')).toISOString()).toBe(
      '2026-11-28T08:00:00.000Z',
    );
    const a = await scheduleRecordsRetention(t.db, now);
    const b = await scheduleRecordsRetention(t.db, now);
    expect(a.id).toBe(b.id);
    expect(a.kind).toBe(RECORDS_RETENTION_KIND);
  });

  it('reads AUDIT_RETENTION_DAYS: default five years, a whole number of days, else refuses', () => {
    expect(auditRetentionDaysOf(readSettings({}))).toBe(1826);
    expect(auditRetentionDaysOf(readSettings({ AUDIT_RETENTION_DAYS: '30' }))).toBe(30);
    expect(() => readSettings({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => readSettings({ AUDIT_RETENTION_DAYS: '5y' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
