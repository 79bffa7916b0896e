/**
 * Portal settings of a company (docs/api-accounts.md Portal settings): global settings,
 * application sources, dynamic banners, widgets, quote rush, E&O, SMTP, e-mail and SMS templates,
 * the customer quotes webhook, API management and SAML. Stored in companies.settings (jsonb),
 * shapes checked by the route JSON Schemas; every write is one transaction on the locked company
 * row (docs/decisions/082-portal-settings-as-company-jsonb.md).
 */

import { companyHasArea } from '../access/access-rules.ts';
import options from '../config/portal-settings-options.json' with { type: 'json' };
import type { Executor } from '../db/database.ts';
import type { CompanyRow, EoData } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { SmtpSettings } from '../mail/mailer.ts';
import { renderTemplate, type ShortCodeValues, TemplateRenderError } from '../messaging/render-template.ts';
import { shortCodeValues } from '../messaging/short-code-values.ts';
import { checkShortCodeTemplate, SHORT_CODES } from '../messaging/short-codes.ts';
import { toE164 } from '../messaging/sms/phone-number.ts';
import { hostRefusalAtSave, isAllowedHost } from '../outbound/outbound-guard.ts';
import {
  DEFAULT_CACHE_DAYS,
  defaultProviderFor,
  PROVIDERS,
  type ProviderName,
  providersFor,
} from '../property-data/provider-catalogue.ts';
import { PROPERTY_DATA_JOBS, type PropertyDataJob } from '../property-data/types.ts';
import {
  type CompanyPatch,
  findCompanyForUpdate,
  findCompanyWithExtras,
  updateCompany,
} from '../repositories/companies-repository.ts';
import { findUserRecord } from '../repositories/users-repository.ts';
import { newWebhookSecret } from '../webhooks/webhook-signature.ts';
import { COMPANY_NOT_FOUND, managedCompanyId } from './account-access.ts';
import type { Actor } from './actor.ts';
import { daysUntil } from './company-status.ts';
import { companySignInPolicy, type SignInPolicy } from './sign-in-policy.ts';

export const ITEM_NOT_FOUND = 'Item not found.';
export const WEBHOOK_HTTPS_MESSAGE = 'The webhook URL must use https.';
export const SMS_FROM_NUMBER_MESSAGE = 'Enter the sending number with its country code, e.g. +13055550100.';
export const SMS_AUTH_TOKEN_MESSAGE = 'Enter the auth token.';

/** Widgets a company may enable, banner colours and short codes: data, not code. */
export const AVAILABLE_WIDGETS: string[] = options.widgets;
export const BANNER_COLORS: string[] = options.banner_colors;
/** Who sees a banner of each audience, by role; a banner without one is for everyone. */
export const BANNER_AUDIENCES: Record<string, string[]> = options.banner_audiences;

/** The item collections and the settings key each is stored under. */
export const COLLECTIONS = {
  'application-sources': 'application_sources',
  banners: 'banners',
  'email-templates': 'email_templates',
  'sms-templates': 'sms_templates',
} as const;
export type CollectionName = keyof typeof COLLECTIONS;

type Item = { id: number } & Record<string, unknown>;

/** A company's SMS provider (Twilio's account SID, auth token and sending number in E.164). */
export interface SmsProviderSettings {
  account_sid: string;
  auth_token: string;
  from_number: string;
}

export interface SamlSettings {
  entry_point: string;
  issuer: string;
  idp_cert: string | null;
}

/** companies.settings as stored. */
export interface StoredSettings {
  global?: Record<string, unknown>;
  application_sources?: Item[];
  banners?: Item[];
  widgets?: { enabled: string[] };
  quote_rush?: { enabled: boolean; message: string };
  smtp?: SmtpSettings | null;
  email_templates?: Item[];
  sms_templates?: Item[];
  customer_quotes_webhook_url?: string | null;
  /** The key of the webhook's X-Portal-Signature; write-only (answered once, when generated). */
  customer_quotes_webhook_secret?: string | null;
  api_management?: { enabled: boolean; allowed_origins: string[]; rate_limit_per_minute: number };
  saml?: SamlSettings | null;
  sms_provider?: SmsProviderSettings | null;
  property_data?: StoredPropertyData;
  auto_send?: AutoSendSettings;
  /** Second factor, SAML-only and idle timeout (server/services/sign-in-policy.ts, issue 38). */
  sign_in_policy?: Partial<SignInPolicy>;
  /** Next id handed to a new collection item (ids are unique within the company). */
  next_item_id?: number;
}

/** The templates one auto-send event sends (ids of email_templates and sms_templates; null: none). */
export interface AutoSendEventSettings {
  email_template_id: number | null;
  sms_template_id: number | null;
}

/**
 * Automatic messages to the client (issue 14, docs/decisions/252-auto-send-events-and-notes.md):
 * on completion of the quoting, and as a follow-up when a launch is still not complete
 * `after_minutes` after it started; held to the agency's working hours when `working_hours_only`.
 */
export interface AutoSendSettings {
  working_hours_only: boolean;
  complete: AutoSendEventSettings;
  timeout: AutoSendEventSettings & { after_minutes: number };
}

/** Auto-send settings of a company that never saved any: nothing is sent. */
export const DEFAULT_AUTO_SEND: AutoSendSettings = {
  working_hours_only: true,
  complete: { email_template_id: null, sms_template_id: null },
  timeout: { email_template_id: null, sms_template_id: null, after_minutes: 60 },
};

/** One property data job's provider and, for a real one, the company's key (secret: write-only). */
export interface PropertyDataJobSettings {
  provider: ProviderName;
  key_id: string | null;
  key: string | null;
}

/** Property data settings (issue 15): a provider per job and the days an answer is reused. */
export interface PropertyDataSettings {
  cache_days: number;
  jobs: Record<PropertyDataJob, PropertyDataJobSettings>;
}

/** Property data settings as stored: a job saved before it existed (issue 40) is absent. */
interface StoredPropertyData {
  cache_days: number;
  jobs: Partial<Record<PropertyDataJob, PropertyDataJobSettings>>;
}

function stored(company: CompanyRow): StoredSettings {
  return (company.settings ?? {}) as StoredSettings;
}

/** The company's SMTP settings (with password) for the mailer, or null. */
export function companySmtp(company: CompanyRow | null): SmtpSettings | null {
  return company ? (stored(company).smtp ?? null) : null;
}

/** The company's SMS provider (with its auth token) for the texting channel, or null: then the sink. */
export function companySmsProvider(company: CompanyRow | null): SmsProviderSettings | null {
  return company ? (stored(company).sms_provider ?? null) : null;
}

/** The company's auto-send settings (defaults when never saved) from its settings jsonb. */
export function companyAutoSend(settings: Record<string, unknown> | null): AutoSendSettings {
  return ((settings ?? {}) as StoredSettings).auto_send ?? DEFAULT_AUTO_SEND;
}

/** The company's time zone (global.timezone, an IANA name) from its settings jsonb. */
export function companyTimezone(settings: Record<string, unknown> | null): string {
  const global = ((settings ?? {}) as StoredSettings).global;
  return typeof global?.timezone === 'string' ? global.timezone : options.default_global.timezone;
}

/** The access area (access/access-areas.json) SAML sign-in needs. */
const SAML_AREA = 'saml';

/**
 * The company's SAML settings, or null when not configured (all three parts are needed) or when
 * the company's plan lacks SAML sign-in (issue 43): stored settings then stay, unused, until the
 * company has the area again; its users sign in with passwords meanwhile.
 */
export function companySaml(company: CompanyRow | null): SamlSettings | null {
  const saml = company && companyHasArea(company, SAML_AREA) ? stored(company).saml : null;
  return saml?.entry_point && saml.issuer && saml.idp_cert ? saml : null;
}

/**
 * What every worker of the company sees of its settings (login/me company, no secrets): the
 * dashboard widgets it enabled, in the order of AVAILABLE_WIDGETS (all when never set), quote
 * rush (SPEC §2 quote rush dialog: the message shown to agents while it is on), the portal name
 * (null: the product's own), the company time zone (dates of users without their own), support
 * contacts, and the names of the active application sources (create dialog and listing filter).
 * Issue 16 settings that take effect; docs/decisions/203-global-settings-take-effect.md.
 */
export function workerSettingsOf(company: CompanyRow) {
  const s = stored(company);
  const enabled = s.widgets?.enabled ?? AVAILABLE_WIDGETS;
  const global = globalOf(company);
  return {
    dashboard_widgets: AVAILABLE_WIDGETS.filter((widget) => enabled.includes(widget)),
    quote_rush: s.quote_rush ?? { enabled: false, message: '' },
    portal_name: global.portal_name,
    timezone: global.timezone,
    support_email: global.support_email,
    support_phone: global.support_phone,
    application_sources: (s.application_sources ?? [])
      .filter((source) => source.is_active === true)
      .map((source) => String(source.name)),
  };
}

/** Global settings as stored over their defaults (docs/api-accounts.md `global`). */
export interface GlobalSettings {
  portal_name: string | null;
  /** IANA zone name, e.g. America/New_York. */
  timezone: string;
  quote_expiry_days: number;
  support_email: string | null;
  support_phone: string | null;
}

/** The company's global settings, defaults filled in (server/config/portal-settings-options.json). */
export function globalOf(company: CompanyRow): GlobalSettings {
  return { ...options.default_global, ...(stored(company).global ?? {}) } as GlobalSettings;
}

/**
 * The company's property data settings (with keys) for the lookups; a job the company never chose
 * gets defaultProviderFor's provider (the sandbox, or in production a keyless public source).
 */
export function companyPropertyData(company: CompanyRow | null): PropertyDataSettings {
  const saved = company ? stored(company).property_data : undefined;
  return {
    cache_days: saved?.cache_days ?? DEFAULT_CACHE_DAYS,
    jobs: Object.fromEntries(
      PROPERTY_DATA_JOBS.map((job) => [
        job,
        saved?.jobs?.[job] ?? { provider: defaultProviderFor(job), key_id: null, key: null },
      ]),
    ) as PropertyDataSettings['jobs'],
  };
}

/** Property data settings as answered: each job's provider and key id, the secret as has_key, and the choices. */
function propertyDataView(company: CompanyRow) {
  const settings = companyPropertyData(company);
  return {
    cache_days: settings.cache_days,
    available: Object.fromEntries(
      PROPERTY_DATA_JOBS.map((job) => [
        job,
        providersFor(job).map((name) => ({
          provider: name,
          label: PROVIDERS[name].label,
          needs_key: PROVIDERS[name].needs_key,
          key_id: PROVIDERS[name].key_id ?? false,
        })),
      ]),
    ),
    jobs: Object.fromEntries(
      PROPERTY_DATA_JOBS.map((job) => {
        const { provider, key_id, key } = settings.jobs[job];
        return [job, { provider, key_id, has_key: Boolean(key) }];
      }),
    ),
  };
}

/** The settings answer: defaults filled in, secrets replaced by has_* flags. */
export function settingsView(company: CompanyRow, now: Date = new Date()) {
  const s = stored(company);
  const smtp = s.smtp ?? null;
  return {
    company_id: company.id,
    global: globalOf(company),
    application_sources: s.application_sources ?? [],
    banners: s.banners ?? [],
    widgets: s.widgets ?? { enabled: [...AVAILABLE_WIDGETS] },
    available_widgets: AVAILABLE_WIDGETS,
    quote_rush: s.quote_rush ?? { enabled: false, message: '' },
    eo_data: company.eo_data ?? null,
    eo_expiry_days: daysUntil(company.eo_data?.expiry, now),
    smtp: smtp
      ? {
          host: smtp.host,
          port: smtp.port,
          username: smtp.username,
          from_email: smtp.from_email,
          from_name: smtp.from_name,
          secure: smtp.secure,
          has_password: Boolean(smtp.password),
        }
      : null,
    email_templates: s.email_templates ?? [],
    sms_templates: s.sms_templates ?? [],
    short_codes: SHORT_CODES,
    customer_quotes_webhook_url: s.customer_quotes_webhook_url ?? null,
    has_webhook_secret: Boolean(s.customer_quotes_webhook_secret),
    api_management: s.api_management ?? { enabled: false, allowed_origins: [], rate_limit_per_minute: 60 },
    sign_in_policy: companySignInPolicy(company),
    sms_provider: s.sms_provider
      ? {
          account_sid: s.sms_provider.account_sid,
          from_number: s.sms_provider.from_number,
          has_auth_token: Boolean(s.sms_provider.auth_token),
        }
      : null,
    saml: s.saml
      ? { entry_point: s.saml.entry_point, issuer: s.saml.issuer, has_idp_cert: Boolean(s.saml.idp_cert) }
      : null,
    property_data: propertyDataView(company),
    auto_send: s.auto_send ?? DEFAULT_AUTO_SEND,
  };
}

/** Settings of the managed company (see managedCompanyId for who may call). */
export async function getSettings(db: Executor, actor: Actor, requestedCompanyId?: number) {
  const companyId = managedCompanyId(actor, requestedCompanyId);
  const entry = await findCompanyWithExtras(db, companyId);
  if (!entry) throw new ApiError(404, COMPANY_NOT_FOUND);
  return settingsView(entry.company);
}

/** What a settings write changes: the settings jsonb and/or company columns. */
type Change = { settings?: StoredSettings; company?: CompanyPatch };

/**
 * Runs `change` on the locked company in one transaction and answers the new settings view.
 * Throws 404 'Company not found.' and whatever `change` throws (nothing is written then).
 */
export async function changeSettings(
  db: Executor,
  actor: Actor,
  requestedCompanyId: number | undefined,
  change: (current: StoredSettings, company: CompanyRow) => Change,
) {
  const companyId = managedCompanyId(actor, requestedCompanyId);
  return db.transaction(async (tx) => {
    const company = await findCompanyForUpdate(tx, companyId);
    if (!company) throw new ApiError(404, COMPANY_NOT_FOUND);
    const result = change(structuredClone(stored(company)), company);
    const patch: CompanyPatch = { ...(result.company ?? {}) };
    if (result.settings) patch.settings = result.settings as Record<string, unknown>;
    await updateCompany(tx, companyId, patch);
    return settingsView({ ...company, ...patch } as CompanyRow);
  });
}

/**
 * Throws 422 `Unknown short code: {{x}}.` for the first `{{...}}` of `texts` that is not one of
 * SHORT_CODES. docs/api-accounts.md Templates.
 */
export function checkShortCodes(texts: unknown[]): void {
  const known = new Set(SHORT_CODES.map((entry) => entry.code));
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const match of text.matchAll(/\{\{[^{}]*\}\}/g)) {
      if (!known.has(match[0])) throw new ApiError(422, `Unknown short code: ${match[0]}.`);
    }
  }
}

/**
 * Throws 422 naming the field (`subject`, `body`) when a template's text is not valid Liquid
 * (`Template syntax error: ...`), uses a variable that is no short code (`Unknown short code:
 * {{x}}.`) or writes "$" before one that carries it (checkShortCodeTemplate).
 * docs/decisions/250-template-preview-and-checks-on-save.md.
 */
export function checkTemplateTexts(item: Record<string, unknown>): void {
  for (const field of ['subject', 'body']) {
    const text = item[field];
    if (typeof text !== 'string') continue;
    try {
      checkShortCodeTemplate(text);
    } catch (error) {
      if (error instanceof TemplateRenderError)
        throw new ApiError(422, error.message, { [field]: error.message });
      throw error;
    }
  }
}

/** Checks an item's texts: templates as Liquid (checkTemplateTexts), other items' `{{...}}` (checkShortCodes). */
function checkItemTexts(name: CollectionName, item: Record<string, unknown>): void {
  if (name === 'email-templates' || name === 'sms-templates') checkTemplateTexts(item);
  else checkShortCodes(Object.values(item));
}

/**
 * The company's customer quotes webhook: its URL and signing secret (null when none is stored),
 * or null when no URL is set. For the webhook job only: the secret is never answered.
 */
export function companyWebhook(
  settings: Record<string, unknown> | null,
): { url: string; secret: string | null } | null {
  const s = (settings ?? {}) as StoredSettings;
  return s.customer_quotes_webhook_url
    ? { url: s.customer_quotes_webhook_url, secret: s.customer_quotes_webhook_secret ?? null }
    : null;
}

/**
 * Webhook URL update (checked by checkWebhookUrl). The first URL saved without a stored secret
 * generates one (`secret`, to answer once); removing the URL keeps the secret for the next one.
 * docs/decisions/221-webhook-signature-and-secret.md.
 */
export function webhookChange(
  current: StoredSettings,
  url: string | null,
): Change & { secret: string | null } {
  checkWebhookUrl(url);
  const secret = url !== null && !current.customer_quotes_webhook_secret ? newWebhookSecret() : null;
  return {
    settings: {
      ...current,
      customer_quotes_webhook_url: url,
      ...(secret ? { customer_quotes_webhook_secret: secret } : {}),
    },
    secret,
  };
}

/** A new webhook signing secret replacing the stored one; `secret` is answered once. */
export function webhookSecretRotation(current: StoredSettings): Change & { secret: string } {
  const secret = newWebhookSecret();
  return { settings: { ...current, customer_quotes_webhook_secret: secret }, secret };
}

/**
 * Throws 422 WEBHOOK_HTTPS_MESSAGE unless `url` is null or an absolute https URL with a host
 * (http too for a host of OUTBOUND_ALLOWED_HOSTS, a local receiver in development and tests).
 */
export function checkWebhookUrl(url: string | null): void {
  if (url === null) return;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  const https =
    parsed?.protocol === 'https:' || (parsed?.protocol === 'http:' && isAllowedHost(parsed.hostname));
  if (!parsed || !https || parsed.hostname === '') {
    throw new ApiError(422, WEBHOOK_HTTPS_MESSAGE, { customer_quotes_webhook_url: WEBHOOK_HTTPS_MESSAGE });
  }
}

/**
 * Throws 422 naming `field` when `host` (an admin-set SMTP host, or a webhook URL's host) is an
 * address, or resolves to one, that the outbound guard refuses (issue 38, ADR 721).
 */
export async function checkAdminHost(host: string, field: string): Promise<void> {
  const refusal = await hostRefusalAtSave(host);
  if (refusal) throw new ApiError(422, refusal, { [field]: refusal });
}

/** Creates an item in a collection; texts checked for short codes. */
export function addItem(
  current: StoredSettings,
  name: CollectionName,
  item: Record<string, unknown>,
): Change {
  checkItemTexts(name, item);
  const key = COLLECTIONS[name];
  const id = current.next_item_id ?? 1;
  const list = [...((current[key] as Item[] | undefined) ?? []), { id, ...item }];
  return { settings: { ...current, [key]: list, next_item_id: id + 1 } };
}

/** Replaces an item of a collection; 404 'Item not found.'. */
export function replaceItem(
  current: StoredSettings,
  name: CollectionName,
  itemId: number,
  item: Record<string, unknown>,
): Change {
  checkItemTexts(name, item);
  const key = COLLECTIONS[name];
  const list = (current[key] as Item[] | undefined) ?? [];
  if (!list.some((entry) => entry.id === itemId)) throw new ApiError(404, ITEM_NOT_FOUND);
  return {
    settings: {
      ...current,
      [key]: list.map((entry) => (entry.id === itemId ? { id: itemId, ...item } : entry)),
    },
  };
}

/**
 * Removes an item of a collection; 404 'Item not found.'. A removed template is also taken out of
 * the auto-send settings (that event then sends nothing on that channel).
 */
export function removeItem(current: StoredSettings, name: CollectionName, itemId: number): Change {
  const key = COLLECTIONS[name];
  const list = (current[key] as Item[] | undefined) ?? [];
  if (!list.some((entry) => entry.id === itemId)) throw new ApiError(404, ITEM_NOT_FOUND);
  const settings: StoredSettings = { ...current, [key]: list.filter((entry) => entry.id !== itemId) };
  if (current.auto_send && (name === 'email-templates' || name === 'sms-templates')) {
    const field = name === 'email-templates' ? 'email_template_id' : 'sms_template_id';
    const unset = <T extends AutoSendEventSettings>(event: T): T =>
      event[field] === itemId ? { ...event, [field]: null } : event;
    settings.auto_send = {
      ...current.auto_send,
      complete: unset(current.auto_send.complete),
      timeout: unset(current.auto_send.timeout),
    };
  }
  return { settings };
}

/**
 * Auto-send update (issue 14): throws 422 naming the field when a template id is not one of the
 * company's e-mail (or SMS) templates.
 */
export function autoSendChange(current: StoredSettings, autoSend: AutoSendSettings): Change {
  const errors: Record<string, string> = {};
  for (const event of ['complete', 'timeout'] as const) {
    const { email_template_id: emailId, sms_template_id: smsId } = autoSend[event];
    if (emailId !== null && !(current.email_templates ?? []).some((t) => t.id === emailId)) {
      errors[`auto_send.${event}.email_template_id`] = 'Choose one of the email templates.';
    }
    if (smsId !== null && !(current.sms_templates ?? []).some((t) => t.id === smsId)) {
      errors[`auto_send.${event}.sms_template_id`] = 'Choose one of the SMS templates.';
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw new ApiError(422, first, errors);
  return { settings: { ...current, auto_send: autoSend } };
}

/**
 * SMTP update: `password` omitted keeps the stored one, null clears it; null settings remove SMTP.
 */
export function smtpChange(
  current: StoredSettings,
  smtp: (SmtpSettings & { password?: string | null }) | null,
): Change {
  if (smtp === null) return { settings: { ...current, smtp: null } };
  const password = smtp.password === undefined ? (current.smtp?.password ?? null) : smtp.password;
  return { settings: { ...current, smtp: { ...smtp, password } } };
}

/**
 * SMS provider update (issue 14): `auth_token` omitted keeps the stored one; null settings remove
 * the provider (texts then go to the local sink). 422 when the sending number is not a valid phone
 * number or no auth token is stored or given.
 */
export function smsProviderChange(
  current: StoredSettings,
  provider: { account_sid: string; from_number: string; auth_token?: string } | null,
): Change {
  if (provider === null) return { settings: { ...current, sms_provider: null } };
  const fromNumber = toE164(provider.from_number);
  if (!fromNumber) throw new ApiError(422, SMS_FROM_NUMBER_MESSAGE, { from_number: SMS_FROM_NUMBER_MESSAGE });
  const authToken = provider.auth_token ?? current.sms_provider?.auth_token;
  if (!authToken) throw new ApiError(422, SMS_AUTH_TOKEN_MESSAGE, { auth_token: SMS_AUTH_TOKEN_MESSAGE });
  return {
    settings: {
      ...current,
      sms_provider: { account_sid: provider.account_sid, auth_token: authToken, from_number: fromNumber },
    },
  };
}

/** SAML update: `idp_cert` omitted keeps the stored certificate. */
export function samlChange(
  current: StoredSettings,
  saml: { entry_point: string; issuer: string; idp_cert?: string | null } | null,
): Change {
  if (saml === null) return { settings: { ...current, saml: null } };
  const idpCert = saml.idp_cert === undefined ? (current.saml?.idp_cert ?? null) : saml.idp_cert;
  return {
    settings: { ...current, saml: { entry_point: saml.entry_point, issuer: saml.issuer, idp_cert: idpCert } },
  };
}

export const SAML_NOT_SET_UP_MESSAGE = 'Set up SAML sign-in before requiring it.';

/**
 * Sign-in policy update (issue 38). Throws ApiError 422 SAML_NOT_SET_UP_MESSAGE when SAML is
 * required but not set up: nobody of the company could sign in.
 */
export function signInPolicyChange(
  current: StoredSettings,
  policy: SignInPolicy,
  company: CompanyRow,
): Change {
  if (policy.saml_required && companySaml(company) === null)
    throw new ApiError(422, SAML_NOT_SET_UP_MESSAGE, {
      'sign_in_policy.saml_required': SAML_NOT_SET_UP_MESSAGE,
    });
  return { settings: { ...current, sign_in_policy: policy } };
}

/**
 * A job's provider and key as written: `key` omitted keeps the stored one for the same provider.
 * A job left out of the body keeps what the company has (its choice, or the default).
 */
export type PropertyDataJobInput = { provider: ProviderName; key_id?: string | null; key?: string | null };

/**
 * Property data update (issue 15): per job a provider; `key` omitted keeps the stored key while
 * the provider stays, null clears it; `key_id` omitted keeps the stored id likewise. Throws 422
 * naming the job when a provider that needs a key (or key id) is left without one.
 */
export function propertyDataChange(
  current: StoredSettings,
  input: { cache_days?: number; jobs: Partial<Record<PropertyDataJob, PropertyDataJobInput>> },
): Change {
  const before = current.property_data;
  const errors: Record<string, string> = {};
  const jobs = Object.fromEntries(
    PROPERTY_DATA_JOBS.flatMap((job) => {
      const wanted = input.jobs[job];
      if (!wanted) {
        const kept = before?.jobs?.[job];
        return kept ? [[job, kept]] : [];
      }
      const entry = PROVIDERS[wanted.provider];
      const kept = before?.jobs?.[job]?.provider === wanted.provider ? before.jobs[job] : null;
      const key = entry.needs_key ? (wanted.key === undefined ? (kept?.key ?? null) : wanted.key) : null;
      const keyId = entry.key_id
        ? wanted.key_id === undefined
          ? (kept?.key_id ?? null)
          : wanted.key_id
        : null;
      if (entry.needs_key && !key) errors[`property_data.jobs.${job}.key`] = `${entry.label} needs a key.`;
      if (entry.key_id && !keyId)
        errors[`property_data.jobs.${job}.key_id`] = `${entry.label} needs a key id.`;
      return [[job, { provider: wanted.provider, key_id: keyId, key }]];
    }),
  ) as StoredPropertyData['jobs'];
  const first = Object.values(errors)[0];
  if (first) throw new ApiError(422, first, errors);
  const cacheDays = input.cache_days ?? before?.cache_days ?? DEFAULT_CACHE_DAYS;
  return { settings: { ...current, property_data: { cache_days: cacheDays, jobs } } };
}

/** E&O update of the company column (drives user.eo_expiry). SPEC §3 eo_data. */
export function eoChange(eoData: EoData | null): Change {
  return { company: { eo_data: eoData } };
}

/**
 * Banners of the caller's company for the caller on `now`'s date in the company's time zone:
 * is_active, within starts_on..ends_on (both inclusive, either open), and for the caller's role
 * (audience, default everyone); `{{company_name}}` and `{{agent_name}}` (the caller) are filled in.
 * docs/api-accounts.md active-banners; docs/decisions/203-global-settings-take-effect.md.
 */
export async function activeBanners(db: Executor, actor: Actor, now: Date = new Date()) {
  if (actor.companyId === null) return [];
  const entry = await findCompanyWithExtras(db, actor.companyId);
  if (!entry) return [];
  const today = dateIn(globalOf(entry.company).timezone, now);
  const viewer = await findUserRecord(db, actor.userId);
  const values = bannerShortCodes(viewer?.user.name ?? '', entry.company.name);
  return (stored(entry.company).banners ?? [])
    .filter(
      (banner) =>
        banner.is_active === true &&
        (BANNER_AUDIENCES[String(banner.audience ?? 'everyone')] ?? []).includes(actor.role) &&
        (typeof banner.starts_on !== 'string' || banner.starts_on <= today) &&
        (typeof banner.ends_on !== 'string' || banner.ends_on >= today),
    )
    .map((banner) => ({ ...banner, message: renderOrAsTyped(String(banner.message), values) }));
}

/**
 * Short code values of a banner: the viewer's first and last name (the name split at its first
 * space) and whole name as `{{agent_name}}`, and the agency; the application codes render empty.
 */
export function bannerShortCodes(viewerName: string, companyName: string): ShortCodeValues {
  const [first = '', ...rest] = viewerName.trim().split(/\s+/);
  return {
    ...shortCodeValues(null, { agentName: viewerName.trim(), companyName }, ''),
    first_name: first,
    last_name: rest.join(' '),
  };
}

/** `YYYY-MM-DD` of `now` in IANA zone `timeZone` (an unknown zone: UTC). */
export function dateIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** `template` rendered with `values`; a template that is not valid Liquid is shown as typed. */
function renderOrAsTyped(template: string, values: ShortCodeValues): string {
  try {
    return renderTemplate(template, values);
  } catch (error) {
    if (error instanceof TemplateRenderError) return template;
    throw error;
  }
}
