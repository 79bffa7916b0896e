/**
 * JSON Schemas of the `data` the portal settings calls answer (docs/api-accounts.md Portal
 * settings, Customer quotes webhook; server/services/portal-settings/company-settings-service.ts settingsView),
 * keyed by `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the success
 * envelope of its operation. Secrets are write-only: the settings carry `has_password`,
 * `has_auth_token`, `has_idp_cert`, `has_webhook_secret` and `has_key` instead; the webhook
 * signing secret alone is answered, once, by the two calls that generate it
 * (docs/decisions/340-openapi-document-from-route-data.md, 221-webhook-signature-and-secret.md).
 */
import { PROVIDER_NAMES } from '../property-data/provider-catalogue.ts';
import { PROPERTY_DATA_JOBS } from '../property-data/types.ts';
import { OUTBOX_TEMPLATE_KEYS } from '../services/outbox-entry.ts';
import { BANNER_AUDIENCES, BANNER_COLORS } from '../services/portal-settings/banners-service.ts';
import { COLLECTIONS } from '../services/portal-settings/settings-collections.ts';
import { AVAILABLE_WIDGETS } from '../services/portal-settings/worker-settings.ts';
import { MFA_REQUIREMENTS } from '../services/sign-in-policy.ts';
import { eoDataSchema } from './auth-response-schemas.ts';

const timestamp = { type: 'string', description: 'ISO 8601 timestamp.' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullableDate = { type: ['string', 'null'], description: 'YYYY-MM-DD, or null: open.' } as const;
const id = { type: 'integer' } as const;
const templateId = {
  type: ['integer', 'null'],
  description: 'A template id, or null: nothing sent.',
} as const;
const provider = { type: 'string', enum: PROVIDER_NAMES } as const;

/** An object schema whose properties are all required but those named `optional`. */
function record(properties: Record<string, object>, optional: string[] = []) {
  return {
    type: 'object',
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    properties,
  } as const;
}

/** A dynamic banner (docs/api-accounts.md); `audience` absent means everyone. */
const bannerSchema = record(
  {
    id,
    message: { type: 'string' },
    color: { type: 'string', enum: BANNER_COLORS },
    starts_on: nullableDate,
    ends_on: nullableDate,
    is_active: { type: 'boolean' },
    audience: { type: 'string', enum: Object.keys(BANNER_AUDIENCES) },
  },
  ['audience'],
);

const autoSendEvent = { email_template_id: templateId, sms_template_id: templateId };

/** The settings answer of every portal-settings read and write (settingsView). */
export const portalSettingsSchema = record({
  company_id: id,
  global: record({
    portal_name: { ...nullableString, description: "Null: the product's own name." },
    timezone: { type: 'string', description: 'IANA zone name, e.g. America/New_York.' },
    quote_expiry_days: {
      type: 'integer',
      minimum: 1,
      maximum: 365,
      description: 'Days a premium is offered.',
    },
    support_email: nullableString,
    support_phone: nullableString,
  }),
  application_sources: {
    type: 'array',
    items: record({ id, name: { type: 'string' }, is_active: { type: 'boolean' } }),
  },
  banners: { type: 'array', items: bannerSchema },
  widgets: record({
    enabled: { type: 'array', items: { type: 'string', enum: AVAILABLE_WIDGETS } },
  }),
  available_widgets: { type: 'array', items: { type: 'string', enum: AVAILABLE_WIDGETS } },
  quote_rush: record({ enabled: { type: 'boolean' }, message: { type: 'string' } }),
  eo_data: eoDataSchema,
  eo_expiry_days: {
    type: ['integer', 'null'],
    description: 'Days to eo_data.expiry, rounded up; null when missing or invalid.',
  },
  smtp: {
    description: 'The SMTP server, or null: the product mails. The password is never answered.',
    anyOf: [
      record({
        host: { type: 'string' },
        port: { type: 'integer', minimum: 1, maximum: 65_535 },
        username: nullableString,
        from_email: { type: 'string' },
        from_name: nullableString,
        secure: { type: 'boolean' },
        has_password: { type: 'boolean' },
      }),
      { type: 'null' },
    ],
  },
  email_templates: {
    type: 'array',
    items: record({ id, name: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } }),
  },
  sms_templates: { type: 'array', items: record({ id, name: { type: 'string' }, body: { type: 'string' } }) },
  short_codes: {
    type: 'array',
    items: record({
      code: { type: 'string', examples: ['{{first_name}}'] },
      description: { type: 'string' },
    }),
  },
  customer_quotes_webhook_url: nullableString,
  has_webhook_secret: {
    type: 'boolean',
    description: 'A signing secret is stored (it is never answered here).',
  },
  api_management: record({
    enabled: { type: 'boolean' },
    allowed_origins: { type: 'array', items: { type: 'string' } },
    rate_limit_per_minute: { type: 'integer', minimum: 1, maximum: 10_000, description: 'Calls a minute.' },
  }),
  sms_provider: {
    description: "Twilio's account SID and sending number (E.164), or null: texts go to the local sink.",
    anyOf: [
      record({
        account_sid: { type: 'string' },
        from_number: { type: 'string', examples: ['+13055550100'] },
        has_auth_token: { type: 'boolean' },
      }),
      { type: 'null' },
    ],
  },
  saml: {
    anyOf: [
      record({
        entry_point: { type: 'string' },
        issuer: { type: 'string' },
        has_idp_cert: { type: 'boolean' },
      }),
      { type: 'null' },
    ],
  },
  sign_in_policy: record({
    mfa_required: {
      type: 'string',
      enum: [...MFA_REQUIREMENTS],
      description: 'Who must use a second factor.',
    },
    saml_required: { type: 'boolean', description: 'Password sign-in is refused (SAML set up).' },
    idle_timeout_minutes: { type: 'integer', description: 'Minutes a session may go unused.' },
  }),
  property_data: record({
    cache_days: { type: 'integer', description: 'Days a provider answer is reused.' },
    available: record(
      Object.fromEntries(
        PROPERTY_DATA_JOBS.map((job) => [
          job,
          {
            type: 'array',
            description: `The providers that may answer ${job}, sandbox first.`,
            items: record({
              provider,
              label: { type: 'string' },
              needs_key: { type: 'boolean' },
              key_id: { type: 'boolean', description: 'The key has a public id part besides the secret.' },
            }),
          },
        ]),
      ),
    ),
    jobs: record(
      Object.fromEntries(
        PROPERTY_DATA_JOBS.map((job) => [
          job,
          record({ provider, key_id: nullableString, has_key: { type: 'boolean' } }),
        ]),
      ),
    ),
  }),
  auto_send: record({
    working_hours_only: { type: 'boolean' },
    complete: record(autoSendEvent),
    timeout: record({
      ...autoSendEvent,
      after_minutes: {
        type: 'integer',
        minimum: 5,
        maximum: 10_080,
        description: 'Minutes after the launch.',
      },
    }),
  }),
});

const settingsAnswer = record({ settings: portalSettingsSchema });

/** The webhook signing secret, answered only by the call that generated it. */
const webhookSecret = {
  type: 'string',
  description:
    'The new signing secret of X-Portal-Signature, shown only in this answer (stored write-only; copy it now).',
} as const;

/** A customer quotes webhook delivery attempt (webhook-deliveries-service.ts deliveryView). */
const deliverySchema = record({
  id,
  event: { type: 'string', enum: ['quotes.completed', 'test'] },
  delivery_id: {
    type: 'string',
    description: 'Shared by every attempt of one delivery (X-Portal-Delivery).',
  },
  application_id: { type: ['integer', 'null'] },
  attempt: { type: 'integer', minimum: 1 },
  url: { type: 'string' },
  outcome: {
    type: 'string',
    enum: ['sending', 'delivered', 'retrying', 'failed', 'refused', 'interrupted'],
  },
  status_code: { type: ['integer', 'null'], description: "The receiver's HTTP status." },
  duration_ms: { type: ['integer', 'null'], description: 'Milliseconds.' },
  error: nullableString,
  response_excerpt: { ...nullableString, description: "The first 500 characters of the receiver's answer." },
  created_at: timestamp,
  finished_at: { ...nullableString, description: 'ISO 8601 timestamp, or null while sending.' },
});

/** A message of the outbox (outbox-service.ts outboxMessageView; issue 43). */
const outboxMessageSchema = record({
  id,
  application_id: { type: ['integer', 'null'], description: 'The application the message is about, if any.' },
  application_reference: { ...nullableString, description: 'The application as the portal names it.' },
  channel: { type: 'string', enum: ['email', 'sms'] },
  template_key: {
    type: 'string',
    enum: [...OUTBOX_TEMPLATE_KEYS],
    description: 'Which message it is, by the `sent_by` name of its note.',
  },
  recipient: { type: 'string', description: 'The e-mail address, or the phone number in E.164.' },
  subject: { ...nullableString, description: 'The e-mail subject; null for a text.' },
  body: { type: 'string', description: 'The text as sent.' },
  attachment_name: {
    ...nullableString,
    description: 'The file a failed e-mail carries and a resend sends again; null once sent.',
  },
  status: { type: 'string', enum: ['sent', 'failed'] },
  error: { ...nullableString, description: 'Why the last attempt failed.' },
  attempts: { type: 'integer', minimum: 1 },
  triggered_by: { type: ['integer', 'null'], description: 'The user who sent it; null: sent automatically.' },
  triggered_by_name: nullableString,
  created_at: timestamp,
  sent_at: {
    ...nullableString,
    description: 'ISO 8601 timestamp of the attempt that sent it; null while failed.',
  },
});

/** The settings writes of the item collections (create, update, delete each). */
const collectionWrites = Object.fromEntries(
  Object.keys(COLLECTIONS).flatMap((name) =>
    ['create', 'update', 'delete'].map((verb) => [
      `POST /api/portal-settings/${name}/${verb}`,
      settingsAnswer,
    ]),
  ),
);

/** `data` of the portal settings calls, by `<METHOD> <route url>`. */
export const SETTINGS_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/portal-settings/get': settingsAnswer,
  'POST /api/portal-settings/update-global': settingsAnswer,
  'POST /api/portal-settings/update-widgets': settingsAnswer,
  'POST /api/portal-settings/update-quote-rush': settingsAnswer,
  'POST /api/portal-settings/update-auto-send': settingsAnswer,
  'POST /api/portal-settings/preview-template': record({
    preview: record({
      subject: { ...nullableString, description: 'The rendered subject; null for an SMS.' },
      body: { type: 'string' },
      sample: { type: 'boolean', description: 'Rendered for the sample client (no application chosen).' },
    }),
  }),
  'POST /api/portal-settings/update-eo-details': settingsAnswer,
  'POST /api/portal-settings/update-smtp': settingsAnswer,
  'POST /api/portal-settings/update-sms-provider': settingsAnswer,
  'POST /api/portal-settings/update-webhook': {
    ...settingsAnswer,
    properties: {
      ...settingsAnswer.properties,
      webhook_secret: {
        ...webhookSecret,
        description: `${webhookSecret.description} Present only when the first URL is saved without a stored secret.`,
      },
    },
  },
  'POST /api/portal-settings/rotate-webhook-secret': record({
    settings: portalSettingsSchema,
    webhook_secret: webhookSecret,
  }),
  'POST /api/portal-settings/list-webhook-deliveries': record({
    deliveries: { type: 'array', description: 'Newest first.', items: deliverySchema },
  }),
  'POST /api/portal-settings/send-test-webhook': record({ delivery: deliverySchema }),
  'POST /api/portal-settings/list-outbox': record({
    messages: { type: 'array', description: 'Newest first.', items: outboxMessageSchema },
    page: { type: 'integer' },
    per_page: { type: 'integer' },
    total: { type: 'integer', description: 'Messages matching the filters in all.' },
  }),
  'POST /api/portal-settings/resend-outbox-message': record({ message: outboxMessageSchema }),
  'POST /api/portal-settings/update-api-management': settingsAnswer,
  'POST /api/portal-settings/update-saml': settingsAnswer,
  'POST /api/portal-settings/update-sign-in-policy': settingsAnswer,
  'POST /api/portal-settings/update-property-data': settingsAnswer,
  ...collectionWrites,
  'POST /api/portal-settings/active-banners': record({
    banners: {
      type: 'array',
      description:
        "Active banners of the caller's company for today and the caller's role, short codes filled in.",
      items: bannerSchema,
    },
  }),
};
