/**
 * JSON Schemas of the `data` the property data calls answer (docs/api.md Property data, issue 15;
 * docs/decisions/230-property-data-providers.md), keyed by `<METHOD> <route url>`;
 * server/http/openapi-answers.ts puts each in the success envelope of its operation. A provider's
 * failure is answered in `error`, not as an error envelope
 * (docs/decisions/340-openapi-document-from-route-data.md).
 */
import { PROPERTY_DATA_JOBS } from '../property-data/types.ts';
import { timestamp } from './application-response-schemas.ts';

const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

/** Who answered: the provider's label, and whether it is the sandbox's sample data. */
const sourceProperties = {
  source: { type: 'string', description: 'The label the fields carry ("Sample data" for the sandbox).' },
  sample: { type: 'boolean', description: "True for the sandbox's made-up answers." },
  error: {
    ...nullableString,
    description: "The provider's failure (timeout, refused key); null when it answered.",
  },
} as const;

/** A verified address (types.ts VerifiedAddress). */
const verifiedAddressSchema = {
  type: 'object',
  required: [
    'delivery_line_1',
    'last_line',
    'city',
    'state',
    'zip',
    'plus4',
    'county',
    'latitude',
    'longitude',
    'precision',
  ],
  properties: {
    delivery_line_1: { type: 'string' },
    last_line: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    zip: { type: 'string' },
    plus4: nullableString,
    county: nullableString,
    latitude: { ...nullableNumber, description: 'WGS84 degrees.' },
    longitude: { ...nullableNumber, description: 'WGS84 degrees.' },
    precision: { ...nullableString, description: 'The geocode precision ("Rooftop", "Zip9", ...).' },
  },
} as const;

/** What one job of a lookup came to (property-data-service.ts JobResult). */
const jobResultSchema = {
  type: 'object',
  required: ['job', 'provider', 'source', 'sample', 'fetched_at', 'cached', 'error', 'fields', 'missing'],
  properties: {
    job: { type: 'string', enum: [...PROPERTY_DATA_JOBS] },
    provider: { type: 'string' },
    ...sourceProperties,
    fetched_at: {
      ...nullableString,
      description: 'ISO 8601 timestamp the provider answered; null after an error.',
    },
    cached: { type: 'boolean', description: "True when answered from the company's cache." },
    fields: {
      type: 'object',
      description: 'Document field -> the value found, in the schema set terms.',
      additionalProperties: {
        type: 'object',
        required: ['value', 'source', 'fetched_at'],
        properties: {
          value: { type: ['string', 'number'] },
          source: { type: 'string' },
          fetched_at: timestamp,
        },
      },
    },
    missing: {
      type: 'array',
      description: 'The fields the job could not fill, and why.',
      items: {
        type: 'object',
        required: ['field', 'reason'],
        properties: { field: { type: 'string' }, reason: { type: 'string' } },
      },
    },
  },
} as const;

/** `data` of the property data calls, by `<METHOD> <route url>`. */
export const PROPERTY_DATA_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/property-data/autocomplete': {
    type: 'object',
    required: ['suggestions', 'source', 'sample', 'error'],
    properties: {
      ...sourceProperties,
      suggestions: {
        type: 'array',
        description: 'Empty after a provider failure.',
        items: {
          type: 'object',
          required: ['street_line', 'secondary', 'city', 'state', 'zipcode'],
          properties: {
            street_line: { type: 'string' },
            secondary: { type: 'string' },
            city: { type: 'string' },
            state: { type: 'string' },
            zipcode: { type: 'string' },
          },
        },
      },
    },
  },
  'POST /api/property-data/verify-address': {
    type: 'object',
    required: ['address', 'source', 'sample', 'fetched_at', 'error'],
    properties: {
      ...sourceProperties,
      address: {
        anyOf: [verifiedAddressSchema, { type: 'null' }],
        description: 'Null when the provider found no such address or failed.',
      },
      fetched_at: {
        ...nullableString,
        description: 'ISO 8601 timestamp the provider answered; null after an error.',
      },
    },
  },
  'POST /api/property-data/lookup': {
    type: 'object',
    required: ['application_id', 'jobs'],
    properties: {
      application_id: { type: 'integer' },
      jobs: {
        type: 'array',
        description: 'address, characteristics, flood_zone, in that order.',
        items: jobResultSchema,
      },
    },
  },
};
