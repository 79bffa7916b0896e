/**
 * JSON Schemas of the `data` the schema studio calls answer (issue 11;
 * server/services/schema-studio-service.ts), keyed by `<METHOD> <route url>`;
 * server/http/openapi-answers.ts puts each in the success envelope of its operation
 * (docs/decisions/340-openapi-document-from-route-data.md).
 */

const timestamp = { type: 'string', description: 'ISO 8601 timestamp.' } as const;
const versionNumber = { type: 'integer', minimum: 1 } as const;
const versionStatus = { type: 'string', enum: ['draft', 'published', 'archived'] } as const;

/** `{version}`: the version a call stored. */
const storedVersion = {
  type: 'object',
  required: ['version'],
  properties: { version: { ...versionNumber, description: 'The new published version.' } },
} as const;

/** A lint or rule harness problem with where it is in words (schema-studio-service.ts LocatedProblem). */
const problemSchema = {
  type: 'object',
  required: ['path', 'kind', 'message', 'where'],
  properties: {
    path: {
      type: 'array',
      description: 'Segments of the JSON pointer inside the schema set.',
      items: { type: ['string', 'integer'] },
    },
    kind: { type: 'string', description: 'The check that found it (kebab-case, stable).' },
    message: { type: 'string' },
    where: { type: 'string', description: 'The path in words, list items named by their id.' },
  },
} as const;

/** A saved test document of the rule test bench. */
const testDocumentSchema = {
  type: 'object',
  required: ['id', 'name', 'context', 'document', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    context: {
      type: 'object',
      description: 'The context it is judged in (product, application_type, status).',
      additionalProperties: { type: 'string' },
    },
    document: { type: 'object', description: 'Field values by field name.', additionalProperties: true },
    updated_at: timestamp,
  },
} as const;

/** `data` of the schema studio calls, by `<METHOD> <route url>`. */
export const SCHEMA_STUDIO_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/schema-studio/list-versions': {
    type: 'object',
    required: ['current', 'versions'],
    properties: {
      current: { ...versionNumber, description: 'The highest published version: new applications use it.' },
      versions: {
        type: 'array',
        description: 'Newest first.',
        items: {
          type: 'object',
          required: [
            'version',
            'status',
            'note',
            'author_user_id',
            'author_name',
            'created_at',
            'published_at',
          ],
          properties: {
            version: versionNumber,
            status: versionStatus,
            note: { type: 'string' },
            author_user_id: { type: ['integer', 'null'] },
            author_name: { type: ['string', 'null'] },
            created_at: timestamp,
            published_at: { type: ['string', 'null'], description: 'ISO 8601 timestamp; null for a draft.' },
          },
        },
      },
    },
  },
  'POST /api/schema-studio/get-version': {
    type: 'object',
    required: ['version', 'status', 'note', 'schema_set', 'compared_to', 'changes'],
    properties: {
      version: versionNumber,
      status: versionStatus,
      note: { type: 'string' },
      schema_set: {
        type: 'object',
        description: 'The whole schema set of that version.',
        additionalProperties: true,
      },
      compared_to: {
        type: ['integer', 'null'],
        description:
          'The version the changes are from (compare_to, else the published one before); null: none.',
      },
      changes: {
        type: 'array',
        items: {
          type: 'object',
          required: ['path', 'change', 'sentence'],
          properties: {
            path: { type: 'array', items: { type: 'string' } },
            change: { type: 'string', enum: ['added', 'removed', 'changed'] },
            sentence: { type: 'string' },
          },
        },
      },
    },
  },
  'POST /api/schema-studio/save-draft': {
    type: 'object',
    required: ['version', 'problems'],
    properties: {
      version: { ...versionNumber, description: 'The draft stored.' },
      problems: {
        type: 'array',
        description: 'What the lint and rule harness find now (a draft may have problems; publish may not).',
        items: problemSchema,
      },
    },
  },
  'POST /api/schema-studio/publish': storedVersion,
  'POST /api/schema-studio/roll-back': storedVersion,
  'POST /api/schema-studio/list-test-documents': {
    type: 'object',
    required: ['test_documents'],
    properties: { test_documents: { type: 'array', description: 'By name.', items: testDocumentSchema } },
  },
  'POST /api/schema-studio/save-test-document': {
    type: 'object',
    required: ['test_document'],
    properties: { test_document: testDocumentSchema },
  },
  'POST /api/schema-studio/delete-test-document': {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', description: 'The id of the test document deleted.' } },
  },
};
