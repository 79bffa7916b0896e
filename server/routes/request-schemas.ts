/**
 * JSON Schemas of the request bodies (docs/api.md), checked by Fastify at the edge. Every object
 * rejects unknown properties and every string is bounded, so a client mistake is a 400, never a
 * 500. `session_key` is not `required` here: a missing key must answer 401 'Invalid Details'
 * (SPEC §6), which the auth hook does before the body is validated.
 */

import applicationTypes from '../../schemas/constants/application-types.json' with { type: 'json' };
import quoteTypes from '../../schemas/constants/quote-types.json' with { type: 'json' };

/** Products and application types as schemas/constants lists them (one place for each list). */
const PRODUCTS = quoteTypes.oneOf.map((option) => option.const);
const APPLICATION_TYPES = applicationTypes.enum;

export const sessionKeySchema = { type: 'string', maxLength: 200 } as const;

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

export const createBodySchema = {
  type: 'object',
  required: ['address'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    agent_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    carrier_quote_type: { type: 'string', enum: PRODUCTS, default: 'Primary' },
    application_type: { type: 'string', enum: APPLICATION_TYPES, default: 'flood' },
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
