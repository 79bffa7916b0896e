/**
 * JSON Schemas of the reporting request bodies (docs/api.md reporting/get-report, get-analytics and export-csv, issue 12): every
 * property bounded, unknown ones rejected, so a client mistake is a 400.
 */
import { ALERT_COLOURS } from '../repositories/alert-colour-sql.ts';
import { REPORT_SORT_COLUMNS } from '../repositories/reporting-repository.ts';
import { EXPORT_COLUMN_KEYS } from '../services/report-csv-export.ts';
import { idSchema, sessionKeySchema } from './request-schemas.ts';

const day = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const shortText = { type: ['string', 'null'], maxLength: 100 } as const;
const optionalId = { anyOf: [idSchema, { type: 'null' }] } as const;

const filters = {
  type: 'object',
  additionalProperties: false,
  properties: {
    company_id: optionalId,
    agent_id: optionalId,
    product: shortText,
    status: { enum: ['new', 'launched', 'completed', null] },
    state: { type: ['string', 'null'], pattern: '^[A-Z]{2}$' },
    source: shortText,
    carrier: shortText,
    alert_colour: { enum: [...ALERT_COLOURS, null] },
  },
} as const;

/** The user's time zone (IANA name; checked against the tz database by the service). */
const timeZone = { type: ['string', 'null'], maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' } as const;

/** Body of reporting/get-report: range (required), page, per_page, sort, filters. */
export const reportBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: {
    session_key: sessionKeySchema,
    from: day,
    to: day,
    time_zone: timeZone,
    page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    per_page: { type: 'integer', minimum: 1, maximum: 100 },
    sort: {
      type: 'object',
      additionalProperties: false,
      required: ['column', 'direction'],
      properties: {
        column: { enum: [...REPORT_SORT_COLUMNS] },
        direction: { enum: ['asc', 'desc'] },
      },
    },
    filters,
  },
} as const;

/** Body of reporting/export-csv and reporting/start-export: range and columns (required), filters. */
export const exportBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'columns'],
  properties: {
    session_key: sessionKeySchema,
    from: day,
    to: day,
    time_zone: timeZone,
    columns: {
      type: 'array',
      minItems: 1,
      maxItems: 12,
      uniqueItems: true,
      items: { enum: EXPORT_COLUMN_KEYS },
    },
    filters,
  },
} as const;

/** Body of reporting/get-analytics: range (required), filters. */
export const analyticsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: { session_key: sessionKeySchema, from: day, to: day, time_zone: timeZone, filters },
} as const;

/** Body of reporting/get-export: the export's id. */
export const exportIdBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['export_id'],
  properties: { session_key: sessionKeySchema, export_id: idSchema },
} as const;
