/**
 * JSON Schemas of the `data` the application calls answer (docs/api.md Applications, SPEC §3,
 * §7), keyed by `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the success
 * envelope of its operation. Objects name the fields the portal and partners read and leave room
 * for more (no `additionalProperties: false`): a field added later is documented by adding it
 * here, and answers are serialised as built (docs/decisions/340-openapi-document-from-route-data.md).
 */
import { SOV_BUILDING_FIELDS } from './request-schemas.ts';

const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
/** An ISO 8601 timestamp (shared by every area's answer schemas). */
export const timestamp = { type: 'string', description: 'ISO 8601 timestamp.' };
/** An amount of money in dollars. */
export const dollars = { type: 'number', description: 'Dollars.' };
/** An application's RMGA reference. */
export const reference = {
  type: 'string',
  description: 'RMGA + the id zero-padded to 7 digits.',
  examples: ['RMGA0000042'],
};
const alertColor = nullable({ type: 'string', enum: ['red', 'orange', 'yellow', 'purple'] });
const applicationStatus = { type: 'string', enum: ['new', 'launched', 'completed'] };

/** Note of SPEC §3. */
export const noteSchema = {
  type: 'object',
  required: ['id', 'application_id', 'payload', 'color', 'created_at'],
  properties: {
    id: { type: 'integer' },
    application_id: { type: 'integer' },
    payload: {
      type: 'object',
      properties: {
        is_alert: { type: 'boolean' },
        is_active: { type: 'boolean' },
        sent_by: { type: 'string' },
        status: { type: 'string' },
        message: { type: 'string' },
      },
    },
    color: alertColor,
    created_at: timestamp,
  },
} as const;

/** Where a quoted answer's coverages differ from what the document asked (issue 17). */
const differenceSchema = {
  type: 'object',
  required: ['coverage', 'field', 'kind', 'asked', 'quoted'],
  properties: {
    coverage: { type: 'string' },
    field: { type: 'string' },
    kind: { type: 'string', enum: ['changed', 'not_included', 'not_asked'] },
    asked: { type: ['number', 'string', 'null'] },
    quoted: { type: ['number', 'string', 'null'] },
  },
} as const;

/** One carrier's quote (docs/api.md Quote); premium in dollars per year. */
export const quoteSchema = {
  type: 'object',
  required: [
    'id',
    'carrier',
    'sub_carrier',
    'display_name',
    'status',
    'premium',
    'coverages',
    'differences',
    'benefits',
    'message',
    'indicative',
    'requested_at',
    'answered_at',
    'expires_at',
    'expired',
  ],
  properties: {
    id: { type: 'integer' },
    carrier: { type: 'string' },
    sub_carrier: { type: ['string', 'null'] },
    display_name: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'quoted', 'declined', 'error', 'timeout'] },
    premium: nullable(dollars),
    coverages: {
      type: 'object',
      description: 'Limits and deductible in dollars, by coverage.',
      additionalProperties: true,
    },
    differences: { type: 'array', items: differenceSchema },
    benefits: { type: 'array', items: { type: 'string' } },
    message: { type: ['string', 'null'] },
    indicative: { type: 'boolean' },
    requested_at: timestamp,
    answered_at: nullable(timestamp),
    expires_at: {
      ...nullable(timestamp),
      description:
        "When the premium stops being offered: the company's quote expiry days after the answer; null for a quote without a premium or bound.",
    },
    expired: {
      type: 'boolean',
      description: 'True once expires_at has passed: the quote cannot be marked bound or sent.',
    },
    source: { type: 'string', enum: ['automatic', 'sov', 'manual'] },
    document: nullable({
      type: 'object',
      required: ['name', 'url'],
      properties: { name: { type: 'string' }, url: { type: 'string' } },
    }),
    bound: nullable({
      type: 'object',
      required: ['id', 'policy_number', 'effective_date', 'premium', 'business', 'paid'],
      properties: {
        id: { type: 'integer' },
        policy_number: { type: 'string' },
        effective_date: { type: 'string', description: 'YYYY-MM-DD.' },
        premium: dollars,
        business: { type: 'string', enum: ['new', 'renewal'] },
        paid: { type: 'boolean' },
      },
    }),
    carrier_reference: {
      type: ['string', 'null'],
      description: "A live carrier's own quote reference (issue 19); null for sandbox and manual quotes.",
    },
    bind_url: {
      type: ['string', 'null'],
      description:
        "The https page of the carrier's portal that binds the quote, when a live carrier gave one.",
    },
  },
} as const;

/** Application of docs/api.md (get-application-by-id, create, update, launch, reset). SPEC §3. */
export const applicationSchema = {
  type: 'object',
  required: [
    'id',
    'application_id',
    'status',
    'application_type',
    'carrier_quote_type',
    'is_cross_sale',
    'min_quote_amount',
    'payload',
    'notes',
    'quotes',
    'application_relaunch_count',
    'application_source',
    'client_name_id',
    'version',
    'schema_version',
    'created_at',
    'updated_at',
    'launched_at',
  ],
  properties: {
    id: { type: 'integer' },
    application_id: reference,
    status: applicationStatus,
    application_type: { type: 'string' },
    carrier_quote_type: { type: 'array', items: { type: 'string' } },
    is_cross_sale: { type: 'boolean' },
    min_quote_amount: nullable(dollars),
    payload: {
      type: 'object',
      required: ['useable_details'],
      properties: {
        useable_details: {
          type: 'object',
          description: 'The application document.',
          additionalProperties: true,
        },
      },
    },
    notes: { type: 'array', items: noteSchema },
    quotes: { type: 'array', items: quoteSchema },
    isItWorkingHour: { type: 'boolean' },
    application_relaunch_count: { type: 'integer' },
    application_source: { type: ['string', 'null'] },
    ads_data: nullable({ type: 'object', additionalProperties: true }),
    client_name_id: { type: ['string', 'null'] },
    rocket_agent: {},
    agent_id: { type: ['integer', 'null'] },
    company_id: { type: 'integer' },
    version: { type: 'integer', description: 'Adds 1 on every write (docs/decisions/100).' },
    schema_version: { type: 'integer' },
    created_at: timestamp,
    updated_at: timestamp,
    launched_at: nullable(timestamp),
  },
} as const;

/** One row of the listing (docs/api.md get-agent-applications-list). */
export const applicationRowSchema = {
  type: 'object',
  required: [
    'id',
    'application_id',
    'status',
    'carrier_quote_type',
    'application_type',
    'searched_address',
    'client_name',
    'min_quote_amount',
    'application_source',
    'client_name_id',
    'alert_color',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    application_id: reference,
    status: applicationStatus,
    carrier_quote_type: { type: 'array', items: { type: 'string' } },
    application_type: { type: 'string' },
    searched_address: { type: ['string', 'null'] },
    client_name: { type: ['string', 'null'] },
    min_quote_amount: nullable(dollars),
    application_source: { type: ['string', 'null'] },
    client_name_id: { type: ['string', 'null'] },
    alert_color: alertColor,
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const listingSchema = {
  type: 'object',
  required: ['applications', 'status_counts'],
  properties: {
    applications: {
      type: 'object',
      required: [
        'data',
        'current_page',
        'per_page',
        'next_page_url',
        'path',
        'prev_page_url',
        'from',
        'last_page',
        'total',
      ],
      properties: {
        data: { type: 'array', items: applicationRowSchema },
        current_page: { type: 'integer' },
        per_page: { type: 'integer' },
        next_page_url: { type: ['string', 'null'] },
        path: { type: 'string' },
        prev_page_url: { type: ['string', 'null'] },
        from: { type: ['integer', 'null'] },
        last_page: { type: 'integer' },
        total: { type: 'integer' },
      },
    },
    status_counts: {
      type: 'object',
      required: ['new', 'launched', 'completed'],
      properties: { new: { type: 'integer' }, launched: { type: 'integer' }, completed: { type: 'integer' } },
    },
  },
} as const;

const withApplication = {
  type: 'object',
  required: ['application'],
  properties: { application: applicationSchema },
} as const;

const strings = { type: 'array', items: { type: 'string' } } as const;
const nullableNumber = (description: string) => ({ type: ['number', 'null'], description });

/** A managed-program (SOV) carrier (carrier-catalog/sov-carriers.ts SovCarrier). */
export const sovCarrierSchema = {
  type: 'object',
  required: ['quote_manager_id', 'carrier', 'sub_carrier', 'display_name', 'quote_types', 'states'],
  properties: {
    quote_manager_id: { type: 'string', examples: ['tmh'] },
    carrier: { type: 'string' },
    sub_carrier: { type: ['string', 'null'] },
    display_name: { type: 'string' },
    quote_types: strings,
    states: strings,
  },
} as const;

/**
 * One building of a statement of values (server/quoting/sov-building.ts): a submitted one has
 * every value; one prefilled from the document has null where the document has nothing.
 */
const sovBuildingSchema = {
  type: 'object',
  required: SOV_BUILDING_FIELDS,
  properties: {
    location: { type: ['string', 'null'] },
    building_value: nullableNumber('Dollars.'),
    contents_value: nullableNumber('Dollars.'),
    business_income: nullableNumber('Dollars per year.'),
    construction: { type: ['string', 'null'] },
    occupancy: { type: ['string', 'null'] },
    year_built: nullableNumber('A 4-digit year.'),
    stories: nullableNumber('1 to 100.'),
  },
} as const;

/** `data` of the application calls, by `<METHOD> <route url>`. */
export const APPLICATION_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/agent-portal/get-agent-applications-list': listingSchema,
  'POST /api/agent-portal/get-application-by-id': withApplication,
  'POST /api/agent-portal/get-schema-set': {
    type: 'object',
    required: ['schema_version', 'schema_set'],
    properties: {
      schema_version: { type: 'integer' },
      schema_set: {
        type: 'object',
        description: 'The schema set (docs/schema-format.md).',
        additionalProperties: true,
      },
    },
  },
  'POST /api/agent-portal/create-new-application': withApplication,
  'POST /api/agent-portal/update-application': withApplication,
  'POST /api/agent-portal/launch-application': {
    type: 'object',
    required: ['application', 'warnings'],
    properties: {
      application: applicationSchema,
      warnings: { type: 'array', description: 'Underwriting warnings that did not stop the launch.' },
    },
  },
  'POST /api/agent-portal/reset-application': withApplication,
  'POST /api/agent-portal/toggle-application-alert-note': {
    type: 'object',
    required: ['note'],
    properties: { note: noteSchema },
  },
  // The carrier calls of issue 3 answer the application with its new quotes.
  'POST /api/agent-portal/launch-application-sov-carriers': withApplication,
  'POST /api/agent-portal/launch-application-manual-carriers': withApplication,
  'POST /api/agent-portal/record-manual-quote': withApplication,
  'POST /api/agent-portal/reactivate-carrier': withApplication,
  'POST /api/sov/submit-statement-of-values': withApplication,
  'POST /api/sov/get-sov-quote': {
    type: 'object',
    required: ['carrier', 'application', 'statement_of_values'],
    properties: {
      carrier: sovCarrierSchema,
      application: applicationSchema,
      statement_of_values: {
        type: 'object',
        required: ['quote_manager_id', 'buildings', 'submitted', 'submitted_at'],
        properties: {
          quote_manager_id: { type: 'string' },
          buildings: { type: 'array', items: sovBuildingSchema },
          submitted: {
            type: 'boolean',
            description: 'False for one building prefilled from the document and never submitted.',
          },
          submitted_at: {
            type: ['string', 'null'],
            description: 'ISO 8601 timestamp; null until submitted.',
          },
        },
      },
    },
  },
  'POST /api/agent-portal/delete-application-by-id': {
    type: 'object',
    required: ['deleted_ids'],
    properties: { deleted_ids: { type: 'array', items: { type: 'integer' } } },
  },
};
