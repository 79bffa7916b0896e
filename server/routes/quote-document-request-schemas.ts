/**
 * JSON Schemas of the quote document calls (issue 13, docs/api.md Quote documents): the two PDF
 * downloads, send-quote and its preview. As in request-schemas.ts: unknown properties are rejected, strings
 * are bounded and `session_key` is never `required` (the auth hook answers 401 first).
 */
import { QUOTE_DOCUMENT_KINDS } from '../services/quote-documents-service.ts';
import { idSchema, sessionKeySchema } from './request-schemas.ts';

/** The quotes a document shows: at least one, each a quote id of the application. */
const quoteIdsSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 200,
  uniqueItems: true,
  items: idSchema,
} as const;

/** download-market-breakdown-pdf and download-flood-rejection-pdf: every quote when quote_ids is left out. */
export const quoteDocumentBodySchema = {
  type: 'object',
  required: ['application_id'],
  additionalProperties: false,
  properties: { session_key: sessionKeySchema, application_id: idSchema, quote_ids: quoteIdsSchema },
} as const;

/** send-quote: the document, its quotes, the client's e-mail and the subject and message typed. */
export const sendQuoteBodySchema = {
  type: 'object',
  required: ['application_id', 'document', 'quote_ids', 'email', 'subject', 'message'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    application_id: idSchema,
    document: { type: 'string', enum: QUOTE_DOCUMENT_KINDS },
    quote_ids: quoteIdsSchema,
    email: { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
    subject: { type: 'string', minLength: 1, maxLength: 200 },
    message: { type: 'string', maxLength: 10_000 },
  },
} as const;

/** preview-quote-email: the quotes chosen and the subject and message as typed (issue 40). */
export const previewQuoteEmailBodySchema = {
  type: 'object',
  required: ['application_id', 'quote_ids', 'subject', 'message'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    application_id: idSchema,
    quote_ids: quoteIdsSchema,
    subject: sendQuoteBodySchema.properties.subject,
    message: sendQuoteBodySchema.properties.message,
  },
} as const;
