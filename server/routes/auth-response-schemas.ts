/**
 * JSON Schemas of the `data` the sign-in calls answer (docs/api.md Auth, docs/api-accounts.md),
 * keyed by `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the success
 * envelope of its operation. Objects name the fields the portal reads and leave room for more
 * (docs/decisions/340-openapi-document-from-route-data.md).
 */

const strings = { type: 'array', items: { type: 'string' } } as const;
const nullableString = { type: ['string', 'null'] } as const;

/** The signed-in user (docs/api.md Auth `user`). */
export const sessionUserSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'role', 'agent', 'customer_id', 'mga_company', 'user_accesses_final'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    phone: nullableString,
    role: { type: 'string', enum: ['super-admin', 'admin', 'agent', 'customer'] },
    agent: {
      anyOf: [
        {
          type: 'object',
          required: ['id', 'licensed_states'],
          properties: { id: { type: 'integer' }, licensed_states: strings },
        },
        { type: 'null' },
      ],
    },
    customer_id: { type: ['integer', 'null'] },
    assigned_agent_id: { type: ['integer', 'null'] },
    mga_company: {
      // null for a super-admin of no company (the first one of a production database, issue 39).
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    user_accesses_final: strings,
    eo_expiry: { ...nullableString, description: 'YYYY-MM-DD or null.' },
  },
} as const;

/** A company's E&O coverage as stored (SPEC §3 eo_data; server/db/schema.ts EoData), or null. */
export const eoDataSchema = {
  description: "The company's E&O coverage, or null.",
  anyOf: [
    {
      type: 'object',
      properties: {
        carrier: nullableString,
        policy_number: nullableString,
        expiry: { ...nullableString, description: 'YYYY-MM-DD.' },
        limit: { type: ['number', 'null'], description: 'Dollars.' },
      },
    },
    { type: 'null' },
  ],
} as const;

/** The signed-in user's company (docs/api.md Auth `company`, docs/api-accounts.md). */
export const sessionCompanySchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'trial_ends_at',
    'trial_remaining_days',
    'has_active_subscription',
    'is_trial_disabled',
    'permissions',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    trial_ends_at: nullableString,
    trial_remaining_days: { type: 'integer' },
    is_trial_active: { type: 'boolean' },
    has_active_subscription: { type: 'boolean' },
    is_trial_disabled: { type: 'boolean' },
    permissions: { ...strings, description: 'Areas the company has beyond its plan (ADR 320).' },
    denied_permissions: {
      ...strings,
      description: 'Areas taken from the company although its plan or permissions give them (ADR 764).',
    },
    stripe_id: nullableString,
    approved_states: strings,
    plan: {
      anyOf: [
        {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'string' }, name: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
    logo_url: nullableString,
    eo_data: eoDataSchema,
    eo_expiry_days: { type: ['integer', 'null'] },
    is_testing_company: { type: 'boolean' },
    is_extra_testing_company: { type: 'boolean' },
    dashboard_widgets: strings,
    quote_rush: {
      type: 'object',
      properties: { enabled: { type: 'boolean' }, message: { type: 'string' } },
    },
    portal_name: nullableString,
    timezone: { type: 'string' },
    support_email: nullableString,
    support_phone: nullableString,
    application_sources: strings,
  },
} as const;

/** The user's own settings (docs/api-accounts.md `user_settings`). */
export const userSettingsSchema = {
  type: 'object',
  required: ['timezone', 'email_notifications', 'sms_notifications', 'default_per_page'],
  properties: {
    timezone: nullableString,
    email_notifications: { type: 'boolean' },
    sms_notifications: { type: 'boolean' },
    default_per_page: { type: 'integer', enum: [10, 25, 50, 100] },
  },
} as const;

const sessionSchema = (withKey: boolean) => ({
  type: 'object',
  required: [...(withKey ? ['session_key'] : []), 'user', 'company', 'user_settings'],
  properties: {
    ...(withKey ? { session_key: { type: 'string' } } : {}),
    user: sessionUserSchema,
    // A super-admin may belong to no company (the first one of a production database, issue 39).
    company: { ...sessionCompanySchema, type: ['object', 'null'] },
    user_settings: userSettingsSchema,
  },
});

/** The second sign-in step of issue 38: no session until auth/mfa/verify (or totp-confirm). */
const mfaStepSchema = {
  type: 'object',
  required: ['mfa_required', 'mfa_token', 'enrolment_required', 'methods'],
  properties: {
    mfa_required: { const: true },
    mfa_token: { type: 'string', description: 'For auth/mfa/verify; valid 10 minutes, 5 wrong codes.' },
    enrolment_required: {
      type: 'boolean',
      description: 'The company requires a second factor the user has not set up: enrol with the token.',
    },
    methods: { type: 'array', items: { type: 'string', enum: ['totp', 'recovery_code', 'passkey'] } },
  },
} as const;

/** The session a completed sign-in answers (login without a second factor, auth/mfa/verify). */
export const signedInSchema = sessionSchema(true);

/** `data` of the sign-in calls, by `<METHOD> <route url>`. */
export const AUTH_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/auth/login': { anyOf: [mfaStepSchema, signedInSchema] },
  'POST /api/auth/me': sessionSchema(false),
  'POST /api/auth/logout': { type: 'null' },
  'POST /api/auth/forgot-password': { type: 'null' },
  'POST /api/auth/reset-password': { type: 'null' },
  'POST /api/auth/change-password': { type: 'null' },
  'POST /api/auth/switch-back': sessionSchema(true),
  'POST /api/auth/saml-sso-complete': signedInSchema,
  'POST /api/auth/switch-user': {
    ...sessionSchema(true),
    required: ['session_key', 'user', 'company', 'user_settings', 'previous_user'],
    properties: {
      ...sessionSchema(true).properties,
      previous_user: {
        type: 'object',
        required: ['session_key', 'user'],
        properties: { session_key: { type: 'string' }, user: sessionUserSchema },
      },
    },
  },
};
