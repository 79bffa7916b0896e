/**
 * JSON Schemas of the `data` the carrier-catalogue calls answer (issue 43,
 * docs/decisions/772-carrier-catalogue-versions.md), keyed by `<METHOD> <route url>`;
 * server/http/openapi-answers.ts puts each in the success envelope of its operation.
 */
import { sovCarrierSchema } from './application-response-schemas.ts';
import { triedQuoteSchema } from './integration-response-schemas.ts';

const timestamp = { type: 'string', description: 'ISO 8601 timestamp.' } as const;
const problems = {
  type: 'array',
  description: 'What the draft fails, by slash path into the document (e.g. carriers/3/states).',
  items: {
    type: 'object',
    required: ['path', 'message'],
    properties: { path: { type: 'string' }, message: { type: 'string' } },
  },
} as const;

const strings = { type: 'array', items: { type: 'string' } } as const;
const channel = {
  type: 'string',
  enum: ['automatic', 'sov', 'manual'],
  description: 'How it quotes: the sandbox or a live connection, a statement of values, or by hand.',
} as const;
const carrierIdentity = {
  name: { type: 'string', examples: ['titan'] },
  display_name: { type: 'string', examples: ['Titan Flood'] },
  quote_types: strings,
  states: strings,
  channel,
  benefits: strings,
} as const;
/** A manual carrier (carrier-catalog/manual-carriers.ts ManualCarrier). */
const manualCarrierSchema = {
  type: 'object',
  required: ['carrier', 'display_name', 'quote_types', 'states'],
  properties: {
    carrier: {
      type: 'string',
      examples: ['amwins'],
      description: 'The value manual_carrier_names_list takes.',
    },
    display_name: { type: 'string' },
    quote_types: strings,
    states: strings,
  },
} as const;

/** `data` of the carrier-catalogue calls, by `<METHOD> <route url>`. */
export const CARRIER_CATALOGUE_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/carrier-catalogue/get': {
    type: 'object',
    required: ['version', 'catalogue', 'versions', 'connections', 'window_days'],
    properties: {
      version: {
        type: 'integer',
        description: 'The latest version: the one every server process quotes with.',
      },
      catalogue: {
        type: 'object',
        additionalProperties: true,
        description: 'The latest version’s carriers document (the shape of carriers.json).',
      },
      versions: {
        type: 'array',
        description: 'Every version, newest first.',
        items: {
          type: 'object',
          required: ['version', 'note', 'created_by_name', 'created_at', 'published_at'],
          properties: {
            version: { type: 'integer' },
            note: { type: 'string' },
            created_by_name: {
              type: ['string', 'null'],
              description: 'Who published it; null for the version seeded from carriers.json.',
            },
            created_at: timestamp,
            published_at: timestamp,
          },
        },
      },
      connections: {
        type: 'array',
        items: {
          type: 'object',
          required: [
            'id',
            'label',
            'endpoint',
            'carriers',
            'answered',
            'errors',
            'error_rate',
            'last_success',
            'refused_credentials',
          ],
          properties: {
            id: { type: 'string' },
            label: { type: 'string' },
            endpoint: { type: 'string' },
            carriers: { type: 'array', items: { type: 'string' } },
            answered: { type: 'integer', description: 'Live quotes answered in the window.' },
            errors: { type: 'integer', description: 'Of those, the errors.' },
            error_rate: {
              type: ['number', 'null'],
              description: 'errors / answered (0 to 1); null with none.',
            },
            last_success: {
              type: ['string', 'null'],
              description: 'The last quote or decline answered in the window (ISO 8601), or null.',
            },
            refused_credentials: {
              type: 'array',
              description:
                'Companies whose credentials the connection refuses (HTTP 401 or 403): the latest refusal seen by a connection test or a live quote, with no passed test or answered live quote since (ADR 773).',
              items: {
                type: 'object',
                required: ['company_id', 'company_name', 'source', 'at'],
                properties: {
                  company_id: { type: 'integer' },
                  company_name: { type: 'string' },
                  source: {
                    type: 'string',
                    enum: ['test', 'quote'],
                    description: 'What saw the refusal: a connection test or a live quote.',
                  },
                  at: timestamp,
                },
              },
            },
          },
        },
      },
      window_days: { type: 'integer', description: 'The days the health counts cover.' },
    },
  },
  'POST /api/carrier-catalogue/carriers': {
    type: 'object',
    required: ['version', 'carriers', 'sov_carriers', 'manual_carriers'],
    properties: {
      version: {
        type: ['integer', 'null'],
        description: 'The catalogue version in use; null before the server read the database.',
      },
      carriers: {
        type: 'array',
        description: 'Every carrier family, in catalogue order: no connection, endpoint or credential.',
        items: {
          type: 'object',
          required: [
            'name',
            'display_name',
            'image',
            'url',
            'guide_document',
            'quote_types',
            'states',
            'channel',
            'benefits',
            'sub_carriers',
          ],
          properties: {
            ...carrierIdentity,
            image: { type: 'string', description: 'Logo path.', examples: ['/carriers/titan.svg'] },
            url: { type: 'string' },
            guide_document: { type: ['string', 'null'] },
            sub_carriers: {
              type: 'array',
              items: {
                type: 'object',
                required: ['name', 'display_name', 'quote_types', 'states', 'channel', 'benefits'],
                properties: carrierIdentity,
              },
            },
          },
        },
      },
      sov_carriers: {
        type: 'array',
        description: 'The SOV quote managers: the ids sov_carrier_names_list takes.',
        items: sovCarrierSchema,
      },
      manual_carriers: {
        type: 'array',
        description: 'The manual carriers: the names manual_carrier_names_list takes.',
        items: manualCarrierSchema,
      },
    },
  },
  'POST /api/carrier-catalogue/check': {
    type: 'object',
    required: ['problems', 'changed_connections'],
    properties: {
      problems,
      changed_connections: {
        type: 'array',
        description: 'Connections the draft adds or changes (once it has no problem); each must pass a test.',
        items: {
          type: 'object',
          required: ['id', 'label', 'tested'],
          properties: {
            id: { type: 'string' },
            label: { type: 'string' },
            tested: { type: 'boolean', description: 'Whether this definition passed a connection test.' },
          },
        },
      },
    },
  },
  'POST /api/carrier-catalogue/test-connection': {
    type: 'object',
    required: ['test', 'passed'],
    properties: {
      test: triedQuoteSchema,
      passed: { type: 'boolean', description: 'A quote or decline came back and was mapped: publishable.' },
    },
  },
  'POST /api/carrier-catalogue/publish': {
    type: 'object',
    required: ['version'],
    properties: { version: { type: 'integer', description: 'The number of the version published.' } },
  },
};
