/**
 * The schema studio's calls under /api/schema-studio/ (issue 11), in the call contract of SPEC §7.
 * Handlers stay thin; services/schema-studio-service.ts decides who may do what.
 */
import type { FastifyInstance } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import {
  deleteTestDocument,
  getVersion,
  listTestDocuments,
  listVersions,
  publishDraft,
  rollBack,
  saveDraft,
  saveTestDocument,
} from '../services/schema-studio-service.ts';
import { sessionBodySchema, sessionKeySchema, sessionOnlyBodySchema } from './request-schemas.ts';
import { caseDocumentSchema, caseFileSchema } from './schema-case-schemas.ts';
import { schemaStudioSafetyRoutes } from './schema-studio-safety-routes.ts';
import { sessionRoute } from './session-route.ts';

/** A version number or a row id. */
const positiveInteger = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** A version number, required by every version call but save-draft. */
const version = { version: positiveInteger } as const;

/** A schema set as the studio sends it: the keys every set has; the engine checks the rest. */
const schemaSetSchema = {
  type: 'object',
  required: [
    'schemas',
    'root_schema_id',
    'forms',
    'applicability',
    'field_rules',
    'cross_rules',
    'computed',
    'outcome_tables',
    'field_groups',
    'messages',
  ],
  properties: {
    schemas: { type: 'array', maxItems: 500, items: { type: 'object' } },
    root_schema_id: { type: 'string', minLength: 1, maxLength: 500 },
    forms: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'object' } },
    applicability: { type: 'object' },
    field_rules: { type: 'array', items: { type: 'object' } },
    cross_rules: { type: 'array', items: { type: 'object' } },
    computed: { type: 'object' },
    outcome_tables: { type: 'array', items: { type: 'object' } },
    field_groups: { type: 'object' },
    messages: { type: 'object', additionalProperties: { type: 'string', maxLength: 2000 } },
    cases: { type: 'array', maxItems: 100, items: caseFileSchema },
    // Stored with the version, so its export is the whole folder (docs/decisions/765).
    examples: { type: 'object', maxProperties: 50, additionalProperties: { type: 'object' } },
    example_contexts: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: { type: 'object', additionalProperties: { type: 'string', maxLength: 200 } },
    },
    data_files: {
      type: 'object',
      maxProperties: 50,
      propertyNames: { pattern: '^[a-z0-9-]+/[a-z0-9-]+\\.json$' },
    },
    // What outside writers put into documents (issue 37): each entry names the field it fills.
    value_mappings: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: {
        type: 'object',
        required: ['groups'],
        properties: {
          description: { type: 'string', maxLength: 5000 },
          groups: {
            type: 'object',
            maxProperties: 50,
            additionalProperties: {
              type: 'array',
              maxItems: 500,
              items: {
                type: 'object',
                required: ['field'],
                properties: {
                  field: { type: 'string', minLength: 1, maxLength: 200 },
                  values: { type: 'object', maxProperties: 1000 },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** A saved test document: a name, the context it is judged in, and a flat document of field values. */
const testDocumentBody = {
  type: 'object',
  required: ['name', 'context', 'document'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
    context: {
      type: 'object',
      maxProperties: 20,
      additionalProperties: { type: 'string', maxLength: 100 },
    },
    document: caseDocumentSchema,
  },
} as const;

/** Registers schema-studio/*: versions (list, get, save-draft, publish, roll-back) and test documents. */
export async function schemaStudioRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const route = sessionRoute(app, db, 'schema-studio');
  schemaStudioSafetyRoutes(app, db);

  route('schema-studio/list-versions', sessionOnlyBodySchema, async (request) =>
    success('Schema versions.', await listVersions(db, actorOf(request))),
  );

  route(
    'schema-studio/get-version',
    sessionBodySchema({ ...version, compare_to: positiveInteger }, ['version']),
    async (request) => {
      const { body } = request;
      return success(
        'Schema version.',
        await getVersion(db, actorOf(request), body.version, body.compare_to),
      );
    },
  );

  route(
    'schema-studio/save-draft',
    sessionBodySchema(
      { ...version, schema_set: schemaSetSchema, note: { type: 'string', maxLength: 2000 } },
      ['schema_set'],
    ),
    async (request) => {
      const { body } = request;
      return success('Draft saved.', await saveDraft(db, actorOf(request), body.schema_set, body.note ?? ''));
    },
  );

  route(
    'schema-studio/publish',
    sessionBodySchema({ ...version, accept_impact: { type: 'boolean' } }, ['version']),
    async (request) => {
      const { body } = request;
      const data = await publishDraft(db, actorOf(request), body.version, body.accept_impact === true);
      // The schema set is every agency's: the event belongs to no one agency's trail.
      await recordAuditEvent(db, auditCallerOf(request), {
        action: 'schema.published',
        companyId: null,
        target: { type: 'schema_version', id: body.version },
      });
      return success('Published.', data);
    },
  );

  route('schema-studio/roll-back', sessionBodySchema(version, ['version']), async (request) => {
    return success('Rolled back.', await rollBack(db, actorOf(request), request.body.version));
  });

  route('schema-studio/list-test-documents', sessionOnlyBodySchema, async (request) =>
    success('Test documents.', await listTestDocuments(db, actorOf(request))),
  );

  route('schema-studio/save-test-document', testDocumentBody, async (request) => {
    return success('Test document saved.', await saveTestDocument(db, actorOf(request), request.body));
  });

  route(
    'schema-studio/delete-test-document',
    sessionBodySchema({ id: positiveInteger }, ['id']),
    async (request) =>
      success('Test document deleted.', await deleteTestDocument(db, actorOf(request), request.body.id)),
  );
}
