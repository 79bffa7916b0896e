/**
 * Safe rule changes (issue 37) on PGlite and PostgreSQL, from the reported bug: the foundation
 * option "Crawlspace" renamed "Crawl space" (and the condition naming it) published, and from then
 * on every new application whose property data says crawl space failed autosave with 422, because
 * the providers' mapping still wrote "Crawlspace". Now the mapping is part of the version: the same
 * draft is refused at publish, naming the mapping's value and the field stored drafts still hold;
 * with a remap it publishes, the mapping moves with it, a new application is filled with
 * "Crawl space" and saves, and an old one moves to "Crawl space" and saves. Renaming the label only
 * changes no stored value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema, SchemaSet } from '../../engine/index.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import { sandboxProviders } from '../../server/property-data/sandbox-provider.ts';
import { PUBLISH_REFUSED_MESSAGE } from '../../server/services/schema-studio-service.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const FOUNDATIONS_ID = 'https://agent-portal.local/schemas/constants/foundation-types.json';

/** A Miami Beach address the sandbox provider answers with foundation "CRAWL SPACE". */
async function crawlSpaceAddress(): Promise<typeof MIAMI> {
  for (let number = 1700; ; number += 2) {
    const address1 = `${number} Convention Center Dr`;
    const address = { ...MIAMI, address1, searched_address: `${address1}, Miami Beach, FL 33139` };
    const found = await sandboxProviders.characteristics.characteristics({ ...address, address2: '' });
    if (found?.foundation === 'CRAWL SPACE') return address;
  }
}

/** The shipped set with "Crawlspace" renamed "Crawl space" where the studio renamed it: the option and the condition. */
function renamedValue(extra: (set: SchemaSet) => void = () => undefined): SchemaSet {
  const set = structuredClone(schemaSet);
  const list = set.schemas.find((schema) => schema.$id === FOUNDATIONS_ID) as JsonSchema & { enum: string[] };
  list.enum = list.enum.map((value) => (value === 'Crawlspace' ? 'Crawl space' : value));
  set.applicability.crawlspace_vented = { '==': [{ var: 'doc.foundation_type' }, 'Crawl space'] };
  extra(set);
  return set;
}

describe.each(DATABASE_KINDS)('values in use across a publish on %s', (kind) => {
  let t: TestApp;
  let superKey: string;
  let agentKey: string;
  let address: typeof MIAMI;
  let oldApplication: number;

  const studio = (path: string, body: Record<string, unknown>) =>
    t.post(`schema-studio/${path}`, { session_key: superKey, ...body });
  const created = async () => {
    const answer = await t.post('agent-portal/create-new-application', { session_key: agentKey, address });
    expect(answer.statusCode, answer.body.message).toBe(200);
    return answer.body.data.application as { id: number; schema_version: number; version: number };
  };
  const opened = async (id: number) =>
    (await t.post('agent-portal/get-application-by-id', { session_key: agentKey, application_id: id })).body
      .data.application;
  const update = (id: number, details: Record<string, unknown>) =>
    t.post('agent-portal/update-application', {
      session_key: agentKey,
      application_id: id,
      address_details: details,
    });
  /** What the property-data look-up fills for application `id`, as the portal sends it. */
  const filled = async (id: number) => {
    const answer = await t.post('property-data/lookup', { session_key: agentKey, application_id: id });
    expect(answer.statusCode, answer.body.message).toBe(200);
    const jobs = answer.body.data.jobs as { fields: Record<string, { value: unknown }> }[];
    return Object.fromEntries(
      jobs.flatMap((job) => Object.entries(job.fields).map(([field, found]) => [field, found.value])),
    );
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    superKey = await t.loginAs('superadmin@demo.test');
    agentKey = await t.loginAs('agent@demo.test');
    address = await crawlSpaceAddress();
    oldApplication = (await created()).id;
    expect((await update(oldApplication, { foundation_type: 'Crawlspace' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the reported rename at publish: the mapping still writes the old value, and a draft holds it', async () => {
    const saved = await studio('save-draft', { schema_set: renamedValue(), note: 'Crawl space' });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const refused = await studio('publish', { version: saved.body.data.version });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatchObject({ status: 'error', code: 422, message: PUBLISH_REFUSED_MESSAGE });
    const problems = refused.body.data.problems as { kind: string; path: unknown[]; message: string }[];
    const mapping = problems.filter((problem) => problem.kind === 'mapping-value-not-an-option');
    expect(mapping.map((problem) => problem.path)).toEqual([
      ['value_mappings', 'property-data', 'groups', 'characteristics', 4, 'values', 'CRAWL SPACE'],
      ['value_mappings', 'property-data', 'groups', 'characteristics', 4, 'values', 'CRAWLSPACE'],
    ]);
    expect(mapping[0].message).toContain('writes "Crawlspace" into "foundation_type"');
    const inUse = problems.find((problem) => problem.kind === 'value-in-use');
    expect(inUse?.message).toContain(
      `"foundation_type" no longer offers "Crawlspace" (1 application, e.g. ${oldApplication})`,
    );
    // A refused publish changes nothing: new applications keep the current version and its values.
    const fresh = await created();
    expect(fresh.schema_version).toBe(1);
    expect((await filled(fresh.id)).foundation_type).toBe('Crawlspace');
  });

  it('publishes the rename with a remap: the mapping moves, new and old applications save "Crawl space"', async () => {
    const draft = renamedValue((set) => {
      set.migrations = [
        {
          id: 'foundation-crawl-space',
          steps: [{ remap: { field: 'foundation_type', values: { Crawlspace: 'Crawl space' } } }],
        },
      ];
    });
    const saved = await studio('save-draft', { schema_set: draft, note: 'Crawl space, remapped' });
    expect(saved.body.data.problems).toEqual([]);
    const published = await studio('publish', { version: saved.body.data.version });
    expect(published.statusCode, JSON.stringify(published.body.data)).toBe(200);
    const version = published.body.data.version as number;
    const stored = await studio('get-version', { version });
    const characteristics =
      stored.body.data.schema_set.value_mappings['property-data'].groups.characteristics;
    expect(characteristics[4].values['CRAWL SPACE']).toBe('Crawl space');

    const fresh = await created();
    expect(fresh.schema_version).toBe(version);
    const values = await filled(fresh.id);
    expect(values.foundation_type).toBe('Crawl space');
    const saved2 = await update(fresh.id, values);
    expect(saved2.statusCode, saved2.body.message).toBe(200);

    const old = await opened(oldApplication);
    expect(old.schema_version).toBe(version);
    expect(old.payload.useable_details.foundation_type).toBe('Crawl space');
    const again = await update(oldApplication, { foundation_type: 'Crawl space', sqft: 1800 });
    expect(again.statusCode, again.body.message).toBe(200);
  });

  it('renames a label without touching a stored value', async () => {
    const current = (await studio('get-version', { version: (await created()).schema_version })).body.data
      .schema_set as SchemaSet;
    const set = structuredClone(current);
    const list = set.schemas.find((schema) => schema.$id === FOUNDATIONS_ID) as JsonSchema & {
      enum?: string[];
    };
    set.schemas[set.schemas.indexOf(list)] = {
      ...Object.fromEntries(Object.entries(list).filter(([key]) => key !== 'enum')),
      oneOf: (list.enum ?? []).map((value) => ({
        const: value,
        title: value === 'Crawl space' ? 'Crawl space (vented or not)' : value,
      })),
    };
    const saved = await studio('save-draft', { schema_set: set, note: 'label' });
    expect(saved.body.data.problems).toEqual([]);
    const published = await studio('publish', { version: saved.body.data.version });
    expect(published.statusCode, JSON.stringify(published.body.data)).toBe(200);
    const old = await opened(oldApplication);
    expect(old.payload.useable_details.foundation_type).toBe('Crawl space');
    const fresh = await created();
    expect((await filled(fresh.id)).foundation_type).toBe('Crawl space');
    expect((await update(oldApplication, { sqft: 1900 })).statusCode).toBe(200);
  });
});
