/**
 * JSON Schemas of the `data` the reporting calls answer (docs/api.md Reporting, issue 12; SPEC §1
 * Reporting), keyed by `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the
 * success envelope of its operation. The CSV export and the download answer files (declared there).
 * Objects name every field the services build and leave room for more
 * (docs/decisions/340-openapi-document-from-route-data.md).
 */
import { dollars, reference, timestamp } from './application-response-schemas.ts';

const count = { type: 'integer', minimum: 0 } as const;
const day = { type: 'string', description: 'YYYY-MM-DD, in the request time zone.' } as const;
const nullableDollars = { type: ['number', 'null'], description: 'Dollars; null when nothing was quoted.' };

/** One report row (server/repositories/reporting-repository.ts ReportRow). */
const reportRowSchema = {
  type: 'object',
  required: [
    'id',
    'reference',
    'created_at',
    'agent',
    'client_name',
    'address',
    'product',
    'status',
    'carriers_asked',
    'carriers_quoted',
    'carriers_declined',
    'lowest_premium',
    'launched_at',
  ],
  properties: {
    id: { type: 'integer' },
    reference,
    created_at: timestamp,
    agent: { type: 'string', description: "The agent's name." },
    client_name: { type: ['string', 'null'] },
    address: { type: 'string', description: 'The searched address ("" when none).' },
    product: { type: ['string', 'null'], description: 'The first quote type asked.' },
    status: { type: 'string', enum: ['new', 'launched', 'completed'] },
    carriers_asked: count,
    carriers_quoted: count,
    carriers_declined: count,
    lowest_premium: {
      ...nullableDollars,
      description: 'The lowest premium quoted, dollars per year; null when none.',
    },
    launched_at: { type: ['string', 'null'], description: 'ISO 8601 timestamp; null before launch.' },
  },
} as const;

/** The totals of a whole report range (ReportTotals); also the analytics funnel's source. */
const reportTotalsSchema = {
  type: 'object',
  required: [
    'applications',
    'new',
    'launched',
    'completed',
    'carriers_asked',
    'carriers_quoted',
    'carriers_declined',
    'lowest_premium',
  ],
  properties: {
    applications: count,
    new: count,
    launched: count,
    completed: count,
    carriers_asked: count,
    carriers_quoted: count,
    carriers_declined: count,
    lowest_premium: { ...nullableDollars, description: 'The smallest lowest premium of the range, dollars.' },
  },
} as const;

const perPeriod = (period: 'day' | 'week', description: string) => ({
  type: 'array',
  items: {
    type: 'object',
    required: [period, 'applications', 'launched'],
    properties: { [period]: { ...day, description }, applications: count, launched: count },
  },
});

const rate = { type: 'number', minimum: 0, maximum: 1, description: 'Fraction of asked, 0..1 (4 decimals).' };
const medianSeconds = {
  type: ['number', 'null'],
  description: 'Median seconds (to 0.1 s); null when no application qualifies.',
};

const medianPremiumBy = (group: 'product' | 'flood_zone') => ({
  type: 'array',
  items: {
    type: 'object',
    required: [group, 'median_premium', 'applications'],
    properties: {
      [group]: { type: 'string' },
      median_premium: { ...dollars, description: 'Median lowest premium, dollars to the cent.' },
      applications: count,
    },
  },
});

/** The view of a report export job (server/services/report-exports-service.ts ReportExportView). */
const reportExportSchema = {
  type: 'object',
  required: [
    'id',
    'status',
    'file_name',
    'rows_written',
    'rows_total',
    'download_url',
    'error',
    'created_at',
    'expires_at',
  ],
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
    file_name: { type: 'string' },
    rows_written: count,
    rows_total: {
      type: ['integer', 'null'],
      description: 'Rows the range matched; null before the job starts.',
    },
    download_url: {
      type: ['string', 'null'],
      description:
        'GET path of the finished file (the browser sends the session cookie; API clients add ?session_key=); null until status is done, and after it expired.',
      examples: ['/api/reporting/downloads/1'],
    },
    error: {
      type: ['string', 'null'],
      description: 'Why there is no file: the export failed, or it expired (ADR 450); null otherwise.',
    },
    created_at: timestamp,
    expires_at: {
      ...timestamp,
      description: 'When the file and this export are deleted (ISO 8601; ADR 450).',
    },
  },
} as const;

const withExport = {
  type: 'object',
  required: ['export'],
  properties: { export: reportExportSchema },
} as const;

/** `data` of the reporting calls, by `<METHOD> <route url>`. */
export const REPORTING_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/reporting/get-report': {
    type: 'object',
    required: ['rows', 'page', 'per_page', 'last_page', 'total', 'totals'],
    properties: {
      rows: { type: 'array', items: reportRowSchema },
      page: { type: 'integer', minimum: 1 },
      per_page: { type: 'integer', minimum: 1 },
      last_page: { type: 'integer', minimum: 1 },
      total: count,
      totals: reportTotalsSchema,
    },
  },
  'POST /api/reporting/get-analytics': {
    type: 'object',
    required: [
      'per_day',
      'per_week',
      'carriers',
      'quote_times',
      'median_premium_by_product',
      'median_premium_by_flood_zone',
      'decline_reasons',
      'funnel',
    ],
    properties: {
      per_day: perPeriod('day', 'The day, YYYY-MM-DD in the request time zone.'),
      per_week: perPeriod('week', 'The Monday of the ISO week, YYYY-MM-DD in the request time zone.'),
      carriers: {
        type: 'array',
        description: 'One row per product (a sub-carrier, or a carrier without any), most asked first.',
        items: {
          type: 'object',
          required: ['carrier', 'display_name', 'asked', 'quoted', 'declined', 'quote_rate', 'decline_rate'],
          properties: {
            carrier: {
              type: 'string',
              description:
                'The product key: carriers.json `carrier/sub_carrier`, or `carrier` without a sub-carrier.',
            },
            display_name: { type: 'string', description: "The product's carriers.json displayName." },
            asked: count,
            quoted: count,
            declined: count,
            quote_rate: rate,
            decline_rate: rate,
          },
        },
      },
      quote_times: {
        type: 'array',
        description: 'One row per carrier family (the unit a launch asks), most asked first.',
        items: {
          type: 'object',
          required: ['carrier', 'display_name', 'applications', 'first_quote_seconds', 'all_quotes_seconds'],
          properties: {
            carrier: {
              type: 'string',
              description: 'The carriers.json family name (or SOV quote manager id).',
            },
            display_name: { type: 'string', description: "The carrier's carriers.json displayName." },
            applications: count,
            first_quote_seconds: medianSeconds,
            all_quotes_seconds: medianSeconds,
          },
        },
      },
      median_premium_by_product: medianPremiumBy('product'),
      median_premium_by_flood_zone: medianPremiumBy('flood_zone'),
      decline_reasons: {
        type: 'array',
        description: 'At most 10, most frequent first.',
        items: {
          type: 'object',
          required: ['reason', 'declines'],
          properties: { reason: { type: 'string' }, declines: count },
        },
      },
      funnel: {
        type: 'object',
        required: ['new', 'launched', 'completed'],
        description: 'Applications that reached each stage (launched counts completed ones too).',
        properties: { new: count, launched: count, completed: count },
      },
    },
  },
  'POST /api/reporting/start-export': withExport,
  'POST /api/reporting/get-export': withExport,
};
