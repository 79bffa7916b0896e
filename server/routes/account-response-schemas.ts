/**
 * JSON Schemas of the `data` the profile, user, company and plan calls answer
 * (docs/api-accounts.md Profile, Users, Companies, Plans and billing; SPEC §3 User and Company,
 * §6 roles and trial), keyed by `<METHOD> <route url>`; server/http/openapi-answers.ts puts each
 * in the success envelope of its operation. Objects name every field the services answer and
 * leave room for more (docs/decisions/340-openapi-document-from-route-data.md).
 */
import { PLAN_IDS } from '../services/plans.ts';
import { AUTH_ANSWER_SCHEMAS, sessionCompanySchema, userSettingsSchema } from './auth-response-schemas.ts';

const timestamp = { type: 'string', description: 'ISO 8601 timestamp.' } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;
const id = { type: 'integer' } as const;

/** UserRecord of docs/api-accounts.md (server/services/user-record-view.ts): never a password hash. */
export const userRecordSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'email',
    'phone',
    'role',
    'company',
    'agent',
    'assigned_agent_id',
    'created_at',
    'updated_at',
  ],
  properties: {
    id,
    name: { type: 'string' },
    email: { type: 'string', description: 'Stored trimmed and lower-case.' },
    phone: { type: ['string', 'null'] },
    role: { type: 'string', enum: ['super-admin', 'admin', 'agent', 'customer'] },
    company: {
      anyOf: [
        { type: 'object', required: ['id', 'name'], properties: { id, name: { type: 'string' } } },
        { type: 'null' },
      ],
    },
    agent: {
      description: 'The agent record (agents.id) of an agent, else null.',
      anyOf: [
        {
          type: 'object',
          required: ['id', 'licensed_states'],
          properties: { id, licensed_states: { ...strings, description: 'Two-letter state codes.' } },
        },
        { type: 'null' },
      ],
    },
    assigned_agent_id: {
      type: ['integer', 'null'],
      description: "A customer's agent (agents.id); null for others and unassigned customers.",
    },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const oneUser = { type: 'object', required: ['user'], properties: { user: userRecordSchema } } as const;

/**
 * CompanyRecord of docs/api-accounts.md (server/services/company-view.ts companyRecordView): the
 * company of login/me plus its user count and timestamps; every field is always present.
 */
export const companyRecordSchema = {
  ...sessionCompanySchema,
  required: [...Object.keys(sessionCompanySchema.properties), 'user_count', 'created_at', 'updated_at'],
  properties: {
    ...sessionCompanySchema.properties,
    trial_remaining_days: { type: 'integer', description: 'Days left of the trial, rounded up (SPEC §6).' },
    eo_expiry_days: {
      type: ['integer', 'null'],
      description: 'Days to eo_data.expiry, rounded up; null when missing or invalid.',
    },
    user_count: { type: 'integer', description: 'Users of the company.' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const oneCompany = {
  type: 'object',
  required: ['company'],
  properties: { company: companyRecordSchema },
} as const;

/** Plan of docs/api-accounts.md (server/config/plans.json). */
const planSchema = {
  type: 'object',
  required: ['id', 'name', 'price_monthly', 'max_users', 'features', 'permissions'],
  properties: {
    id: { type: 'string', enum: PLAN_IDS },
    name: { type: 'string' },
    price_monthly: { type: 'number', description: 'Dollars per month.' },
    max_users: { type: ['integer', 'null'], description: 'Users the plan allows; null: unlimited.' },
    features: {
      ...strings,
      description: 'What the plan sells besides its areas: support, for one (ADR 764).',
    },
    permissions: {
      ...strings,
      description: 'The areas the plan opens (ADR 320); the plans page lists them (ADR 764).',
    },
  },
} as const;

/** `data` of the profile, user, company and plan calls, by `<METHOD> <route url>`. */
export const ACCOUNT_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/profile/update': AUTH_ANSWER_SCHEMAS['POST /api/auth/me'],
  'POST /api/profile/update-settings': {
    type: 'object',
    required: ['user_settings'],
    properties: { user_settings: userSettingsSchema },
  },
  'POST /api/users/list': {
    type: 'object',
    required: ['users'],
    properties: { users: { type: 'array', description: 'By name.', items: userRecordSchema } },
  },
  'POST /api/users/get': oneUser,
  'POST /api/users/create': {
    type: 'object',
    required: ['user', 'invitation'],
    properties: {
      user: userRecordSchema,
      invitation: {
        description:
          'Null when a password was given; else the set-password invitation (a link valid 72 hours, ADR 294).',
        anyOf: [
          {
            type: 'object',
            required: ['sent_to', 'expires_at', 'delivered'],
            properties: {
              sent_to: { type: 'string', description: "The user's e-mail." },
              expires_at: { ...timestamp, description: 'When the link stops working (ISO 8601).' },
              delivered: {
                type: 'boolean',
                description: 'False when the mail could not be sent (the user can use Forgot password).',
              },
            },
          },
          { type: 'null' },
        ],
      },
    },
  },
  'POST /api/users/update': oneUser,
  'POST /api/users/delete': {
    type: 'object',
    required: ['deleted_id'],
    properties: { deleted_id: { ...id, description: 'The id of the user deleted.' } },
  },
  'POST /api/users/assign-agent': oneUser,
  'POST /api/companies/list': {
    type: 'object',
    required: ['companies'],
    properties: { companies: { type: 'array', items: companyRecordSchema } },
  },
  'POST /api/companies/get': oneCompany,
  'POST /api/companies/create': oneCompany,
  'POST /api/companies/update': oneCompany,
  'POST /api/companies/change-plan': oneCompany,
  'POST /api/companies/set-approved-states': oneCompany,
  'POST /api/companies/set-logo': oneCompany,
  'POST /api/plans/list': {
    type: 'object',
    required: [
      'plans',
      'current_plan_id',
      'has_active_subscription',
      'is_trial_active',
      'trial_remaining_days',
      'payments_configured',
      'billing_portal_configured',
    ],
    properties: {
      plans: { type: 'array', description: 'Cheapest first.', items: planSchema },
      current_plan_id: { type: ['string', 'null'], description: "The caller company's plan, or null." },
      has_active_subscription: { type: 'boolean' },
      is_trial_active: { type: 'boolean' },
      trial_remaining_days: { type: 'integer', description: 'Days, rounded up; 0 without a company.' },
      payments_configured: {
        type: 'boolean',
        description: 'Stripe keys are set (plans change through Checkout).',
      },
      billing_portal_configured: {
        type: 'boolean',
        description: 'Payments are configured and the company is a Stripe customer.',
      },
    },
  },
  'POST /api/plans/change-plan': {
    type: 'object',
    required: ['company', 'redirect_url'],
    properties: {
      company: {
        ...companyRecordSchema,
        description: 'The company (unchanged for an admin: Stripe decides).',
      },
      redirect_url: {
        type: ['string', 'null'],
        description:
          "An admin's Stripe Checkout Session or billing-portal plan-update URL; null for a super-admin (the plan changed at once).",
      },
    },
  },
};
