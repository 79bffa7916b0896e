/**
 * Shapes of the administration calls, as /work/wt-i4-server/docs/api-accounts.md publishes them
 * (users, companies, plans, portal settings, API credentials). Dates `YYYY-MM-DD`, money in dollars.
 */
import type { CreatableRole, Role } from './admin-roles.ts';

/** A user as users/list and users/get answer it. */
export interface UserRecord {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  company: { id: number; name: string } | null;
  agent: { id: number; licensed_states: string[] } | null;
  assigned_agent_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Body of users/create (without session_key). */
export interface CreateUserBody {
  name: string;
  email: string;
  role: CreatableRole;
  company_id?: number;
  phone?: string;
  licensed_states?: string[];
}

/** Body of users/update (without session_key): only what changes. */
export interface UpdateUserBody {
  user_id: number;
  name?: string;
  email?: string;
  phone?: string | null;
  role?: CreatableRole;
  licensed_states?: string[];
}

/** E&O coverage of a company: limit in dollars, expiry `YYYY-MM-DD`. */
export interface EoData {
  carrier: string;
  policy_number: string;
  expiry: string;
  limit: number;
}

/** A company as companies/list and companies/get answer it. */
export interface CompanyRecord {
  id: number;
  name: string;
  trial_ends_at: string | null;
  trial_remaining_days: number | null;
  is_trial_active: boolean;
  is_trial_disabled: boolean;
  has_active_subscription: boolean;
  permissions: string[];
  stripe_id: string | null;
  approved_states: string[];
  plan: { id: string; name: string } | null;
  logo_url: string | null;
  eo_data: EoData | null;
  eo_expiry_days: number | null;
  is_testing_company: boolean;
  is_extra_testing_company: boolean;
  user_count: number;
  created_at: string;
  updated_at: string;
}

/** Editable fields of companies/create and companies/update. */
export interface CompanyFields {
  name: string;
  trial_ends_at: string | null;
  is_trial_disabled: boolean;
  has_active_subscription: boolean;
  permissions: string[];
}

/** A plan of plans/list; price in dollars a month, max_users null = unlimited. */
export interface Plan {
  id: string;
  name: string;
  price_monthly: number;
  max_users: number | null;
  features: string[];
}

/** `data` of plans/list. */
export interface PlansList {
  plans: Plan[];
  current_plan_id: string | null;
  has_active_subscription: boolean;
  is_trial_active: boolean;
  trial_remaining_days: number | null;
  billing_portal_configured: boolean;
}

/** Global settings of a company. */
export interface GlobalSettings {
  portal_name: string | null;
  /** IANA time zone, e.g. America/New_York. */
  timezone: string;
  /** Days a quote stays valid, 1..365. */
  quote_expiry_days: number;
  support_email: string | null;
  support_phone: string | null;
}

/** An application source (where applications come from). */
export interface ApplicationSource {
  id: number;
  name: string;
  is_active: boolean;
}

/** Colours a dynamic banner may have. */
export const BANNER_COLORS = ['blue', 'green', 'yellow', 'orange', 'red', 'gray'] as const;

/** A dynamic banner; dates `YYYY-MM-DD` or null for open-ended. */
export interface Banner {
  id: number;
  message: string;
  color: (typeof BANNER_COLORS)[number];
  starts_on: string | null;
  ends_on: string | null;
  is_active: boolean;
  /** Who sees it (server/config/portal-settings-options.json banner_audiences); absent: everyone. */
  audience?: BannerAudience;
}

/** Banner audiences, in the order the banners dialog offers them. */
export const BANNER_AUDIENCES = ['everyone', 'admins', 'agents', 'customers'] as const;
export type BannerAudience = (typeof BANNER_AUDIENCES)[number];

/** SMTP settings as answered: the password is never sent back, only whether one is set. */
export interface SmtpSettings {
  host: string;
  port: number;
  username: string;
  from_email: string;
  from_name: string;
  secure: boolean;
  has_password: boolean;
}

/** A property data job (issue 15). */
export type PropertyDataJob = 'address' | 'characteristics' | 'flood_zone';

/** A provider that may answer a job; `needs_key` / `key_id`: what the company must give it. */
export interface PropertyDataProviderChoice {
  provider: string;
  label: string;
  needs_key: boolean;
  key_id: boolean;
}

/** Property data settings as answered: the key is never sent back, only whether one is set. */
export interface PropertyDataSettings {
  cache_days: number;
  available: Record<PropertyDataJob, PropertyDataProviderChoice[]>;
  jobs: Record<PropertyDataJob, { provider: string; key_id: string | null; has_key: boolean }>;
}

/** An e-mail template. */
export interface EmailTemplate {
  id: number;
  name: string;
  subject: string;
  body: string;
}

/** An SMS template. */
export interface SmsTemplate {
  id: number;
  name: string;
  body: string;
}

/** A short code that templates and banners may use, e.g. `{{first_name}}`. */
export interface ShortCode {
  code: string;
  description: string;
}

/** API management of a company. */
export interface ApiManagement {
  enabled: boolean;
  allowed_origins: string[];
  /** Requests a minute, 1..10000. */
  rate_limit_per_minute: number;
}

/** `data.settings` of every portal-settings call. */
/** The SMS provider (Twilio) as answered: the auth token is write-only (`has_auth_token`). */
export interface SmsProviderSettings {
  account_sid: string;
  from_number: string;
  has_auth_token: boolean;
}

export interface PortalSettings {
  company_id: number;
  global: GlobalSettings;
  application_sources: ApplicationSource[];
  banners: Banner[];
  widgets: { enabled: string[] };
  available_widgets: string[];
  quote_rush: { enabled: boolean; message: string };
  eo_data: EoData | null;
  eo_expiry_days: number | null;
  smtp: SmtpSettings | null;
  sms_provider: SmsProviderSettings | null;
  email_templates: EmailTemplate[];
  sms_templates: SmsTemplate[];
  short_codes: ShortCode[];
  customer_quotes_webhook_url: string | null;
  /** Whether the webhook's signing secret is stored (the secret itself is never answered). */
  has_webhook_secret: boolean;
  api_management: ApiManagement;
  saml: { entry_point: string; issuer: string; has_idp_cert: boolean } | null;
  property_data: PropertyDataSettings;
  auto_send: AutoSendSettings;
}

/** The templates an automatic-message event sends (null: that channel sends nothing). */
export interface AutoSendEvent {
  email_template_id: number | null;
  sms_template_id: number | null;
}

/** Automatic messages to the client (docs/api-accounts.md update-auto-send). */
export interface AutoSendSettings {
  working_hours_only: boolean;
  complete: AutoSendEvent;
  timeout: AutoSendEvent & { after_minutes: number };
}

/** A template rendered by portal-settings/preview-template (subject null for SMS). */
export interface TemplatePreview {
  subject: string | null;
  body: string;
  sample: boolean;
}

/** An API credential (a partner API key); `secret` only in the answer of create and rotate. */
export interface ApiCredential {
  id: number;
  name: string;
  key_id: string;
  /** What the key may call (PARTNER_SCOPE_OPTIONS values). */
  scopes: string[];
  secret?: string;
  created_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** What became of one webhook attempt (docs/api-accounts.md Customer quotes webhook). */
export type WebhookOutcome = 'sending' | 'delivered' | 'retrying' | 'failed' | 'refused' | 'interrupted';

/** One attempt of the customer quotes webhook, as portal-settings/list-webhook-deliveries answers it. */
export interface WebhookDelivery {
  id: number;
  event: 'quotes.completed' | 'test';
  delivery_id: string;
  application_id: number | null;
  attempt: number;
  url: string;
  outcome: WebhookOutcome;
  status_code: number | null;
  /** Milliseconds from connecting to the end of the answer; null when nothing was sent. */
  duration_ms: number | null;
  error: string | null;
  response_excerpt: string | null;
  created_at: string;
  finished_at: string | null;
}
