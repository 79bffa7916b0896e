/**
 * JSON Schemas of the `data` of the client contact calls (docs/api.md Contacts), keyed by
 * `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the success envelope of its
 * operation (docs/decisions/340-openapi-document-from-route-data.md).
 */

const nullableString = { type: ['string', 'null'] } as const;

/** A client contact (server/services/contacts-service.ts ContactView). */
export const contactSchema = {
  type: 'object',
  required: [
    'id',
    'owned_type',
    'business_name',
    'first_name',
    'last_name',
    'phone',
    'email',
    'name',
    'company_id',
    'agent_id',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer', description: 'What an application names in client_name_id (as text).' },
    owned_type: { type: 'string', enum: ['Individual Owned', 'Business Owned'] },
    business_name: { ...nullableString, description: 'Only for Business Owned.' },
    first_name: nullableString,
    last_name: nullableString,
    phone: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string', description: '"First Last", else the business name, else the e-mail.' },
    company_id: { type: 'integer' },
    agent_id: { type: ['integer', 'null'], description: 'The agent whose book it is; null: the agency’s.' },
    created_at: { type: 'string', description: 'ISO 8601.' },
    updated_at: { type: 'string', description: 'ISO 8601.' },
  },
} as const;

const oneContact = { type: 'object', required: ['contact'], properties: { contact: contactSchema } } as const;

/** `data` of the contact calls, by `<METHOD> <route url>`. */
export const CONTACT_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/agent-portal/create-contact': {
    type: 'object',
    required: ['contact', 'application_id'],
    properties: {
      contact: contactSchema,
      application_id: {
        type: ['integer', 'null'],
        description: 'The application now naming the contact in client_name_id; null when none was given.',
      },
    },
  },
  'POST /api/agent-portal/get-contact': oneContact,
  'POST /api/agent-portal/update-contact': oneContact,
};
