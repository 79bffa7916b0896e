/**
 * The schema studio's calls (issue 11) on PGlite and PostgreSQL: a draft with an unsatisfiable cross
 * rule is refused at publish, naming the rule with a counter-example; a sound draft publishes as the
 * newest version, new applications use it and the version shows what changed; rollback makes an
 * earlier content the newest again; versions name their author; test documents are kept by name;
 * admins read, only super-admins change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaSet } from '../../engine/index.ts';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import { schemaSet } from '../../schemas/schema-set.ts';
import { PUBLISH_REFUSED_MESSAGE } from '../../server/services/schema-studio-service.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('schema studio on %s', (kind) => {
  let t: TestApp;
  let superKey: string;
  let adminKey: string;
  let agentKey: string;

  const studio = (key: string, path: string, body: Record<string, unknown> = {}) =>
    t.post(`schema-studio/${path}`, { session_key: key, ...body });
  const newApplicationVersion = async () =>
    (await t.post('agent-portal/create-new-application', { session_key: agentKey, address: MIAMI })).body.data
      .application.schema_version as number;
  const edited = (edit: (set: SchemaSet) => void) => {
    const set = structuredClone(schemaSet);
    edit(set);
    return set;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    superKey = await t.loginAs('superadmin@demo.test');
    adminKey = await t.loginAs('admin@demo.test');
    agentKey = await t.loginAs('agent@demo.test');
    expect(await newApplicationVersion()).toBe(1);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses to publish a draft with an unsatisfiable cross rule, naming it with a counter-example', async () => {
    const broken = edited((set) => {
      set.cross_rules.push({
        id: 'sqft-between-impossible',
        field: 'sqft',
        assert: { and: [{ '>': [{ var: 'doc.sqft' }, 10] }, { '<': [{ var: 'doc.sqft' }, 5] }] },
        message: 'numeric',
        skip_empty: true,
      });
    });
    const saved = await studio(superKey, 'save-draft', { schema_set: broken, note: 'impossible rule' });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const draft = saved.body.data.version as number;
    // A sqft message on every document also fails the case that expects a clean one (issue 37).
    expect(saved.body.data.problems.map((p: { kind: string }) => p.kind)).toEqual([
      'never-true',
      'rule-always-fails',
      'case-failed',
    ]);
    const refused = await studio(superKey, 'publish', { version: draft });
    expect(refused.statusCode).toBe(422);
    expect(refused.body.message).toBe(PUBLISH_REFUSED_MESSAGE);
    const always = refused.body.data.problems.find((p: { kind: string }) => p.kind === 'rule-always-fails');
    expect(always.message).toMatch(
      /rule "sqft-between-impossible" fires on every document tried; e\.g\. with \{"sqft":/,
    );
    // Each problem names its place in words, the rule by its id.
    expect(always.where).toBe('cross_rules › sqft-between-impossible');
    expect(await newApplicationVersion()).toBe(1);
  });

  it('refuses to publish a draft one of its cases fails, naming the case, and changes nothing', async () => {
    const before = (await studio(adminKey, 'list-versions')).body.data;
    // The phone message is pinned by the cases of schemas/cases/field-rules.json (issue 37).
    const saved = await studio(superKey, 'save-draft', {
      schema_set: edited((set) => {
        set.messages.invalid_phone_number = 'Check the phone number';
      }),
      note: 'phone message without its cases',
    });
    const draft = saved.body.data.version as number;
    const refused = await studio(superKey, 'publish', { version: draft });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatchObject({ status: 'error', code: 422, message: PUBLISH_REFUSED_MESSAGE });
    const failed = refused.body.data.problems.filter((p: { kind: string }) => p.kind === 'case-failed');
    expect(failed.map((p: { where: string }) => p.where)).toContain(
      'cases › field-rules › cases › phone-13-characters',
    );
    expect(failed.find((p: { where: string }) => p.where.endsWith('phone-13-characters')).message).toMatch(
      /^case "phone-13-characters" \(13 characters: Invalid Phone number!\) fails: messages of "phone": expected \["Invalid Phone number!"\], got \["Check the phone number"\]/,
    );
    const after = (await studio(adminKey, 'list-versions')).body.data;
    expect(after.current).toBe(before.current);
    expect(after.versions.find((v: { version: number }) => v.version === draft).status).toBe('draft');
    expect(await newApplicationVersion()).toBe(before.current);
  });

  it('publishes a sound draft as the newest version, shows what changed, and rolls back', async () => {
    const draft = (
      await studio(superKey, 'save-draft', {
        schema_set: edited((set) => {
          set.messages.invalid_phone_number = 'Check the phone number';
          // The draft updates the cases that pin the text with it (issue 37).
          set.cases = JSON.parse(
            JSON.stringify(set.cases).replaceAll(messageTexts.invalid_phone_number, 'Check the phone number'),
          );
        }),
        note: 'friendlier phone message',
      })
    ).body.data.version as number;
    const published = await studio(superKey, 'publish', { version: draft });
    expect(published.statusCode, published.body.message).toBe(200);
    const version = published.body.data.version as number;
    expect(await newApplicationVersion()).toBe(version);

    const shown = await studio(adminKey, 'get-version', { version, compare_to: 1 });
    expect(shown.body.data.changes).toEqual([
      {
        path: ['messages', 'invalid_phone_number'],
        change: 'changed',
        sentence: `Message "invalid_phone_number": "${messageTexts.invalid_phone_number}" -> "Check the phone number"`,
      },
      ...[
        'field-rules/phone-13-characters',
        'field-rules/requester_phone-13-characters',
        'field-rules/phone-required',
        'forms-and-values/status-new-rules-run',
      ].map((key) => ({
        path: ['cases', ...key.split('/')],
        change: 'changed',
        sentence: `Case "${key}" changed`,
      })),
    ]);
    const listed = await studio(adminKey, 'list-versions');
    expect(listed.body.data.current).toBe(version);
    expect(listed.body.data.versions[0]).toMatchObject({
      version,
      status: 'published',
      note: 'friendlier phone message',
      author_name: 'Sam Super',
    });
    // The start-up import has no author.
    expect(listed.body.data.versions.at(-1)).toMatchObject({ version: 1, author_name: null });

    const rolled = await studio(superKey, 'roll-back', { version: 1 });
    expect(rolled.body.data.version).toBe(version + 1);
    expect(await newApplicationVersion()).toBe(version + 1);
    const back = await studio(adminKey, 'get-version', { version: version + 1, compare_to: 1 });
    expect(back.body.data.changes).toEqual([]);
  }, 120_000); // Publish and roll-back each run the lint in a worker, and publish replays the draft (issue 37).

  it('keeps test documents by name: saved and replaced by super-admins, listed for admins, deleted', async () => {
    const context = { product: 'Primary', application_type: 'flood', status: 'new' };
    const saved = await studio(superKey, 'save-test-document', {
      name: ' Condo on floor 3 ',
      context,
      document: { occupancy_type: 'Condo Unit', condo_floor: 3 },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const replaced = await studio(superKey, 'save-test-document', {
      name: 'Condo on floor 3',
      context,
      document: { occupancy_type: 'Condo Unit', condo_floor: 4 },
    });
    expect(replaced.body.data.test_document.id).toBe(saved.body.data.test_document.id);
    const listed = await studio(adminKey, 'list-test-documents');
    expect(listed.body.data.test_documents).toEqual([
      expect.objectContaining({
        name: 'Condo on floor 3',
        context,
        document: { occupancy_type: 'Condo Unit', condo_floor: 4 },
      }),
    ]);
    const bad = await studio(superKey, 'save-test-document', { name: '  ', context, document: {} });
    expect(bad.statusCode).toBe(400);
    const nested = await studio(superKey, 'save-test-document', {
      name: 'x',
      context,
      document: { a: { b: 1 } },
    });
    expect(nested.statusCode).toBe(400);
    expect(
      (await studio(adminKey, 'delete-test-document', { id: saved.body.data.test_document.id })).statusCode,
    ).toBe(403);
    expect(
      (await studio(superKey, 'delete-test-document', { id: saved.body.data.test_document.id })).statusCode,
    ).toBe(200);
    expect(
      (await studio(superKey, 'delete-test-document', { id: saved.body.data.test_document.id })).statusCode,
    ).toBe(404);
    expect((await studio(adminKey, 'list-test-documents')).body.data.test_documents).toEqual([]);
  });

  it('lets admins look but not change, and agents not even look', async () => {
    expect((await studio(adminKey, 'save-draft', { schema_set: schemaSet })).statusCode).toBe(403);
    expect((await studio(adminKey, 'roll-back', { version: 1 })).statusCode).toBe(403);
    expect((await studio(agentKey, 'list-versions')).statusCode).toBe(403);
  });
});
