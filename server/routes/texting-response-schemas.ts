/**
 * JSON Schemas of the `data` the texting calls answer (docs/api.md Texting, issue 14;
 * docs/decisions/210..214), keyed by `<METHOD> <route url>`; server/http/openapi-answers.ts puts
 * each in the success envelope of its operation (the events stream and the provider's webhooks
 * are declared there). docs/decisions/340-openapi-document-from-route-data.md.
 */
import { timestamp } from './application-response-schemas.ts';

const direction = { type: 'string', enum: ['inbound', 'outbound'] } as const;
const status = {
  type: 'string',
  enum: ['received', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'],
  description: 'received for inbound; outbound follows the provider.',
} as const;

/** A conversation as answered (texting-service.ts conversationView). */
const conversationSchema = {
  type: 'object',
  required: [
    'id',
    'company_id',
    'client_phone',
    'client_phone_display',
    'client_name',
    'application_id',
    'application_reference',
    'last_message_at',
    'last_body',
    'last_direction',
    'last_status',
    'unread_count',
  ],
  properties: {
    id: { type: 'integer' },
    company_id: { type: 'integer' },
    client_phone: { type: 'string', description: 'E.164.', examples: ['+13055550100'] },
    client_phone_display: { type: 'string', description: 'National format for US numbers.' },
    client_name: { type: ['string', 'null'], description: "The linked application's client." },
    application_id: { type: ['integer', 'null'] },
    application_reference: { type: ['string', 'null'], description: 'RMGA reference of the application.' },
    last_message_at: timestamp,
    last_body: { type: ['string', 'null'] },
    last_direction: { ...direction, type: ['string', 'null'], enum: [...direction.enum, null] },
    last_status: { ...status, type: ['string', 'null'], enum: [...status.enum, null] },
    unread_count: { type: 'integer', minimum: 0 },
  },
} as const;

/** A message as answered (texting-service.ts messageView; the provider's id stays on the server). */
const messageSchema = {
  type: 'object',
  required: [
    'id',
    'conversation_id',
    'direction',
    'body',
    'status',
    'error',
    'provider',
    'sent_by',
    'read_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    conversation_id: { type: 'integer' },
    direction,
    body: { type: 'string' },
    status,
    error: { type: ['string', 'null'], description: "The provider's reason a message failed." },
    provider: { type: 'string', enum: ['twilio', 'sink'] },
    sent_by: {
      type: ['integer', 'null'],
      description: 'The user who sent it; null for inbound and automatic.',
    },
    read_at: { type: ['string', 'null'], description: 'ISO 8601 timestamp an inbound message was read.' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

/** `data` of the texting calls, by `<METHOD> <route url>`. */
export const TEXTING_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/texting/list-conversations': {
    type: 'object',
    required: ['conversations', 'unread_total'],
    properties: {
      conversations: { type: 'array', items: conversationSchema, description: 'Newest first.' },
      unread_total: { type: 'integer', minimum: 0 },
    },
  },
  'POST /api/texting/get-conversation': {
    type: 'object',
    required: ['conversation', 'messages', 'templates'],
    properties: {
      conversation: conversationSchema,
      messages: { type: 'array', items: messageSchema },
      templates: {
        type: 'array',
        description: "The company's SMS templates.",
        items: {
          type: 'object',
          required: ['id', 'name', 'body'],
          properties: { id: { type: 'integer' }, name: { type: 'string' }, body: { type: 'string' } },
        },
      },
    },
  },
  'POST /api/texting/send-message': {
    type: 'object',
    required: ['conversation_id', 'message'],
    properties: { conversation_id: { type: 'integer' }, message: messageSchema },
  },
};
