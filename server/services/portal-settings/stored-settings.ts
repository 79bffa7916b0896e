/**
 * A company's portal settings as stored in companies.settings (jsonb): the shape of every section
 * and of a write's result. Shapes are checked by the route JSON Schemas; every write is one
 * transaction on the locked company row (company-settings-service.ts changeSettings,
 * docs/decisions/082-portal-settings-as-company-jsonb.md).
 */
import type { CompanyRow } from '../../db/schema.ts';
import type { SmtpSettings } from '../../mail/mailer.ts';
import type { ProviderName } from '../../property-data/provider-catalogue.ts';
import type { PropertyDataJob } from '../../property-data/types.ts';
import type { CompanyPatch } from '../../repositories/companies-repository.ts';
import type { SignInPolicy } from '../sign-in-policy.ts';

/** An item of a settings collection (settings-collections.ts): an id unique within the company. */
export type SettingsItem = { id: number } & Record<string, unknown>;

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

/** One property data job's provider and, for a real one, the company's key (secret: write-only). */
export interface PropertyDataJobSettings {
  provider: ProviderName;
  key_id: string | null;
  key: string | null;
}

/** Property data settings as stored: a job saved before it existed (issue 40) is absent. */
export interface StoredPropertyData {
  cache_days: number;
  jobs: Partial<Record<PropertyDataJob, PropertyDataJobSettings>>;
}

/** companies.settings as stored. */
export interface StoredSettings {
  global?: Record<string, unknown>;
  application_sources?: SettingsItem[];
  banners?: SettingsItem[];
  widgets?: { enabled: string[] };
  quote_rush?: { enabled: boolean; message: string };
  smtp?: SmtpSettings | null;
  email_templates?: SettingsItem[];
  sms_templates?: SettingsItem[];
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

/** What a settings write changes: the settings jsonb and/or company columns. */
export type SettingsChange = { settings?: StoredSettings; company?: CompanyPatch };

/** The company's settings jsonb as StoredSettings ({} when it has none). */
export function storedSettings(company: CompanyRow): StoredSettings {
  return (company.settings ?? {}) as StoredSettings;
}
