/**
 * Impact before publish (issue 37) on PGlite and PostgreSQL: with every in-progress application
 * holding the Primary example on solid foundation walls, a draft that drops that option and turns the prior-loss
 * warning on for "No" answers each change with the count of stored applications, sample ids and
 * the examples it touches; publishing it is refused without accept_impact (nothing changes) and
 * recorded with it; a draft that only rewords a message publishes without; past
 * INLINE_IMPACT_LIMIT applications the impact is a job with progress, and publish needs its
 * fresh result.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema, SchemaSet } from '../../engine/index.ts';
import { examples, schemaSet } from '../../schemas/schema-set.ts';
import { rowsOf } from '../../server/db/database.ts';
import { jobHandlers } from '../../server/jobs/job-kinds.ts';
import { createJobWorker } from '../../server/jobs/job-worker.ts';
import {
  IMPACT_NEEDED_MESSAGE,
  IMPACT_NOT_ACCEPTED_MESSAGE,
  INLINE_IMPACT_LIMIT,
} from '../../server/services/schema-impact-service.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

/** The set with `value` no longer an option of the constant schema `$id` ends with `file` (enum or oneOf). */
function withoutOption(set: SchemaSet, file: string, value: string): SchemaSet {
  const next = structuredClone(set);
  const schema = next.schemas.find((s) => String(s.$id).endsWith(file)) as JsonSchema;
  if (Array.isArray(schema.enum)) schema.enum = schema.enum.filter((v) => v !== value);
  if (Array.isArray(schema.oneOf))
    schema.oneOf = schema.oneOf.filter((o) => (o as JsonSchema).const !== value);
  return next;
}

/** The option every stored application holds in the suite, and the document they hold. */
const WALLS = 'Solid Foundation Walls';
const STORED = { ...examples.primary, foundation_type: WALLS };

/**
 * The set without its cases: the drafts below change what the cases pin (an outcome, a message's
 * words), and this suite judges the impact check, not the cases (tests/schemas/cases.test.ts).
 */
function withoutCases(set: SchemaSet): SchemaSet {
  return { ...set, cases: [] };
}

/** The set with the prior-loss warning shown for answer "No". */
function warnOnNoPriorLoss(set: SchemaSet): SchemaSet {
  const next = structuredClone(set);
  for (const table of next.outcome_tables) {
    for (const question of table.questions) {
      if (question.id === 'primary-excess-prior-loss') question.when_answer = 'No';
    }
  }
  return next;
}

describe.each(DATABASE_KINDS)('impact before publish on %s', (kind) => {
  let t: TestApp;
  let superKey: string;
  let inProgress: number[];

  const studio = (path: string, body: Record<string, unknown> = {}) =>
    t.post(`schema-studio/${path}`, { session_key: superKey, ...body });
  const saveDraft = async (set: SchemaSet, note: string) => {
    const saved = await studio('save-draft', { schema_set: set, note });
    expect(saved.statusCode, saved.body.message).toBe(200);
    return saved.body.data.version as number;
  };
  const versions = async () =>
    rowsOf<{ version: number; status: string }>(
      await t.db.execute(sql`SELECT version, status FROM schema_versions ORDER BY version`),
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    superKey = await t.loginAs('superadmin@demo.test');
    const agentKey = await t.loginAs('agent@demo.test');
    for (let i = 0; i < 3; i++) {
      const made = await t.post('agent-portal/create-new-application', {
        session_key: agentKey,
        address: MIAMI,
      });
      expect(made.statusCode, made.body.message).toBe(200);
    }
    // Every in-progress application holds the Primary example (on a foundation no example uses,
    // so a draft without it passes the examples' harness): the counts are exact.
    await t.db.execute(sql`
      UPDATE applications SET useable_details = ${JSON.stringify(STORED)}::jsonb,
        carrier_quote_type = '["Primary"]'::jsonb, application_type = 'flood'
      WHERE status = 'new'`);
    inProgress = rowsOf<{ id: number }>(
      await t.db.execute(sql`SELECT id FROM applications WHERE status = 'new' ORDER BY id`),
    ).map((row) => Number(row.id));
    expect(inProgress.length).toBeGreaterThanOrEqual(3);
  });

  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it('answers each change with its count, sample application ids and the examples it touches', async () => {
    const draft = await saveDraft(
      warnOnNoPriorLoss(withoutOption(schemaSet, 'foundation-types.json', WALLS)),
      'no walls',
    );
    const answer = await studio('impact', { version: draft });
    expect(answer.statusCode, answer.body.message).toBe(200);
    const { job_id, status, impact } = answer.body.data;
    expect([job_id, status]).toEqual([null, 'done']);
    const n = inProgress.length;
    const samples = inProgress.slice(0, 5);
    expect(impact.applications_checked).toBe(n);
    expect(impact.changes_stored_applications).toBe(true);
    expect(impact.values_no_longer_allowed).toEqual([
      expect.objectContaining({
        field: 'foundation_type',
        value: WALLS,
        count: n,
        sample_application_ids: samples,
        test_documents: [],
      }),
    ]);
    expect(impact.outcome_changes).toContainEqual(
      expect.objectContaining({
        change: 'gained',
        question_id: 'primary-excess-prior-loss',
        outcome: 'warning',
        count: n,
        sample_application_ids: samples,
        test_documents: expect.arrayContaining(['example primary']),
      }),
    );
    expect(impact.message_changes).toContainEqual(
      expect.objectContaining({
        change: 'gained',
        field: 'foundation_type',
        rule_id: 'type:foundation_type',
        count: n,
      }),
    );
  }, 120_000);

  it('refuses to publish a draft that changes stored applications without accept_impact, then records it with', async () => {
    const draft = await saveDraft(
      withoutOption(schemaSet, 'foundation-types.json', 'Crawlspace'),
      'no crawlspace',
    );
    // Crawlspace is nobody's value: no stored application changes, so it would publish freely.
    // A withdrawn value in use is refused outright (stranded-values.ts); an outcome change needs consent.
    const walls = await saveDraft(withoutCases(warnOnNoPriorLoss(schemaSet)), 'warn on no prior loss');
    const before = await versions();
    const refused = await studio('publish', { version: walls });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(IMPACT_NOT_ACCEPTED_MESSAGE);
    expect(refused.body.data.impact.outcome_changes[0]).toMatchObject({
      question_id: 'primary-excess-prior-loss',
      count: inProgress.length,
    });
    expect(await versions()).toEqual(before);

    const accepted = await studio('publish', { version: walls, accept_impact: true });
    expect(accepted.statusCode, accepted.body.message).toBe(200);
    const history = await studio('version-history');
    expect(history.body.data.events[0]).toMatchObject({
      version: walls,
      action: 'publish',
      user_name: 'Sam Super',
      published_version: accepted.body.data.version,
      accepted_impact: true,
    });
    // Roll back to the files' version (nothing to accept: a roll-back is not judged).
    const back = await studio('roll-back', { version: 1 });
    expect(back.statusCode, back.body.message).toBe(200);
    expect((await studio('version-history')).body.data.events[0]).toMatchObject({
      version: 1,
      action: 'roll-back',
      published_version: back.body.data.version,
    });
    const free = await studio('impact', { version: draft });
    expect(free.body.data.impact.changes_stored_applications).toBe(false);
  }, 120_000);

  it('publishes a reworded message without accept_impact: its text is no change', async () => {
    const set = withoutCases(structuredClone(schemaSet));
    set.messages.invalid_phone_number = 'Check the phone number';
    const draft = await saveDraft(set, 'reworded');
    const impact = (await studio('impact', { version: draft })).body.data.impact;
    expect(impact.changes_stored_applications).toBe(false);
    expect(impact.message_changes).toEqual([]);
    const published = await studio('publish', { version: draft });
    expect(published.statusCode, published.body.message).toBe(200);
    expect((await studio('version-history')).body.data.events[0]).toMatchObject({ accepted_impact: false });
  }, 120_000);

  it('refuses impact calls it cannot answer: unknown version 404, a published one 409, a bad body 400', async () => {
    expect((await studio('impact', { version: 99999 })).statusCode).toBe(404);
    expect((await studio('impact', { version: 1 })).statusCode).toBe(409);
    expect((await studio('impact', { version: 'one' })).statusCode).toBe(400);
    expect((await studio('impact-status', { job_id: 99999 })).statusCode).toBe(404);
    expect((await studio('publish', { version: 1, accept_impact: 'yes' })).statusCode).toBe(400);
  }, 120_000);

  it('runs a large replay as a job with progress, and publish goes by its fresh result', async () => {
    // Past the inline limit: copies of the first in-progress application.
    await t.db.execute(sql`
      INSERT INTO applications (agent_id, company_id, status, application_type, carrier_quote_type, useable_details)
      SELECT agent_id, company_id, 'new', 'flood', carrier_quote_type, useable_details
      FROM applications, generate_series(1, ${INLINE_IMPACT_LIMIT}) WHERE id = ${inProgress[0]}`);
    const total = inProgress.length + INLINE_IMPACT_LIMIT;
    const draft = await saveDraft(withoutCases(warnOnNoPriorLoss(schemaSet)), 'warn on no prior loss, large');
    const queued = await studio('impact', { version: draft });
    expect(queued.statusCode, queued.body.message).toBe(200);
    expect(queued.body.data).toMatchObject({ status: 'queued', impact: null });
    const jobId = queued.body.data.job_id as number;
    // The same draft asked again while queued: the same job.
    expect((await studio('impact', { version: draft })).body.data.job_id).toBe(jobId);
    const early = await studio('publish', { version: draft, accept_impact: true });
    expect([early.statusCode, early.body.message]).toEqual([409, IMPACT_NEEDED_MESSAGE]);

    await createJobWorker(t.db, { handlers: jobHandlers }).drain();
    const done = (await studio('impact-status', { job_id: jobId })).body.data;
    expect(done.status).toBe('done');
    expect(done.progress).toEqual({ applications_checked: total, applications_total: total });
    expect(done.impact.applications_checked).toBe(total);
    expect(done.impact.outcome_changes[0]).toMatchObject({
      question_id: 'primary-excess-prior-loss',
      count: total,
    });

    const refused = await studio('publish', { version: draft });
    expect([refused.statusCode, refused.body.message]).toEqual([409, IMPACT_NOT_ACCEPTED_MESSAGE]);
    const published = await studio('publish', { version: draft, accept_impact: true });
    expect(published.statusCode, published.body.message).toBe(200);
  }, 120_000);
});
