/**
 * The answers the OpenAPI document declares for each operation (issue 21): the SPEC §7 envelope
 * with the route's own `data` schema for success (server/routes/*-response-schemas.ts, keyed by
 * route), the envelope with `error_obj` for every 4XX and 5XX status (SPEC §8), and the few
 * answers that are not envelopes (files, CSV, PDF, redirects, server-sent events, TwiML).
 * The shapes are OpenAPI 3.1 Response Objects; their schemas are JSON Schema 2020-12.
 */
import { ACCOUNT_ANSWER_SCHEMAS } from '../routes/account-response-schemas.ts';
import { APPLICATION_ANSWER_SCHEMAS } from '../routes/application-response-schemas.ts';
import { AUTH_ANSWER_SCHEMAS } from '../routes/auth-response-schemas.ts';
import { BULK_UPLOAD_ANSWER_SCHEMAS } from '../routes/bulk-upload-response-schemas.ts';
import { CARRIER_CATALOGUE_ANSWER_SCHEMAS } from '../routes/carrier-catalogue-response-schemas.ts';
import { COMMISSION_ANSWER_SCHEMAS } from '../routes/commission-response-schemas.ts';
import { CONTACT_ANSWER_SCHEMAS } from '../routes/contact-response-schemas.ts';
import { CUSTOMER_PORTAL_ANSWER_SCHEMAS } from '../routes/customer-portal-response-schemas.ts';
import { iconJsonSchema } from '../routes/icon-set-route.ts';
import { INTEGRATION_ANSWER_SCHEMAS } from '../routes/integration-response-schemas.ts';
import { PASSKEY_ANSWER_SCHEMAS } from '../routes/passkey-response-schemas.ts';
import { PREFILL_ANSWER_SCHEMAS } from '../routes/prefill-response-schemas.ts';
import { PRICE_PREDICTOR_ANSWER_SCHEMAS } from '../routes/price-predictor-response-schemas.ts';
import { PROPERTY_DATA_ANSWER_SCHEMAS } from '../routes/property-data-response-schemas.ts';
import { QUOTE_DOCUMENT_ANSWER_SCHEMAS } from '../routes/quote-document-response-schemas.ts';
import { REPORTING_ANSWER_SCHEMAS } from '../routes/reporting-response-schemas.ts';
import { RESOURCES_ANSWER_SCHEMAS } from '../routes/resources-response-schemas.ts';
import { SCHEMA_STUDIO_ANSWER_SCHEMAS } from '../routes/schema-studio-response-schemas.ts';
import { SCHEMA_STUDIO_SAFETY_ANSWER_SCHEMAS } from '../routes/schema-studio-safety-response-schemas.ts';
import { SECURITY_ANSWER_SCHEMAS } from '../routes/security-response-schemas.ts';
import { SETTINGS_ANSWER_SCHEMAS } from '../routes/settings-response-schemas.ts';
import { SIGN_IN_SECURITY_ANSWER_SCHEMAS } from '../routes/sign-in-security-response-schemas.ts';
import { STRIPE_ANSWER_SCHEMAS } from '../routes/stripe-response-schemas.ts';
import { TEXTING_ANSWER_SCHEMAS } from '../routes/texting-response-schemas.ts';
import { UTILITY_ANSWER_SCHEMAS } from '../routes/utility-response-schemas.ts';
import { DOCUMENT_TYPES } from '../services/document-upload.ts';
import { VIDEO_TYPES } from '../services/video-upload.ts';
import { schemaExample } from './schema-example.ts';

/** The `data` schemas of the routes that declare one, by `<METHOD> <route url>`. */
export const DATA_SCHEMAS: Readonly<Record<string, object>> = {
  ...AUTH_ANSWER_SCHEMAS,
  ...APPLICATION_ANSWER_SCHEMAS,
  ...UTILITY_ANSWER_SCHEMAS,
  ...CUSTOMER_PORTAL_ANSWER_SCHEMAS,
  ...ACCOUNT_ANSWER_SCHEMAS,
  ...SETTINGS_ANSWER_SCHEMAS,
  ...INTEGRATION_ANSWER_SCHEMAS,
  ...CARRIER_CATALOGUE_ANSWER_SCHEMAS,
  ...SCHEMA_STUDIO_ANSWER_SCHEMAS,
  ...SCHEMA_STUDIO_SAFETY_ANSWER_SCHEMAS,
  ...QUOTE_DOCUMENT_ANSWER_SCHEMAS,
  ...REPORTING_ANSWER_SCHEMAS,
  ...COMMISSION_ANSWER_SCHEMAS,
  ...RESOURCES_ANSWER_SCHEMAS,
  ...BULK_UPLOAD_ANSWER_SCHEMAS,
  ...PRICE_PREDICTOR_ANSWER_SCHEMAS,
  ...TEXTING_ANSWER_SCHEMAS,
  ...PROPERTY_DATA_ANSWER_SCHEMAS,
  ...PREFILL_ANSWER_SCHEMAS,
  ...STRIPE_ANSWER_SCHEMAS,
  ...CONTACT_ANSWER_SCHEMAS,
  ...SECURITY_ANSWER_SCHEMAS,
  ...SIGN_IN_SECURITY_ANSWER_SCHEMAS,
  ...PASSKEY_ANSWER_SCHEMAS,
};

const errorObjSchema = {
  description: 'null, or each field (or body path) mapped to its problem.',
  anyOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'null' }],
};

/** The success envelope of SPEC §7 around `data` (any JSON when the route declares no schema). */
export function successEnvelopeSchema(data: object = {}): object {
  return {
    type: 'object',
    required: ['status', 'code', 'message', 'data', 'error_obj'],
    properties: {
      status: { const: 'success' },
      code: { const: 200 },
      message: { type: 'string' },
      data,
      error_obj: { type: 'null' },
    },
  };
}

/** The error envelope of SPEC §8: `data` is null or what the error carries (e.g. launch messages). */
export const errorEnvelopeSchema = {
  type: 'object',
  required: ['status', 'code', 'message', 'data', 'error_obj'],
  properties: {
    status: { const: 'error' },
    code: { type: 'integer', minimum: 400, maximum: 599 },
    message: { type: 'string' },
    data: {
      description: 'null, or what the error carries (SPEC §8: launch messages, the current application).',
    },
    error_obj: errorObjSchema,
  },
} as const;

const errorAnswers = {
  '4XX': {
    description:
      'A client mistake or refusal (SPEC §8): 400 invalid body, 401 session, 403/404 access, 409, 422, 429.',
    content: {
      'application/json': {
        schema: errorEnvelopeSchema,
        example: { status: 'error', code: 401, message: 'Unauthenticated.', data: null, error_obj: null },
      },
    },
  },
  '5XX': {
    description: 'A server fault (the envelope, never a stack trace).',
    content: { 'application/json': { schema: errorEnvelopeSchema } },
  },
};

const binary = (...types: string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
/** Stored documents answer in their own type (server/services/document-upload.ts, video-upload.ts). */
const DOCUMENT_MEDIA_TYPES = Object.keys(DOCUMENT_TYPES);
const redirect = { description: 'Redirects the browser (Location header).' };

/** Success answers that are not envelopes, by `<METHOD> <route url>`. */
const OTHER_SUCCESS: Readonly<Record<string, Record<string, object>>> = {
  'GET /api/auth/saml/:company_id/login': { '302': redirect },
  'POST /api/auth/saml/:company_id/acs': { '302': redirect },
  'GET /api/billing-portal': { '302': redirect },
  'GET /api/company-logos/:company_id': {
    '200': { description: 'The logo image.', content: binary('image/*') },
  },
  'GET /api/icons/:file': {
    '200': {
      description: 'The icons in Iconify JSON (not the envelope).',
      content: { 'application/json': { schema: iconJsonSchema } },
    },
  },
  'GET /api/files/:id': { '200': { description: 'The file.', content: binary(...DOCUMENT_MEDIA_TYPES) } },
  'GET /api/resources/file/:id': {
    '200': { description: 'The whole file.', content: binary(...DOCUMENT_MEDIA_TYPES, ...VIDEO_TYPES) },
    '206': {
      description: 'The requested byte range.',
      content: binary(...DOCUMENT_MEDIA_TYPES, ...VIDEO_TYPES),
    },
  },
  'POST /api/reporting/export-csv': {
    '200': { description: 'The report as CSV.', content: binary('text/csv') },
  },
  'GET /api/reporting/downloads/:id': {
    '200': { description: 'The finished export as CSV.', content: binary('text/csv') },
  },
  'POST /api/commission/export-csv': {
    '200': { description: 'The statement as CSV.', content: binary('text/csv') },
  },
  'POST /api/services/file-upload/download-error-file': {
    '200': { description: 'The failed rows as CSV.', content: binary('text/csv') },
  },
  'POST /api/agent-portal/download-market-breakdown-pdf': {
    '200': { description: 'The PDF.', content: binary('application/pdf') },
  },
  'POST /api/agent-portal/download-flood-rejection-pdf': {
    '200': { description: 'The PDF.', content: binary('application/pdf') },
  },
  'GET /api/agent-portal/quote-events': {
    '200': {
      description: 'Server-sent events: application, quote and quote-removed (docs/api.md).',
      content: binary('text/event-stream'),
    },
  },
  'GET /api/texting/events': {
    '200': { description: 'Server-sent events, one per line pair.', content: binary('text/event-stream') },
  },
  'POST /api/texting/inbound/:company_id': {
    '200': { description: 'Empty TwiML.', content: binary('text/xml') },
  },
  'POST /api/texting/status/:company_id': {
    '200': { description: 'Empty TwiML.', content: binary('text/xml') },
  },
};

/**
 * The Responses Object of the operation `key` (`<METHOD> <route url>`): its success answer and
 * the error envelope for 4XX and 5XX. `message` is the success example's message.
 */
export function answersOf(key: string, summary: string): Record<string, object> {
  const other = OTHER_SUCCESS[key];
  if (other) return { ...other, ...errorAnswers };
  const data = DATA_SCHEMAS[key];
  return {
    '200': {
      description: `${summary}: the success envelope${data ? '' : ' (data: any JSON)'}.`,
      content: {
        'application/json': {
          schema: successEnvelopeSchema(data),
          example: {
            status: 'success',
            code: 200,
            message: `${summary}.`,
            data: schemaExample(data ?? {}),
            error_obj: null,
          },
        },
      },
    },
    ...errorAnswers,
  };
}
