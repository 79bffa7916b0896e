/**
 * JSON Schemas of the `data` of the audit trail and privacy request calls (issue 38), keyed by
 * `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the success envelope of its
 * operation (docs/decisions/340-openapi-document-from-route-data.md).
 */

const nullableInteger = { type: ['integer', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;

/** One audit event (server/services/audit-service.ts AuditEventView). */
export const auditEventSchema = {
  type: 'object',
  required: [
    'id',
    'occurred_at',
    'action',
    'actor_user_id',
    'actor_name',
    'acting_as_user_id',
    'acting_as_name',
    'company_id',
    'target_type',
    'target_id',
    'client_address',
    'details',
  ],
  properties: {
    id: { type: 'integer' },
    occurred_at: { type: 'string', description: 'ISO 8601, UTC.' },
    action: { type: 'string', description: 'e.g. auth.login, user.role_changed, person.erased.' },
    actor_user_id: {
      ...nullableInteger,
      description: 'The person: the user who signed in (a switched session’s origin).',
    },
    actor_name: { ...nullableString, description: 'null once the user is deleted.' },
    acting_as_user_id: { ...nullableInteger, description: 'Whom the person acted as.' },
    acting_as_name: nullableString,
    company_id: { ...nullableInteger, description: 'The agency whose trail shows the event.' },
    target_type: nullableString,
    target_id: nullableString,
    client_address: nullableString,
    details: {
      type: 'object',
      additionalProperties: true,
      description: 'Facts of the action (never a secret).',
    },
  },
} as const;

/** How many records of each kind a privacy request found (export) or erased (erase). */
const personCounts = {
  type: 'object',
  required: [
    'users',
    'contacts',
    'applications',
    'text_conversations',
    'text_messages',
    'webhook_deliveries',
    'outbox_messages',
  ],
  properties: Object.fromEntries(
    [
      'users',
      'contacts',
      'applications',
      'text_conversations',
      'text_messages',
      'webhook_deliveries',
      'outbox_messages',
    ].map((k) => [k, { type: 'integer' }]),
  ),
} as const;

const recordList = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/** `data` of the audit and privacy calls, by `<METHOD> <route url>`. */
export const SECURITY_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/audit/list': {
    type: 'object',
    required: ['events', 'page', 'per_page', 'total'],
    properties: {
      events: { type: 'array', items: auditEventSchema },
      page: { type: 'integer' },
      per_page: { type: 'integer' },
      total: { type: 'integer', description: 'Events matching the filters in all.' },
    },
  },
  'POST /api/privacy/export-person': {
    type: 'object',
    required: ['counts', 'records'],
    properties: {
      counts: personCounts,
      records: {
        type: 'object',
        required: [
          'users',
          'contacts',
          'applications',
          'text_conversations',
          'webhook_deliveries',
          'outbox_messages',
        ],
        properties: {
          users: { ...recordList, description: 'Accounts with the e-mail (no password hash).' },
          contacts: recordList,
          applications: {
            ...recordList,
            description: 'Linked to a contact or the customer, or naming the e-mail.',
          },
          text_conversations: {
            ...recordList,
            description: 'With a contact’s phone, each with its messages.',
          },
          webhook_deliveries: recordList,
          outbox_messages: {
            ...recordList,
            description: 'Of those applications, or sent to the e-mail or a contact’s phone (issue 43).',
          },
        },
      },
    },
  },
  'POST /api/privacy/erase-person': {
    type: 'object',
    required: ['counts'],
    properties: {
      counts: {
        type: 'object',
        description:
          'Records erased: deleted (contacts, conversations, deliveries, outbox messages) or anonymised (applications, customer accounts).',
        additionalProperties: { type: 'integer' },
      },
    },
  },
  'POST /api/audit/export-csv': {
    type: 'object',
    required: ['file_name', 'rows', 'csv'],
    properties: {
      file_name: { type: 'string' },
      rows: { type: 'integer', description: 'Events in the file (newest first, at most 50,000).' },
      csv: { type: 'string', description: 'The CSV text: a header row, then one row per event.' },
    },
  },
};
