/**
 * JSON Schemas of the schema set's cases at the edge (issue 37): a case as the studio sends it (in a
 * draft, or built from the preview by QA) and a case file. Engine types: engine/types.ts SchemaCase,
 * CaseFile. Bounds keep a body small; the engine checks what the values mean.
 */

/** A context: the set's context keys, each a short text. */
const contextSchema = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { type: 'string', maxLength: 100 },
} as const;

/** A flat document of field values, or a change set over an example document. */
export const caseDocumentSchema = {
  type: 'object',
  maxProperties: 2000,
  additionalProperties: {
    anyOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      { type: 'array', maxItems: 100, items: { type: ['string', 'number', 'boolean', 'null'] } },
    ],
  },
} as const;

const fieldName = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** One case: id, title, over, context, doc, unset and what it expects (SchemaCase). */
export const schemaCaseSchema = {
  type: 'object',
  required: ['id', 'doc', 'expect'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' },
    title: { type: 'string', maxLength: 300 },
    over: { type: 'string', minLength: 1, maxLength: 100 },
    context: contextSchema,
    doc: caseDocumentSchema,
    unset: { type: 'array', maxItems: 2000, items: fieldName },
    expect: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        messages: {
          type: 'array',
          maxItems: 2000,
          items: {
            type: 'object',
            required: ['field', 'message'],
            additionalProperties: false,
            properties: { field: fieldName, message: { type: 'string', maxLength: 2000 } },
          },
        },
        field_messages: {
          type: 'object',
          maxProperties: 2000,
          additionalProperties: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 2000 } },
        },
        applicable: { type: 'object', maxProperties: 2000, additionalProperties: { type: 'boolean' } },
        required: { type: 'object', maxProperties: 2000, additionalProperties: { type: 'boolean' } },
        computed: { type: 'object', maxProperties: 2000 },
        outcomes: {
          type: 'array',
          maxItems: 500,
          items: {
            type: 'object',
            required: ['question_id', 'outcome'],
            additionalProperties: false,
            properties: {
              question_id: { type: 'string', minLength: 1, maxLength: 200 },
              outcome: { enum: ['block', 'warning'] },
            },
          },
        },
      },
    },
  },
} as const;

/** A case file (CaseFile): its id, its cases, and the mutants it lists as equivalent, with why. */
export const caseFileSchema = {
  type: 'object',
  required: ['id', 'cases'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9][a-z0-9-]*$' },
    cases: { type: 'array', maxItems: 5000, items: schemaCaseSchema },
    equivalent_mutants: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['at', 'mutation', 'reason'],
        additionalProperties: false,
        properties: {
          at: { type: 'string', maxLength: 1000 },
          mutation: { type: 'string', maxLength: 200 },
          reason: { type: 'string', minLength: 1, maxLength: 2000 },
        },
      },
    },
  },
} as const;
