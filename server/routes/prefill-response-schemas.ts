/**
 * JSON Schemas of the `data` the background pre-fill calls answer (docs/api.md Property data,
 * issue 40; docs/decisions/758-prefill-in-the-background-and-estimates.md), keyed by
 * `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the success envelope.
 */
import { timestamp } from './application-response-schemas.ts';

const nullableTimestamp = { type: ['string', 'null'], description: 'ISO 8601 timestamp, or null.' } as const;
const fieldList = { type: 'array', items: { type: 'string' } } as const;

/** A pre-filled field's mark (prefill-document.ts FieldMark). */
const markSchema = {
  type: 'object',
  required: ['value', 'source', 'fetched_at', 'estimate'],
  properties: {
    value: { type: ['string', 'number'] },
    source: {
      type: 'string',
      description: 'The provider\u2019s label ("Sample data" for the sandbox), or "Estimate".',
    },
    fetched_at: timestamp,
    estimate: { type: 'boolean', description: 'True for an estimate the agent confirms.' },
  },
} as const;

/** What the newest finished pre-fill came to (property-data-prefill-job.ts PrefillResult without marks). */
const resultSchema = {
  type: 'object',
  required: ['version', 'filled', 'kept', 'sample', 'sources', 'problems', 'skipped'],
  properties: {
    version: {
      type: ['integer', 'null'],
      description: 'The application version its write made; null when it wrote nothing.',
    },
    filled: { ...fieldList, description: 'The fields it wrote.' },
    kept: { ...fieldList, description: 'Fields found or estimated that kept the agent\u2019s value.' },
    sample: { type: 'boolean', description: 'True when the sandbox answered a job.' },
    sources: { type: 'array', items: { type: 'string' } },
    problems: {
      type: 'array',
      description: 'Per provider: its error, or the fields it could not find and why.',
      items: {
        type: 'object',
        required: ['source', 'text'],
        properties: { source: { type: 'string' }, text: { type: 'string' } },
      },
    },
    skipped: { type: ['string', 'null'], description: 'Why nothing was looked up, or null.' },
  },
} as const;

/** prefill-status's answer (PrefillStatus); prefill answers the same after queueing. */
const prefillStatusSchema = {
  type: 'object',
  required: ['application_id', 'status', 'queued_at', 'finished_at', 'marks', 'result', 'error'],
  properties: {
    application_id: { type: 'integer' },
    status: {
      type: 'string',
      enum: ['none', 'queued', 'running', 'done', 'failed'],
      description: 'The newest pre-fill: none, queued or running (under way), done, failed.',
    },
    queued_at: nullableTimestamp,
    finished_at: nullableTimestamp,
    marks: {
      type: 'object',
      description: 'Field -> where its pre-filled value came from; a field the agent changed has none.',
      additionalProperties: markSchema,
    },
    result: {
      anyOf: [resultSchema, { type: 'null' }],
      description: 'The newest finished pre-fill, or null.',
    },
    error: { type: ['string', 'null'], description: 'Why the newest pre-fill failed, or null.' },
  },
} as const;

/** `data` of the pre-fill calls, by `<METHOD> <route url>`. */
export const PREFILL_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/property-data/prefill': prefillStatusSchema,
  'POST /api/property-data/prefill-status': prefillStatusSchema,
};
