/**
 * JSON Schemas of the request bodies of docs/api-accounts.md, checked by Fastify at the edge.
 * As in request-schemas.ts: unknown properties are rejected, strings are bounded, and
 * `session_key` is never `required` (the auth hook answers 401 'Invalid Details' first).
 */

import type { JSONSchema } from 'json-schema-to-ts';
import { ACCESS_RULES } from '../access/access-rules.ts';
import { PARTNER_SCOPES } from '../auth/partner-scopes.ts';
import { providersFor } from '../property-data/provider-catalogue.ts';
import { PROPERTY_DATA_JOBS } from '../property-data/types.ts';
import { OUTBOX_TEMPLATE_KEYS } from '../services/outbox-entry.ts';
import { PLAN_IDS } from '../services/plans.ts';
import { BANNER_AUDIENCES, BANNER_COLORS } from '../services/portal-settings/banners-service.ts';
import { AVAILABLE_WIDGETS } from '../services/portal-settings/worker-settings.ts';
import { MFA_REQUIREMENTS } from '../services/sign-in-policy.ts';
import { CREATABLE_ROLES } from '../services/users-service.ts';
import { idSchema, sessionBodySchema, sessionKeySchema } from './request-schemas.ts';

const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const date = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' } as const;
const nullableDate = { type: ['string', 'null'], pattern: date.pattern } as const;
const email = {
  type: 'string',
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
} as const;
const password = text(200, 8);
const stateList = { type: 'array', maxItems: 60, items: text(2, 2) } as const;

/** A body of `properties` plus session_key, with `required` names. */
const body = sessionBodySchema;

/** An object item schema with every property but the `optional` ones required (items are replaced whole). */
function item<
  const Properties extends Readonly<Record<string, JSONSchema>>,
  const Optional extends readonly (keyof Properties & string)[] = [],
>(properties: Properties, optional?: Optional) {
  const names = Object.keys(properties).filter((name) => !optional?.includes(name));
  return {
    type: 'object',
    additionalProperties: false,
    // Object.keys loses the names' types; these are exactly the names not in `optional`.
    required: names as Exclude<keyof Properties & string, Optional[number]>[],
    properties,
  } as const;
}

export const emptyOpenBodySchema = body({});

export const forgotPasswordBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  // session_key is accepted (the portal's client may send it) and ignored: these calls are open.
  properties: { session_key: sessionKeySchema, email: text(254, 1) },
} as const;

export const resetPasswordBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'password'],
  properties: { session_key: sessionKeySchema, token: text(200, 1), password },
} as const;

export const changePasswordBodySchema = body({ current_password: text(200, 1), password }, [
  'current_password',
  'password',
]);

export const switchUserBodySchema = body({ user_id: idSchema }, ['user_id']);
export const switchBackBodySchema = body({ previous_session_key: text(200, 1) }, ['previous_session_key']);

export const samlStartBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { session_key: sessionKeySchema, company_id: idSchema, email: text(254, 1) },
  anyOf: [{ required: ['company_id'] }, { required: ['email'] }],
} as const;

/** auth/saml-sso-complete: the one-time code of the SAML return (ADR 748). Open: a session_key is ignored. */
export const samlCompleteBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: { session_key: sessionKeySchema, code: text(200, 1) },
} as const;

export const updateProfileBodySchema = body({
  name: text(100, 2),
  email,
  phone: nullableText(30),
});

export const userSettingsBodySchema = body(
  {
    user_settings: {
      type: 'object',
      additionalProperties: false,
      properties: {
        timezone: nullableText(64),
        email_notifications: { type: 'boolean' },
        sms_notifications: { type: 'boolean' },
        default_per_page: { enum: [10, 25, 50, 100] },
      },
    },
  },
  ['user_settings'],
);

export const listUsersBodySchema = body({
  company_id: idSchema,
  role: { enum: ['super-admin', 'admin', 'agent', 'customer'] },
  search: text(100),
});

export const userIdBodySchema = body({ user_id: idSchema }, ['user_id']);

export const createUserBodySchema = body(
  {
    name: text(100, 2),
    email,
    password,
    role: { enum: [...CREATABLE_ROLES] },
    company_id: idSchema,
    phone: nullableText(30),
    licensed_states: stateList,
  },
  // Without a password the user is invited to choose one (issue 16).
  ['name', 'email', 'role'],
);

export const updateUserBodySchema = body(
  {
    user_id: idSchema,
    name: text(100, 2),
    email,
    phone: nullableText(30),
    role: { enum: [...CREATABLE_ROLES] },
    licensed_states: stateList,
  },
  ['user_id'],
);

export const assignAgentBodySchema = body(
  { customer_user_id: idSchema, agent_id: { anyOf: [idSchema, { type: 'null' }] } },
  ['customer_user_id', 'agent_id'],
);

const companyFields = {
  name: text(200, 1),
  trial_ends_at: { type: ['string', 'null'], maxLength: 40 },
  is_trial_disabled: { type: 'boolean' },
  has_active_subscription: { type: 'boolean' },
  permissions: { type: 'array', maxItems: 100, items: text(60, 1) },
  denied_permissions: {
    type: 'array',
    maxItems: 100,
    items: { enum: ACCESS_RULES.areas.map((area) => area.permission) },
    description: 'Areas taken from the company although its plan or permissions give them (ADR 764).',
  },
  approved_states: stateList,
  plan_id: { anyOf: [{ enum: PLAN_IDS }, { type: 'null' }] },
} as const;

export const listCompaniesBodySchema = body({ search: text(100) });
export const companyIdBodySchema = body({ company_id: idSchema }, ['company_id']);
export const createCompanyBodySchema = body(companyFields, ['name']);
export const updateCompanyBodySchema = body({ company_id: idSchema, ...companyFields }, ['company_id']);
export const companyPlanBodySchema = body({ company_id: idSchema, plan_id: text(40, 1) }, [
  'company_id',
  'plan_id',
]);
export const approvedStatesBodySchema = body({ company_id: idSchema, approved_states: stateList }, [
  'company_id',
  'approved_states',
]);
export const companyLogoBodySchema = body(
  {
    company_id: idSchema,
    logo: {
      anyOf: [
        item({
          // 512 KB decoded is about 700 000 base64 characters.
          content_base64: text(700_000, 1),
          content_type: { enum: ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] },
        }),
        { type: 'null' },
      ],
    },
  },
  ['company_id', 'logo'],
);

export const changePlanBodySchema = body({ plan_id: text(40, 1) }, ['plan_id']);

/** Settings calls take an optional company_id (super-admins) besides their own fields. */
function settingsBody<
  const Properties extends Readonly<Record<string, JSONSchema>>,
  const Required extends readonly (keyof Properties & string)[] = [],
>(properties: Properties, required?: Required) {
  return body({ company_id: idSchema, ...properties }, required);
}

export const settingsGetBodySchema = settingsBody({});

export const globalSettingsBodySchema = settingsBody(
  {
    global: item({
      portal_name: nullableText(120),
      timezone: text(64, 1),
      quote_expiry_days: { type: 'integer', minimum: 1, maximum: 365 },
      support_email: { anyOf: [email, { type: 'null' }] },
      support_phone: nullableText(30),
    }),
  },
  ['global'],
);

/** Item schemas of the settings collections (docs/api-accounts.md). */
export const COLLECTION_ITEM_SCHEMAS = {
  'application-sources': item({ name: text(100, 1), is_active: { type: 'boolean' } }),
  banners: item(
    {
      message: text(500, 1),
      color: { enum: BANNER_COLORS },
      starts_on: nullableDate,
      ends_on: nullableDate,
      is_active: { type: 'boolean' },
      audience: { enum: Object.keys(BANNER_AUDIENCES) },
    },
    ['audience'],
  ),
  'email-templates': item({ name: text(100, 1), subject: text(200, 1), body: text(20_000, 1) }),
  'sms-templates': item({ name: text(100, 1), body: text(1600, 1) }),
} as const;

export const collectionCreateBodySchema = <const Item extends JSONSchema>(itemSchema: Item) =>
  settingsBody({ item: itemSchema }, ['item']);
export const collectionUpdateBodySchema = <const Item extends JSONSchema>(itemSchema: Item) =>
  settingsBody({ item_id: idSchema, item: itemSchema }, ['item_id', 'item']);
export const collectionDeleteBodySchema = settingsBody({ item_id: idSchema }, ['item_id']);

export const widgetsBodySchema = settingsBody(
  {
    widgets: item({
      enabled: { type: 'array', uniqueItems: true, maxItems: 50, items: { enum: AVAILABLE_WIDGETS } },
    }),
  },
  ['widgets'],
);

export const quoteRushBodySchema = settingsBody(
  { quote_rush: item({ enabled: { type: 'boolean' }, message: text(500) }) },
  ['quote_rush'],
);

const templateId = {
  anyOf: [{ type: 'integer', minimum: 1, maximum: 2_147_483_647 }, { type: 'null' }],
} as const;

/** portal-settings/update-auto-send (issue 14): the templates of each event and the follow-up delay. */
export const autoSendBodySchema = settingsBody(
  {
    auto_send: item({
      working_hours_only: { type: 'boolean' },
      complete: item({ email_template_id: templateId, sms_template_id: templateId }),
      timeout: item({
        email_template_id: templateId,
        sms_template_id: templateId,
        after_minutes: { type: 'integer', minimum: 5, maximum: 10_080 },
      }),
    }),
  },
  ['auto_send'],
);

/** portal-settings/preview-template: a template's texts as typed, and the application to render them for. */
export const templatePreviewBodySchema = settingsBody(
  {
    kind: { enum: ['email', 'sms'] },
    subject: text(200),
    body: text(20_000),
    application_id: idSchema,
  },
  ['kind', 'body'],
);

export const eoDetailsBodySchema = settingsBody(
  {
    eo_data: {
      anyOf: [
        item({
          carrier: text(120, 1),
          policy_number: text(60, 1),
          expiry: date,
          limit: { type: 'number', minimum: 0, maximum: 1_000_000_000 },
        }),
        { type: 'null' },
      ],
    },
  },
  ['eo_data'],
);

export const smtpBodySchema = settingsBody(
  {
    smtp: {
      anyOf: [
        item(
          {
            host: text(253, 1),
            port: { type: 'integer', minimum: 1, maximum: 65_535 },
            username: nullableText(254),
            password: nullableText(200),
            from_email: email,
            from_name: nullableText(120),
            secure: { type: 'boolean' },
          },
          ['password'],
        ),
        { type: 'null' },
      ],
    },
  },
  ['smtp'],
);

/** Twilio's account SID (AC + 32 hex), the auth token (write-only; omitted keeps it), the sending number. */
export const smsProviderBodySchema = settingsBody(
  {
    sms_provider: {
      anyOf: [
        item(
          {
            account_sid: { type: 'string', pattern: '^AC[0-9a-fA-F]{32}$' },
            auth_token: text(128, 1),
            from_number: text(30, 1),
          },
          ['auth_token'],
        ),
        { type: 'null' },
      ],
    },
  },
  ['sms_provider'],
);

export const webhookBodySchema = settingsBody({ customer_quotes_webhook_url: nullableText(2000) }, [
  'customer_quotes_webhook_url',
]);

/** list-webhook-deliveries: the newest `limit` attempts (default 50). */
export const webhookDeliveriesBodySchema = settingsBody({
  limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
});

/** portal-settings/list-outbox (issue 43): one page of the outbox, filtered; every filter optional. */
export const outboxListBodySchema = settingsBody({
  channel: { enum: ['email', 'sms'] },
  status: { enum: ['sent', 'failed'] },
  application_id: { ...idSchema, description: 'Only the messages of this application.' },
  template_key: { enum: [...OUTBOX_TEMPLATE_KEYS], description: 'Only the messages of this kind.' },
  page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
});

/** portal-settings/resend-outbox-message (issue 43): the failed message to send again. */
export const outboxResendBodySchema = settingsBody({ message_id: idSchema }, ['message_id']);

export const apiManagementBodySchema = settingsBody(
  {
    api_management: item({
      enabled: { type: 'boolean' },
      allowed_origins: { type: 'array', maxItems: 50, items: text(300, 1) },
      rate_limit_per_minute: { type: 'integer', minimum: 1, maximum: 10_000 },
    }),
  },
  ['api_management'],
);

/** portal-settings/update-sign-in-policy (issue 38, server/services/sign-in-policy.ts). */
export const signInPolicyBodySchema = settingsBody(
  {
    sign_in_policy: item({
      mfa_required: { enum: [...MFA_REQUIREMENTS] },
      saml_required: { type: 'boolean' },
      idle_timeout_minutes: { type: 'integer', minimum: 5, maximum: 720 },
    }),
  },
  ['sign_in_policy'],
);

export const samlSettingsBodySchema = settingsBody(
  {
    saml: {
      anyOf: [
        item(
          {
            entry_point: { type: 'string', maxLength: 2000, pattern: '^https://[^\\s]+$' },
            issuer: text(500, 1),
            idp_cert: nullableText(20_000),
          },
          ['idp_cert'],
        ),
        { type: 'null' },
      ],
    },
  },
  ['saml'],
);

/**
 * Property data settings: a provider per job (of those that answer it), optional key id and key;
 * a job left out keeps what the company has.
 */
export const propertyDataBodySchema = settingsBody(
  {
    property_data: {
      type: 'object',
      additionalProperties: false,
      required: ['jobs'],
      properties: {
        cache_days: { type: 'integer', minimum: 0, maximum: 365 },
        jobs: item(
          Object.fromEntries(
            PROPERTY_DATA_JOBS.map((job) => [
              job,
              item(
                { provider: { enum: providersFor(job) }, key_id: nullableText(200), key: nullableText(500) },
                ['key_id', 'key'],
              ),
            ]),
          ),
          [...PROPERTY_DATA_JOBS],
        ),
      },
    },
  },
  ['property_data'],
);

/** The scopes of a partner API key: each at most once (server/auth/partner-scopes.ts). */
const scopeList = {
  type: 'array',
  uniqueItems: true,
  maxItems: PARTNER_SCOPES.length,
  items: { enum: [...PARTNER_SCOPES] },
} as const;

export const credentialCreateBodySchema = settingsBody(
  { name: text(100, 1), scopes: { ...scopeList, default: [] } },
  ['name'],
);
export const credentialRevokeBodySchema = settingsBody({ credential_id: idSchema }, ['credential_id']);
export const credentialUpdateBodySchema = {
  ...settingsBody({ credential_id: idSchema, name: text(100, 1), scopes: scopeList }, ['credential_id']),
  anyOf: [{ required: ['name'] }, { required: ['scopes'] }],
} as const;
