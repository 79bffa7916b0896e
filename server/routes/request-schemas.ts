/**
 * JSON Schemas of the request bodies (docs/api.md), checked by Fastify at the edge. Every object
 * rejects unknown properties and every string is bounded, so a client mistake is a 400, never a
 * 500. `session_key` is not `required` here: a missing key must answer 401 'Invalid Details'
 * (SPEC §6), which the auth hook does before the body is validated.
 */

import type { JSONSchema } from 'json-schema-to-ts';
import applicationTypes from '../../schemas/constants/application-types.json' with { type: 'json' };
import quoteTypes from '../../schemas/constants/quote-types.json' with { type: 'json' };
import { DOCUMENT_TYPES, MAX_DOCUMENT_BASE64_LENGTH } from '../services/document-upload.ts';

/** Products and application types as schemas/constants lists them (one place for each list). */
export const PRODUCTS = quoteTypes.oneOf.map((option) => option.const);
const APPLICATION_TYPES = applicationTypes.enum;

/** An uploaded document: a file name (no path), canonical base64 content, one of DOCUMENT_TYPES. */
export const documentUploadSchema = {
  type: 'object',
  required: ['name', 'content_base64', 'content_type'],
  additionalProperties: false,
  properties: {
    // A file name, not a path: no separators or control characters.
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^/\\\\\\u0000-\\u001f"]+$' },
    content_base64: {
      type: 'string',
      minLength: 4,
      maxLength: MAX_DOCUMENT_BASE64_LENGTH,
      pattern: '^[A-Za-z0-9+/]*={0,2}$',
    },
    content_type: { type: 'string', enum: Object.keys(DOCUMENT_TYPES) },
  },
} as const;

export const sessionKeySchema = { type: 'string', maxLength: 200 } as const;

/**
 * A call's body: `session_key` and `properties`, nothing else; `required` named (none when left
 * out). Generic so that FromSchema of the result names each property (issue 41).
 */
export const sessionBodySchema = <
  const Properties extends Readonly<Record<string, JSONSchema>>,
  const Required extends readonly (keyof Properties & string)[] = [],
>(
  properties: Properties,
  required?: Required,
) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: required ?? [],
    properties: { session_key: sessionKeySchema, ...properties },
  }) as const;

/** The `:company_id` path parameter of the SAML and texting webhook URLs: digits. */
export const companyParamsSchema = {
  type: 'object',
  required: ['company_id'],
  additionalProperties: false,
  properties: { company_id: { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;

/** A numeric application or note id, as a number or a string of digits (docs/decisions/040). */
export const idSchema = {
  type: ['integer', 'string'],
  pattern: '^[0-9]{1,10}$',
  minimum: 1,
  maximum: 2_147_483_647,
} as const;

const nullableShortText = { type: ['string', 'null'], maxLength: 300 } as const;

export const loginBodySchema = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

export const sessionOnlyBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { session_key: sessionKeySchema },
} as const;

export const applicationIdBodySchema = {
  type: 'object',
  required: ['application_id'],
  additionalProperties: false,
  properties: { session_key: sessionKeySchema, application_id: idSchema },
} as const;

/** get-schema-set: one stored version, or the current one when none is named (issue 10 part 3). */
export const schemaSetBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    schema_version: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;

/** A document (useable_details): flat field -> scalar or list of scalars. */
export const documentSchema = {
  type: 'object',
  maxProperties: 1000,
  propertyNames: { type: 'string', minLength: 1, maxLength: 100 },
  additionalProperties: {
    type: ['string', 'number', 'boolean', 'null', 'array'],
    maxLength: 10_000,
    maxItems: 200,
    items: { type: ['string', 'number', 'boolean', 'null'], maxLength: 1000 },
  },
} as const;

export const detailsBodySchema = {
  type: 'object',
  required: ['application_id', 'address_details'],
  additionalProperties: false,
  properties: { session_key: sessionKeySchema, application_id: idSchema, address_details: documentSchema },
} as const;

/**
 * update-application: detailsBodySchema plus the optional `version` the edit was based on; a
 * stale one answers 409 with the current application (docs/decisions/100).
 */
export const updateBodySchema = {
  ...detailsBodySchema,
  properties: {
    ...detailsBodySchema.properties,
    version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  },
} as const;

export const createBodySchema = {
  type: 'object',
  required: ['address'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    agent_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    carrier_quote_type: { type: 'string', enum: PRODUCTS, default: 'Primary' },
    application_type: { type: 'string', enum: APPLICATION_TYPES, default: 'flood' },
    application_source: { type: 'string', minLength: 1, maxLength: 100 },
    address: {
      type: 'object',
      required: ['searched_address', 'address1', 'city', 'state', 'zip'],
      additionalProperties: false,
      properties: {
        searched_address: { type: 'string', minLength: 1, maxLength: 300 },
        address1: { type: 'string', minLength: 1, maxLength: 300 },
        address2: nullableShortText,
        city: { type: 'string', minLength: 1, maxLength: 100 },
        state: { type: 'string', pattern: '^[A-Za-z]{2}$' },
        zip: { type: 'string', pattern: '^[0-9]{5}$' },
        county: nullableShortText,
        lat: { type: ['number', 'null'], minimum: -90, maximum: 90 },
        lng: { type: ['number', 'null'], minimum: -180, maximum: 180 },
      },
    },
  },
} as const;

export const listingQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    per_page: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
  },
} as const;

export const listingBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    agent_id: {
      type: ['integer', 'string', 'null'],
      pattern: '^[0-9]{0,10}$',
      minimum: 1,
      maximum: 2_147_483_647,
    },
    customer_id: { type: ['integer', 'string', 'null'], pattern: '^[0-9]{0,10}$' },
    application_source: nullableShortText,
    filters: {
      type: 'object',
      additionalProperties: false,
      properties: {
        address: nullableShortText,
        application_id: { type: ['string', 'integer', 'null'], maxLength: 30 },
        agent_id: {
          type: ['integer', 'string', 'null'],
          pattern: '^[0-9]{0,10}$',
          minimum: 1,
          maximum: 2_147_483_647,
        },
        client_name_id: nullableShortText,
        application_source: nullableShortText,
        carrier_quote_type: nullableShortText,
      },
    },
  },
} as const;

export const toggleNoteBodySchema = {
  type: 'object',
  required: ['application_id', 'note_id'],
  additionalProperties: false,
  properties: { session_key: sessionKeySchema, application_id: idSchema, note_id: idSchema },
} as const;

export const deleteBodySchema = {
  type: 'object',
  required: ['application_id'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    application_id: idSchema,
    delete_all_related_applications: {
      type: ['boolean', 'integer'],
      enum: [true, false, 0, 1],
      default: false,
    },
  },
} as const;

export const zipLookupBodySchema = {
  type: 'object',
  required: ['zip'],
  additionalProperties: false,
  properties: { session_key: sessionKeySchema, zip: { type: 'string', pattern: '^[0-9]{5}$' } },
} as const;

/* Issue 3: SOV and manual carriers, manual quotes, reactivation, the sov-quote page. */

/**
 * A list of carrier ids as carriers.schema.json shapes them (quote manager ids, family names), with
 * `example` as the OpenAPI example. Only the shape: which ids are carriers is the catalogue in
 * use's, checked at each call (server/services/known-carrier-ids.ts), so a published carrier is
 * taken without a restart.
 */
const carrierIdList = <const Example extends string>(example: Example) =>
  ({
    type: 'array',
    minItems: 1,
    maxItems: 100,
    uniqueItems: true,
    items: { type: 'string', maxLength: 100, pattern: '^[a-z][a-z0-9_]*$' },
    examples: [[example]],
  }) as const;

const money = { type: 'number', minimum: 0, maximum: 1_000_000_000 } as const;

export const launchSovBodySchema = {
  type: 'object',
  required: ['application_id', 'sov_carrier_names_list'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    application_id: idSchema,
    sov_carrier_names_list: carrierIdList('tmh'),
  },
} as const;

export const launchManualBodySchema = {
  type: 'object',
  required: ['application_id', 'manual_carrier_names_list'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    application_id: idSchema,
    manual_carrier_names_list: carrierIdList('amwins'),
  },
} as const;

export const reactivateBodySchema = {
  type: 'object',
  required: ['application_id', 'quote_id'],
  additionalProperties: false,
  properties: { session_key: sessionKeySchema, application_id: idSchema, quote_id: idSchema },
} as const;

export const recordManualQuoteBodySchema = {
  type: 'object',
  required: ['application_id', 'quote_id', 'status'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    application_id: idSchema,
    quote_id: idSchema,
    status: { type: 'string', enum: ['quoted', 'declined'] },
    premium: {
      anyOf: [{ type: 'number', exclusiveMinimum: 0, maximum: money.maximum }, { type: 'null' }],
      default: null,
    },
    coverages: {
      type: 'object',
      maxProperties: 30,
      propertyNames: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,59}$' },
      additionalProperties: { anyOf: [money, { type: 'string', maxLength: 200 }] },
      default: {},
    },
    message: { type: ['string', 'null'], maxLength: 2000, default: null },
    document: { anyOf: [documentUploadSchema, { type: 'null' }] },
  },
  // A quoted quote has a premium; a declined one has none.
  if: { properties: { status: { const: 'quoted' } } },
  // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable.
  then: { required: ['premium'], properties: { premium: { type: 'number' } } },
  else: { properties: { premium: { type: 'null' } } },
} as const;

/** carrier_id and application_id are checked by the service so they answer SPEC §2's 404 texts. */
const sovTargetProperties = {
  session_key: sessionKeySchema,
  carrier_id: { type: 'string', maxLength: 100 },
  application_id: { type: ['string', 'integer'], maxLength: 30 },
} as const;

export const getSovQuoteBodySchema = {
  type: 'object',
  required: ['carrier_id', 'application_id'],
  additionalProperties: false,
  properties: sovTargetProperties,
} as const;

/** The values of one statement-of-values building, each required when submitted. */
export const SOV_BUILDING_FIELDS = [
  'location',
  'building_value',
  'contents_value',
  'business_income',
  'construction',
  'occupancy',
  'year_built',
  'stories',
] as const;

const buildingSchema = {
  type: 'object',
  required: SOV_BUILDING_FIELDS,
  additionalProperties: false,
  properties: {
    location: { type: 'string', minLength: 1, maxLength: 300 },
    building_value: money,
    contents_value: money,
    business_income: money,
    construction: { type: 'string', minLength: 1, maxLength: 100 },
    occupancy: { type: 'string', minLength: 1, maxLength: 100 },
    year_built: { type: 'integer', minimum: 1600, maximum: 2100 },
    // SPEC §9: stories 1 to 100.
    stories: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

export const submitStatementBodySchema = {
  type: 'object',
  required: ['carrier_id', 'application_id', 'buildings'],
  additionalProperties: false,
  properties: {
    ...sovTargetProperties,
    buildings: { type: 'array', minItems: 1, maxItems: 100, items: buildingSchema },
  },
} as const;

export const fileParamsSchema = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^[0-9]{1,10}$' } },
} as const;

export const fileQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { session_key: sessionKeySchema },
} as const;
