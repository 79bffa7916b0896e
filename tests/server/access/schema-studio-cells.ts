/**
 * Cells of the schema studio (issue 11): admins and super-admins read versions; only super-admins
 * save drafts, publish and roll back; agents and customers get nothing. A refused call leaves the
 * stored versions as they were.
 */
import { schemaSet } from '../../../schemas/schema-set.ts';
import { schemaTestDocuments, schemaVersionEvents, schemaVersions } from '../../../server/db/schema.ts';
import { enqueueJob } from '../../../server/repositories/jobs-repository.ts';
import { upsertSchemaTestDocument } from '../../../server/repositories/schema-test-documents-repository.ts';
import { SCHEMA_IMPACT_KIND } from '../../../server/services/schema-impact-service.ts';
import { saveDraftSchemaSet } from '../../../server/services/schema-versions.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld } from './access-world.ts';
import { MANAGERS_OWN, SUPER_ONLY } from './callers.ts';

/** Every schema-studio cell. */
export function schemaStudioCells(w: AccessWorld): Cell[] {
  const versions = () => w.t.db.select().from(schemaVersions).orderBy(schemaVersions.version);
  const events = () => w.t.db.select().from(schemaVersionEvents).orderBy(schemaVersionEvents.id);
  const testDocuments = () => w.t.db.select().from(schemaTestDocuments).orderBy(schemaTestDocuments.id);
  const context = { product: 'Primary', application_type: 'flood', status: 'new' };
  return [
    {
      name: 'schema-studio/list-versions',
      endpoint: 'POST /api/schema-studio/list-versions',
      side: 'none',
      expected: MANAGERS_OWN,
      request: () => ({ body: {} }),
    },
    {
      name: 'schema-studio/get-version',
      endpoint: 'POST /api/schema-studio/get-version',
      side: 'none',
      expected: MANAGERS_OWN,
      request: () => ({ body: { version: 1 } }),
    },
    {
      name: 'schema-studio/save-draft',
      endpoint: 'POST /api/schema-studio/save-draft',
      side: 'none',
      expected: SUPER_ONLY,
      request: () => ({ body: { schema_set: schemaSet, note: 'matrix draft' } }),
      unchanged: versions,
    },
    {
      // The draft holds the current content, so publishing it adds no version for later cells.
      name: 'schema-studio/publish',
      endpoint: 'POST /api/schema-studio/publish',
      side: 'none',
      expected: SUPER_ONLY,
      request: async () => ({
        body: { version: await saveDraftSchemaSet(w.t.db, schemaSet, 'matrix publish') },
      }),
      unchanged: async () => (await versions()).map((row) => [row.version, row.status]).slice(0, -1),
    },
    {
      name: 'schema-studio/roll-back',
      endpoint: 'POST /api/schema-studio/roll-back',
      side: 'none',
      expected: SUPER_ONLY,
      request: () => ({ body: { version: 1 } }),
      unchanged: versions,
    },
    {
      name: 'schema-studio/list-test-documents',
      endpoint: 'POST /api/schema-studio/list-test-documents',
      side: 'none',
      expected: MANAGERS_OWN,
      request: () => ({ body: {} }),
    },
    {
      name: 'schema-studio/save-test-document',
      endpoint: 'POST /api/schema-studio/save-test-document',
      side: 'none',
      expected: SUPER_ONLY,
      request: () => ({ body: { name: 'matrix document', context, document: { sqft: 1200 } } }),
      unchanged: testDocuments,
    },
    {
      name: 'schema-studio/delete-test-document',
      endpoint: 'POST /api/schema-studio/delete-test-document',
      side: 'none',
      expected: SUPER_ONLY,
      request: async () => {
        const row = await upsertSchemaTestDocument(w.t.db, {
          name: `matrix delete ${Date.now()}-${Math.random()}`,
          context,
          document: {},
          authorUserId: w.f.userIds['superadmin@demo.test'],
        });
        return { body: { id: row.id } };
      },
      unchanged: testDocuments,
    },
    {
      // Issue 37: the safety calls are the super-admin's alone, reads included.
      name: 'schema-studio/impact',
      endpoint: 'POST /api/schema-studio/impact',
      side: 'none',
      expected: SUPER_ONLY,
      request: async () => ({
        body: { version: await saveDraftSchemaSet(w.t.db, schemaSet, 'matrix impact') },
      }),
      unchanged: versions,
    },
    {
      name: 'schema-studio/impact-status',
      endpoint: 'POST /api/schema-studio/impact-status',
      side: 'none',
      expected: SUPER_ONLY,
      request: async () => {
        const version = await saveDraftSchemaSet(w.t.db, schemaSet, 'matrix impact job');
        const job = await enqueueJob(w.t.db, {
          kind: SCHEMA_IMPACT_KIND,
          payload: { version, requested_by: 1 },
        });
        return { body: { job_id: job.id } };
      },
    },
    {
      name: 'schema-studio/approve',
      endpoint: 'POST /api/schema-studio/approve',
      side: 'none',
      expected: SUPER_ONLY,
      request: async () => ({
        body: { version: await saveDraftSchemaSet(w.t.db, schemaSet, 'matrix approve') },
      }),
      unchanged: events,
    },
    {
      name: 'schema-studio/version-history',
      endpoint: 'POST /api/schema-studio/version-history',
      side: 'none',
      expected: SUPER_ONLY,
      request: () => ({ body: {} }),
    },
  ];
}
