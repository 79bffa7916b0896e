/**
 * JSON Schemas of the `data` of the quote document calls that answer JSON (docs/api.md, SPEC §2
 * send-quote dialog): the e-mail templates, the e-mail's preview and send-quote, keyed by `<METHOD> <route url>`;
 * server/http/openapi-answers.ts puts each in the success envelope of its operation (the two PDF
 * downloads are declared there). docs/decisions/340-openapi-document-from-route-data.md.
 */
import { applicationSchema } from './application-response-schemas.ts';

/** `data` of the quote document calls, by `<METHOD> <route url>`. */
export const QUOTE_DOCUMENT_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/agent-portal/get-quote-email-templates': {
    type: 'object',
    required: ['templates'],
    properties: {
      templates: {
        type: 'array',
        description: "The company's e-mail templates, then the standard one (id null).",
        items: {
          type: 'object',
          required: ['id', 'name', 'subject', 'body'],
          properties: {
            id: { type: ['integer', 'null'] },
            name: { type: 'string' },
            subject: { type: 'string', description: 'With short codes such as {{address}}.' },
            body: { type: 'string', description: 'Plain text with short codes.' },
          },
        },
      },
    },
  },
  'POST /api/agent-portal/preview-quote-email': {
    type: 'object',
    required: ['subject', 'message'],
    properties: {
      subject: {
        type: 'string',
        description: 'The subject as the client receives it: short codes filled, one line.',
      },
      message: { type: 'string', description: 'The message as the client receives it: short codes filled.' },
    },
  },
  'POST /api/agent-portal/send-quote': {
    type: 'object',
    required: ['note_id', 'application'],
    properties: {
      note_id: { type: 'integer', description: 'The note that records the e-mail.' },
      application: applicationSchema,
    },
  },
};
