/**
 * JSON Schemas of the `data` of the customer portal calls (docs/api.md Customer portal), keyed
 * by `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the success envelope of
 * its operation (docs/decisions/340-openapi-document-from-route-data.md).
 */
import { noteSchema } from './application-response-schemas.ts';

const nullableString = { type: ['string', 'null'] } as const;

/** A quote as its customer reads it: no document, commission or connector details. */
const clientQuoteSchema = {
  type: 'object',
  required: [
    'id',
    'display_name',
    'status',
    'premium',
    'benefits',
    'message',
    'answered_at',
    'expires_at',
    'expired',
  ],
  properties: {
    id: { type: 'integer' },
    display_name: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'quoted', 'declined', 'error', 'timeout'] },
    premium: { type: ['number', 'null'], description: 'Dollars a year.' },
    benefits: { type: 'array', items: { type: 'string' } },
    message: nullableString,
    answered_at: nullableString,
    expires_at: { type: ['string', 'null'], description: 'When the premium stops being offered (ISO 8601).' },
    expired: {
      type: 'boolean',
      description: 'True once expires_at has passed: the quote can no longer be chosen.',
    },
  },
} as const;

/** A "contact my agent" / "I want this quote" request the customer sent, open until the agent handles it. */
const clientRequestSchema = {
  type: 'object',
  required: ['id', 'kind', 'message', 'created_at', 'open'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: ['contact_requested', 'quote_wanted'] },
    message: { type: 'string' },
    created_at: { type: 'string', description: 'ISO 8601 timestamp.' },
    open: { type: 'boolean', description: 'False once the agent marked it handled.' },
  },
} as const;

const clientApplicationSchema = {
  type: 'object',
  required: [
    'id',
    'application_id',
    'status',
    'carrier_quote_type',
    'searched_address',
    'min_quote_amount',
    'created_at',
    'agent',
    'quotes',
    'requests',
  ],
  properties: {
    id: { type: 'integer' },
    application_id: { type: 'string' },
    status: { type: 'string', enum: ['new', 'launched', 'completed'] },
    carrier_quote_type: { type: 'array', items: { type: 'string' } },
    searched_address: { type: 'string' },
    min_quote_amount: { type: ['number', 'null'] },
    created_at: { type: 'string' },
    agent: {
      anyOf: [
        {
          type: 'object',
          required: ['name', 'email', 'phone'],
          properties: { name: { type: 'string' }, email: { type: 'string' }, phone: nullableString },
        },
        { type: 'null' },
      ],
    },
    quotes: { type: 'array', items: clientQuoteSchema },
    requests: { type: 'array', items: clientRequestSchema },
  },
} as const;

const applicationClient = {
  type: 'object',
  required: ['application_id', 'client_user_id'],
  properties: { application_id: { type: 'integer' }, client_user_id: { type: ['integer', 'null'] } },
} as const;

/** `data` of the customer portal calls, by `<METHOD> <route url>`. */
export const CUSTOMER_PORTAL_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/customer-portal/get-my-applications': {
    type: 'object',
    required: ['applications'],
    properties: { applications: { type: 'array', items: clientApplicationSchema } },
  },
  'POST /api/customer-portal/contact-agent': {
    type: 'object',
    required: ['note', 'emailed'],
    properties: { note: noteSchema, emailed: { type: 'boolean' } },
  },
  'POST /api/customer-portal/quote-view': {
    type: 'object',
    required: ['application'],
    properties: { application: clientApplicationSchema },
  },
  'POST /api/agent-portal/get-application-clients': {
    ...applicationClient,
    required: [...applicationClient.required, 'customers'],
    properties: {
      ...applicationClient.properties,
      customers: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'name', 'email'],
          properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
        },
      },
    },
  },
  'POST /api/agent-portal/set-application-client': applicationClient,
};
