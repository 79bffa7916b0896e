/**
 * Schema versions and document migrations on the server (issue 10 part 3), on PGlite and
 * PostgreSQL: the files stored once as version 1; an application keeps validating against its own
 * version after a newer one changes a message; a draft is upgraded when opened once a newer version
 * migrates it (a dropped field, a remapped deductible) and then launches; reset moves it to the
 * current version; simultaneous publishes of one content store it once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc, JsonSchema, SchemaSet } from '../../engine/index.ts';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import { examples, schemaSet } from '../../schemas/schema-set.ts';
import { rowsOf } from '../../server/db/database.ts';
import { schemaVersions } from '../../server/db/schema.ts';
import {
  FILE_IMPORT_NOTE,
  publishSchemaSet,
  saveDraftSchemaSet,
  schemaSetHash,
  syncFileSchemaSet,
} from '../../server/services/schema-versions.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

/** A copy of `set` without `field`: its definition, form entries, conditions and rules. */
function withoutField(set: SchemaSet, field: string): SchemaSet {
  const copy = structuredClone(set);
  for (const schema of copy.schemas)
    delete (schema.properties as Record<string, JsonSchema> | undefined)?.[field];
  for (const form of copy.forms) {
    for (const section of form.sections) section.fields = section.fields.filter((name) => name !== field);
    form.optional = form.optional?.filter((name) => name !== field);
    if (form.ui) delete form.ui[field];
  }
  delete copy.applicability[field];
  copy.field_rules = copy.field_rules.filter((rule) => rule.field !== field);
  copy.cross_rules = copy.cross_rules.filter((rule) => rule.field !== field);
  return copy;
}

describe.each(DATABASE_KINDS)('schema versions on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let latest: SchemaSet = schemaSet;

  const post = (path: string, body: Record<string, unknown>) =>
    t.post(`agent-portal/${path}`, { session_key: agentKey, ...body });
  async function created(): Promise<{ id: number; schema_version: number }> {
    const result = await post('create-new-application', { address: MIAMI });
    expect(result.statusCode, result.body.message).toBe(200);
    return result.body.data.application;
  }
  const opened = async (id: number) =>
    (await post('get-application-by-id', { application_id: id })).body.data.application;
  const launch = (id: number, doc: Record<string, unknown>) =>
    post('launch-application', { application_id: id, address_details: doc });
  async function publish(edit: (set: SchemaSet) => SchemaSet, note: string): Promise<number> {
    latest = edit(structuredClone(latest));
    return publishSchemaSet(t.db, latest, note);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    agentKey = await t.loginAs('agent@demo.test');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('stores the files of schemas/ as version 1, once (at start, or at the first call that needs it)', async () => {
    expect(await t.db.select().from(schemaVersions)).toEqual([]);
    expect(await syncFileSchemaSet(t.db)).toBe(1);
    const rows = await t.db.select().from(schemaVersions);
    expect(rows.map((row) => [row.version, row.status, row.note])).toEqual([
      [1, 'published', FILE_IMPORT_NOTE],
    ]);
    expect(rows[0].content_hash).toBe(schemaSetHash(schemaSet));
    expect(await publishSchemaSet(t.db, schemaSet, 'again')).toBe(1);
    expect(await t.db.select().from(schemaVersions)).toHaveLength(1);
    const answer = await post('get-schema-set', {});
    expect(answer.body.data).toMatchObject({
      schema_version: 1,
      schema_set: { root_schema_id: schemaSet.root_schema_id },
    });
    // A form never reads the cases, the examples or the data files (docs/decisions/765).
    for (const part of ['cases', 'examples', 'example_contexts', 'data_files'])
      expect(answer.body.data.schema_set, part).not.toHaveProperty(part);
    expect((await post('get-schema-set', { schema_version: 99 })).statusCode).toBe(404);
  });

  it('keeps validating an application against its version after a newer one changes a message', async () => {
    const before = await created();
    expect(before.schema_version).toBe(1);
    const v2 = await publish((set) => {
      set.messages.invalid_phone_number = 'That phone number looks wrong';
      return set;
    }, 'phone message');
    expect(v2).toBe(2);
    // No migration between: opening keeps the version (and its texts) until a reset.
    expect((await opened(before.id)).schema_version).toBe(1);
    const old = await launch(before.id, { ...structuredClone(examples.primary), phone: '123' });
    expect(old.body.message).toBe(messageTexts.invalid_phone_number);
    const after = await created();
    expect(after.schema_version).toBe(2);
    const fresh = await launch(after.id, { ...structuredClone(examples.primary), phone: '123' });
    expect(fresh.body.message).toBe('That phone number looks wrong');
  });

  it('upgrades a draft holding a removed field when opened, and it launches', async () => {
    const draft = await created();
    const saved = await post('update-application', {
      application_id: draft.id,
      address_details: { requester_name: 'Sam Reyes' },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const v3 = await publish((set) => {
      const next = withoutField(set, 'requester_name');
      next.migrations = [
        ...(next.migrations ?? []),
        { id: 'drop-requester-name', steps: [{ drop: { field: 'requester_name' } }] },
      ];
      return next;
    }, 'requester name removed');
    const upgraded = await opened(draft.id);
    expect(upgraded.schema_version).toBe(v3);
    expect(upgraded.payload.useable_details).not.toHaveProperty('requester_name');
    const doc = { ...upgraded.payload.useable_details, ...structuredClone(examples.primary) };
    delete doc.requester_name;
    const launched = await launch(draft.id, doc);
    expect(launched.statusCode, launched.body.message).toBe(200);
  });

  it('remaps a removed deductible value when the draft is opened', async () => {
    const draft = await created();
    await post('update-application', { application_id: draft.id, address_details: { deductible: 2000 } });
    const v4 = await publish((set) => {
      const coverage = set.schemas.find((schema) =>
        String(schema.$id).endsWith('constants/deductibles.json'),
      );
      if (!coverage) throw new Error('no deductibles list');
      coverage.oneOf = (coverage.oneOf as { const: number }[]).filter((option) => option.const !== 2000);
      set.migrations = [
        ...(set.migrations ?? []),
        { id: 'deductible-2000-gone', steps: [{ remap: { field: 'deductible', values: { '2000': 5000 } } }] },
      ];
      return set;
    }, 'no $2,000 deductible');
    const upgraded = await opened(draft.id);
    expect(upgraded.schema_version).toBe(v4);
    expect(upgraded.payload.useable_details.deductible).toBe(5000);
    const doc: Doc = {
      ...structuredClone(examples.primary),
      deductible: upgraded.payload.useable_details.deductible,
    };
    delete doc.requester_name;
    expect((await launch(draft.id, doc)).statusCode).toBe(200);
  });

  it('moves an application to the current version when it is reset', async () => {
    const app = await created();
    const doc = structuredClone(examples.primary);
    delete doc.requester_name;
    expect((await launch(app.id, { ...doc, deductible: 5000 })).statusCode).toBe(200);
    const v5 = await publish((set) => {
      set.messages.invalid_email = 'That e-mail looks wrong';
      return set;
    }, 'e-mail message');
    const reset = await post('reset-application', { application_id: app.id });
    expect(reset.statusCode, reset.body.message).toBe(200);
    expect(reset.body.data.application.schema_version).toBe(v5);
  });

  it('keeps a draft out of use: not current, not served, not stamped on new applications', async () => {
    const current = (await created()).schema_version;
    const draft = await saveDraftSchemaSet(
      t.db,
      { ...latest, messages: { ...latest.messages, fallback: 'draft text' } },
      'review',
    );
    expect(draft).toBeGreaterThan(current);
    expect((await created()).schema_version).toBe(current);
    expect((await post('get-schema-set', { schema_version: draft })).statusCode).toBe(404);
    const [row] = await t.db.select().from(schemaVersions).where(eq(schemaVersions.version, draft));
    expect([row.status, row.published_at]).toEqual(['draft', null]);
  });

  it.runIf(kind === 'postgres')('stores one content once when two publishes race', async () => {
    const racing = structuredClone(latest);
    racing.messages.fallback = 'raced';
    const versions = await Promise.all([
      publishSchemaSet(t.db, racing, 'a'),
      publishSchemaSet(t.db, racing, 'b'),
    ]);
    expect(versions[0]).toBe(versions[1]);
    const rows = await t.db
      .select()
      .from(schemaVersions)
      .where(eq(schemaVersions.content_hash, schemaSetHash(racing)));
    expect(rows).toHaveLength(1);
    const [{ count }] = rowsOf(
      await t.db.execute(sql`SELECT count(*)::int AS count FROM schema_versions`),
    ) as { count: number }[];
    expect(count).toBe(versions[0]);
  });
});
