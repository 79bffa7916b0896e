/**
 * JSON Schemas of the `data` the schema studio's safety calls answer (issue 37;
 * schema-studio-safety-routes.ts), keyed by `<METHOD> <route url>`, for the OpenAPI document.
 */

const ids = { type: 'array', items: { type: 'integer' }, description: 'Up to 5 application ids.' } as const;
const names = {
  type: 'array',
  items: { type: 'string' },
  description: 'Saved test documents and examples (up to 5).',
} as const;
const counted = {
  count: { type: 'integer', description: 'Stored applications it touches.' },
  sample_application_ids: ids,
  test_documents: names,
} as const;
const countedRequired = ['count', 'sample_application_ids', 'test_documents'];
const gainedOrLost = { type: 'string', enum: ['gained', 'lost'] } as const;

/** The impact report (server/services/impact-report.ts ImpactReport). */
const impactReport = {
  type: 'object',
  required: [
    'version',
    'applications_checked',
    'test_documents_checked',
    'values_no_longer_allowed',
    'message_changes',
    'field_changes',
    'outcome_changes',
    'changes_stored_applications',
    'checked_at',
  ],
  properties: {
    version: { type: 'integer' },
    applications_checked: { type: 'integer', description: 'Stored in-progress applications replayed.' },
    test_documents_checked: { type: 'integer' },
    values_no_longer_allowed: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'value', ...countedRequired],
        properties: { field: { type: 'string' }, value: {}, ...counted },
      },
    },
    message_changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['change', 'field', 'rule_id', 'message', ...countedRequired],
        properties: {
          change: gainedOrLost,
          field: { type: 'string' },
          rule_id: { type: 'string' },
          message: { type: 'string' },
          ...counted,
        },
      },
    },
    field_changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['change', 'field', ...countedRequired],
        properties: {
          change: { type: 'string', enum: ['appears', 'disappears'] },
          field: { type: 'string' },
          ...counted,
        },
      },
    },
    outcome_changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['change', 'table_id', 'question_id', 'outcome', 'message', ...countedRequired],
        properties: {
          change: gainedOrLost,
          table_id: { type: 'string' },
          question_id: { type: 'string' },
          outcome: { type: 'string', enum: ['block', 'warning'] },
          message: { type: 'string' },
          ...counted,
        },
      },
    },
    changes_stored_applications: {
      type: 'boolean',
      description:
        'A refused value, a message or an outcome changes for a stored application: publish needs accept_impact.',
    },
    checked_at: { type: 'string', description: 'ISO 8601 timestamp.' },
  },
} as const;

/** impact and impact-status (schema-impact-service.ts ImpactView). */
const impactView = {
  type: 'object',
  required: ['job_id', 'status', 'progress', 'impact', 'error'],
  properties: {
    job_id: { type: ['integer', 'null'], description: 'The impact job; null when answered at once.' },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
    progress: {
      type: ['object', 'null'],
      required: ['applications_checked', 'applications_total'],
      properties: { applications_checked: { type: 'integer' }, applications_total: { type: 'integer' } },
    },
    impact: { anyOf: [impactReport, { type: 'null' }] },
    error: { type: ['string', 'null'] },
  },
} as const;

export const SCHEMA_STUDIO_SAFETY_ANSWER_SCHEMAS: Record<string, object> = {
  'POST /api/schema-studio/impact': impactView,
  'POST /api/schema-studio/impact-status': impactView,
  'POST /api/schema-studio/approve': {
    type: 'object',
    required: ['version', 'approved_by'],
    properties: {
      version: { type: 'integer' },
      approved_by: { type: 'integer', description: 'The approver’s user id.' },
    },
  },
  'POST /api/schema-studio/version-history': {
    type: 'object',
    required: ['approval_required', 'events'],
    properties: {
      approval_required: {
        type: 'boolean',
        description: 'Publishing needs a second super-admin’s approval.',
      },
      events: {
        type: 'array',
        description: 'Newest first.',
        items: {
          type: 'object',
          required: [
            'id',
            'version',
            'action',
            'user_id',
            'user_name',
            'published_version',
            'accepted_impact',
            'at',
          ],
          properties: {
            id: { type: 'integer' },
            version: { type: 'integer', description: 'The version acted on.' },
            action: { type: 'string', enum: ['publish', 'approve', 'roll-back'] },
            user_id: { type: 'integer' },
            user_name: { type: ['string', 'null'] },
            published_version: {
              type: ['integer', 'null'],
              description: 'The version a publish or roll-back stored.',
            },
            accepted_impact: { type: 'boolean' },
            at: { type: 'string', description: 'ISO 8601 timestamp.' },
          },
        },
      },
    },
  },
};
