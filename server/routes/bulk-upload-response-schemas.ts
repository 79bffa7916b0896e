/**
 * JSON Schemas of the `data` the bulk upload calls answer (docs/api.md Bulk upload, issue 13;
 * docs/decisions/190-bulk-upload-file-and-rows.md), keyed by `<METHOD> <route url>`;
 * server/http/openapi-answers.ts puts each in the success envelope of its operation (the error
 * file is CSV, declared there). docs/decisions/340-openapi-document-from-route-data.md.
 */
import { reference, timestamp } from './application-response-schemas.ts';

const count = { type: 'integer', minimum: 0 } as const;
const fileKind = { type: 'string', enum: ['csv', 'xlsx'] } as const;
const cells = {
  type: 'array',
  items: { type: 'string' },
  description: 'The row as read from the file.',
} as const;
const messages = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'Message by document field (the form would show the same).',
} as const;
const rowNumber = { type: 'integer', minimum: 1, description: 'Data row of the file, 1 after the header.' };

/** An upload as the calls answer it (bulk-upload-service.ts uploadView). */
const uploadSchema = {
  type: 'object',
  required: [
    'id',
    'file_name',
    'file_kind',
    'product',
    'launch_valid',
    'agent_id',
    'status',
    'error',
    'rows_total',
    'rows_read',
    'rows_created',
    'rows_refused',
    'created_at',
    'finished_at',
  ],
  properties: {
    id: { type: 'integer' },
    file_name: { type: 'string' },
    file_kind: fileKind,
    product: { type: 'string' },
    launch_valid: { type: 'boolean', description: 'Valid rows are launched as they are created.' },
    agent_id: { type: 'integer' },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
    error: { type: ['string', 'null'], description: 'Why the import failed; null otherwise.' },
    rows_total: count,
    rows_read: count,
    rows_created: count,
    rows_refused: count,
    created_at: timestamp,
    finished_at: { type: ['string', 'null'], description: 'ISO 8601 timestamp; null until finished.' },
  },
} as const;

/** `data` of the bulk upload calls, by `<METHOD> <route url>`. */
export const BULK_UPLOAD_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/services/file-upload/preview-application-file': {
    type: 'object',
    required: ['file_kind', 'headers', 'rows_total', 'fields', 'mapping', 'rows'],
    properties: {
      file_kind: fileKind,
      headers: { type: 'array', items: { type: 'string' } },
      rows_total: { ...count, description: 'Data rows of the file (the header not counted).' },
      fields: {
        type: 'array',
        description: 'Every field a column can be mapped to.',
        items: {
          type: 'object',
          required: ['field', 'label'],
          properties: { field: { type: 'string' }, label: { type: 'string' } },
        },
      },
      mapping: {
        type: 'array',
        items: { type: ['string', 'null'] },
        description: 'The field of each column, in column order (null: not imported); proposed unless given.',
      },
      rows: {
        type: 'array',
        description: 'The first 10 rows with the messages the import would give.',
        items: {
          type: 'object',
          required: ['row_number', 'cells', 'messages'],
          properties: { row_number: rowNumber, cells, messages },
        },
      },
    },
  },
  'POST /api/services/file-upload/create-application': {
    type: 'object',
    required: ['upload', 'duplicate'],
    properties: {
      upload: uploadSchema,
      duplicate: {
        type: 'boolean',
        description: 'True when the company uploaded the same file before: that upload is answered.',
      },
    },
  },
  'POST /api/services/file-upload/get-upload': {
    type: 'object',
    required: ['upload', 'headers', 'created', 'refused'],
    properties: {
      upload: uploadSchema,
      headers: { type: 'array', items: { type: 'string' } },
      created: {
        type: 'array',
        description: 'The first 200 rows that became applications.',
        items: {
          type: 'object',
          required: ['row_number', 'application_id', 'reference'],
          properties: {
            row_number: rowNumber,
            application_id: {
              type: ['integer', 'null'],
              description: 'Null once the application is deleted.',
            },
            reference: { ...reference, type: ['string', 'null'] },
          },
        },
      },
      refused: {
        type: 'array',
        description: 'The first 200 refused rows (the error file has them all).',
        items: {
          type: 'object',
          required: ['row_number', 'cells', 'messages'],
          properties: { row_number: rowNumber, cells, messages },
        },
      },
    },
  },
  'POST /api/services/file-upload/list-uploads': {
    type: 'object',
    required: ['uploads'],
    properties: { uploads: { type: 'array', items: uploadSchema, description: 'The newest 20.' } },
  },
};
