/**
 * JSON Schemas of the `data` the commission calls answer (docs/api.md Commission, issue 12;
 * docs/decisions/177-commission.md), keyed by `<METHOD> <route url>`; server/http/openapi-answers.ts
 * puts each in the success envelope of its operation (the CSV export is declared there). Money in
 * dollars, rates in percent (docs/decisions/340-openapi-document-from-route-data.md).
 */
import { dollars, reference, timestamp } from './application-response-schemas.ts';

const percent = { type: 'number', minimum: 0, maximum: 100, description: 'Percent of the premium.' } as const;
const effectiveDate = { type: 'string', description: 'YYYY-MM-DD.' } as const;
const business = { type: 'string', enum: ['new', 'renewal'] } as const;
const subCarrier = { type: 'string', description: 'The sub-carrier, "" for the carrier itself.' } as const;
const ids = { type: 'array', items: { type: 'integer' } } as const;

/** A bound policy as the quotes view shows it (commission-service.ts boundPolicyView). */
const boundPolicySchema = {
  type: 'object',
  required: ['id', 'quote_id', 'policy_number', 'effective_date', 'premium', 'business', 'bound_at', 'paid'],
  properties: {
    id: { type: 'integer' },
    quote_id: { type: ['integer', 'null'] },
    policy_number: { type: 'string' },
    effective_date: effectiveDate,
    premium: { ...dollars, description: 'Dollars per year.' },
    business,
    bound_at: timestamp,
    paid: { type: 'boolean', description: 'True once its commission is marked paid.' },
  },
} as const;

/** One statement line (commission-service.ts lineView). */
const statementLineSchema = {
  type: 'object',
  required: [
    'id',
    'agent_id',
    'company_id',
    'application_id',
    'reference',
    'client_name',
    'carrier',
    'product',
    'business',
    'policy_number',
    'effective_date',
    'premium',
    'rate_percent',
    'commission',
    'paid',
    'paid_at',
  ],
  properties: {
    id: { type: 'integer', description: 'The bound policy id (set-paid ids).' },
    agent_id: { type: 'integer' },
    company_id: { type: 'integer' },
    application_id: { type: ['integer', 'null'], description: 'Null once the application is deleted.' },
    reference,
    client_name: { type: 'string' },
    carrier: { type: 'string', description: "The carrier's display name." },
    product: { type: 'string' },
    business,
    policy_number: { type: 'string' },
    effective_date: effectiveDate,
    premium: { ...dollars, description: 'Dollars per year.' },
    rate_percent: { ...percent, type: ['number', 'null'], description: 'Percent; null when no rate is set.' },
    commission: { ...dollars, description: 'Dollars (0 without a rate).' },
    paid: { type: 'boolean' },
    paid_at: { type: ['string', 'null'], description: 'ISO 8601 timestamp; null while payable.' },
  },
} as const;

/** `data` of the commission calls, by `<METHOD> <route url>`. */
export const COMMISSION_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/commission/list-rates': {
    type: 'object',
    required: ['company_id', 'rates'],
    properties: {
      company_id: { type: 'integer' },
      rates: {
        type: 'array',
        items: {
          type: 'object',
          required: [
            'carrier',
            'sub_carrier',
            'product',
            'new_business_percent',
            'renewal_percent',
            'updated_at',
          ],
          properties: {
            carrier: { type: 'string' },
            sub_carrier: subCarrier,
            product: { type: 'string' },
            new_business_percent: percent,
            renewal_percent: percent,
            updated_at: timestamp,
          },
        },
      },
    },
  },
  'POST /api/commission/set-rate': {
    type: 'object',
    required: ['rate'],
    properties: {
      rate: {
        type: 'object',
        required: ['carrier', 'sub_carrier', 'product'],
        properties: { carrier: { type: 'string' }, sub_carrier: subCarrier, product: { type: 'string' } },
      },
    },
  },
  'POST /api/commission/bind-quote': {
    type: 'object',
    required: ['bound_policy'],
    properties: { bound_policy: boundPolicySchema },
  },
  'POST /api/commission/unbind': {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', description: 'The bound policy removed.' } },
  },
  'POST /api/commission/get-statement': {
    type: 'object',
    required: ['lines', 'truncated', 'totals'],
    properties: {
      lines: { type: 'array', items: statementLineSchema, description: 'By effective date; at most 1000.' },
      truncated: {
        type: 'boolean',
        description: 'True when more lines match than were answered (export the CSV).',
      },
      totals: {
        type: 'object',
        required: ['lines', 'premium', 'commission', 'paid', 'payable', 'without_rate'],
        description: 'Over every line of the filters, not only those answered.',
        properties: {
          lines: { type: 'integer', minimum: 0 },
          premium: dollars,
          commission: dollars,
          paid: { ...dollars, description: 'Commission marked paid, dollars.' },
          payable: { ...dollars, description: 'Commission not yet paid, dollars.' },
          without_rate: { type: 'integer', minimum: 0, description: 'Lines without a commission rate.' },
        },
      },
    },
  },
  'POST /api/commission/set-paid': {
    type: 'object',
    required: ['changed'],
    properties: { changed: { ...ids, description: 'The ids whose paid state changed.' } },
  },
};
