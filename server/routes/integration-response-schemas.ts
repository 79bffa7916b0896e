/**
 * JSON Schemas of the `data` the partner API key and carrier connection calls answer
 * (docs/api-accounts.md API credentials, Carrier connections), keyed by `<METHOD> <route url>`;
 * server/http/openapi-answers.ts puts each in the success envelope of its operation. Credential
 * values are never answered: a partner key's `secret` only by create and rotate, which make it
 * (docs/decisions/290-partner-api-keys-hashed-with-sha256.md), and a carrier connection's
 * credentials only as the names of those stored (docs/decisions/360-carrier-connections-as-data.md).
 */
import { CREDENTIAL_NAMES } from '../../carrier-catalog/connection-types.ts';
import { PARTNER_SCOPES } from '../auth/partner-scopes.ts';

const timestamp = { type: 'string', description: 'ISO 8601 timestamp.' } as const;
const nullableTimestamp = { type: ['string', 'null'], description: 'ISO 8601 timestamp, or null.' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;

/** A partner API key without its secret (api-credentials-service.ts view). */
const credentialSchema = {
  type: 'object',
  required: ['id', 'name', 'key_id', 'scopes', 'created_at', 'rotated_at', 'revoked_at', 'last_used_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    key_id: {
      type: 'string',
      description: 'The public id of the key (ak_ and 24 hex digits), never the secret.',
      examples: ['ak_0123456789abcdef01234567'],
    },
    scopes: {
      type: 'array',
      description: 'What the key may call (ADR 291).',
      items: { type: 'string', enum: [...PARTNER_SCOPES] },
    },
    created_at: timestamp,
    rotated_at: nullableTimestamp,
    revoked_at: { ...nullableTimestamp, description: 'When it stopped working; null while live.' },
    last_used_at: nullableTimestamp,
  },
} as const;

const oneCredential = {
  type: 'object',
  required: ['credential'],
  properties: { credential: credentialSchema },
} as const;

/** A credential with the secret its create or rotate call just made: the only answer that shows it. */
const credentialWithSecret = {
  type: 'object',
  required: ['credential'],
  properties: {
    credential: {
      ...credentialSchema,
      required: [...credentialSchema.required, 'secret'],
      properties: {
        ...credentialSchema.properties,
        secret: {
          type: 'string',
          description:
            'The key for `Authorization: Bearer <secret>` (sk_ and 64 hex digits), shown only in this answer: it is stored as its SHA-256 and cannot be shown again.',
          examples: [`sk_${'0'.repeat(64)}`],
        },
      },
    },
  },
} as const;

/** A live carrier connection as settings show it (carrier-connections-service.ts ConnectionView). */
const connectionSchema = {
  type: 'object',
  required: [
    'id',
    'label',
    'auth_kind',
    'endpoint',
    'carriers',
    'credential_names',
    'credentials_set',
    'enabled',
  ],
  properties: {
    id: { type: 'string', description: 'The carriers.json `connections` key.' },
    label: { type: 'string' },
    auth_kind: { type: 'string', enum: Object.keys(CREDENTIAL_NAMES) },
    endpoint: { type: 'string', description: 'The URL asked (after CARRIER_CONNECTION_ORIGINS).' },
    carriers: { ...strings, description: 'Display names of the carriers it quotes.' },
    credential_names: { ...strings, description: 'The credentials its auth kind needs, in order.' },
    credentials_set: { ...strings, description: 'Names of the credentials stored (never their values).' },
    enabled: { type: 'boolean' },
  },
} as const;

const connections = {
  type: 'object',
  required: ['connections'],
  properties: { connections: { type: 'array', items: connectionSchema } },
} as const;

/** One request and answer of a connection test, secrets shown as ******** (carrier-call.ts Exchange). */
const exchangeSchema = {
  type: 'object',
  required: ['method', 'url', 'headers', 'body', 'status', 'answer'],
  properties: {
    method: { type: 'string' },
    url: { type: 'string' },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    body: nullableString,
    status: { type: ['integer', 'null'], description: "The carrier's HTTP status; null when none came." },
    answer: { type: 'string', description: "The carrier's answer as text." },
  },
} as const;

/** A carrier's answer to a test quote (server/quoting/types.ts QuoteAnswer). */
const quoteAnswerSchema = {
  type: 'object',
  required: ['status', 'premium', 'coverages', 'benefits', 'message', 'indicative'],
  properties: {
    status: { type: 'string', enum: ['quoted', 'declined', 'error'] },
    premium: { type: ['number', 'null'], description: 'Dollars per year.' },
    coverages: {
      type: 'object',
      description: 'Limits and deductible as quoted, in dollars, by coverage.',
      additionalProperties: { type: ['number', 'string'] },
    },
    benefits: strings,
    message: nullableString,
    indicative: { type: 'boolean', description: 'True for a rate that is not bindable.' },
    carrier_reference: { ...nullableString, description: "The carrier's own id of the quote." },
    bind_url: { ...nullableString, description: "The carrier's page where the quote is bound." },
  },
} as const;

/** A connection test: the carrier's answer or the error, and every exchange, secrets masked. */
export const triedQuoteSchema = {
  type: 'object',
  required: ['answer', 'error', 'credentials_refused', 'exchanges'],
  properties: {
    answer: {
      description: "The carrier's answer, or null when the test failed.",
      anyOf: [quoteAnswerSchema, { type: 'null' }],
    },
    error: { ...nullableString, description: 'Why the test failed, or null.' },
    credentials_refused: {
      type: 'boolean',
      description:
        'True when the carrier refused the credentials: HTTP 401 or 403 after the one token renewal, or from its token endpoint.',
    },
    exchanges: { type: 'array', items: exchangeSchema },
  },
} as const;

/** `data` of the API credential and carrier connection calls, by `<METHOD> <route url>`. */
export const INTEGRATION_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/api-credentials/list': {
    type: 'object',
    required: ['credentials'],
    properties: { credentials: { type: 'array', items: credentialSchema } },
  },
  'POST /api/api-credentials/create': credentialWithSecret,
  'POST /api/api-credentials/update': oneCredential,
  'POST /api/api-credentials/rotate': credentialWithSecret,
  'POST /api/api-credentials/revoke': oneCredential,
  'POST /api/carrier-connections/list': connections,
  'POST /api/carrier-connections/update': connections,
  'POST /api/carrier-connections/test': {
    type: 'object',
    required: ['test'],
    properties: { test: triedQuoteSchema },
  },
};
