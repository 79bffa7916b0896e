/**
 * Portal settings of a company as one answer and one write (docs/api-accounts.md Portal
 * settings): the settings view (defaults filled in, secrets replaced by has_* flags), read for
 * the managed company, and every write run as one transaction on the locked company row
 * (docs/decisions/082-portal-settings-as-company-jsonb.md). What each section holds and how it
 * changes is in its own module beside this one.
 */
import type { Executor } from '../../db/database.ts';
import type { CompanyRow } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import { SHORT_CODES } from '../../messaging/short-codes.ts';
import {
  type CompanyPatch,
  findCompanyForUpdate,
  findCompanyWithExtras,
  updateCompany,
} from '../../repositories/companies-repository.ts';
import { COMPANY_NOT_FOUND, managedCompanyId } from '../account-access.ts';
import type { Actor } from '../actor.ts';
import { daysUntil } from '../company-status.ts';
import { companySignInPolicy } from '../sign-in-policy.ts';
import { DEFAULT_AUTO_SEND } from './auto-send-settings.ts';
import { globalOf } from './global-settings.ts';
import { propertyDataView } from './property-data-settings.ts';
import { type SettingsChange, type StoredSettings, storedSettings } from './stored-settings.ts';
import { AVAILABLE_WIDGETS } from './worker-settings.ts';

/** The settings answer: defaults filled in, secrets replaced by has_* flags. */
export function settingsView(company: CompanyRow, now: Date = new Date()) {
  const s = storedSettings(company);
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

/**
 * Runs `change` on the locked company in one transaction and answers the new settings view.
 * Throws 404 'Company not found.' and whatever `change` throws (nothing is written then).
 */
export async function changeSettings(
  db: Executor,
  actor: Actor,
  requestedCompanyId: number | undefined,
  change: (current: StoredSettings, company: CompanyRow) => SettingsChange,
) {
  const companyId = managedCompanyId(actor, requestedCompanyId);
  return db.transaction(async (tx) => {
    const company = await findCompanyForUpdate(tx, companyId);
    if (!company) throw new ApiError(404, COMPANY_NOT_FOUND);
    const result = change(structuredClone(storedSettings(company)), company);
    const patch: CompanyPatch = { ...(result.company ?? {}) };
    if (result.settings) patch.settings = result.settings as Record<string, unknown>;
    await updateCompany(tx, companyId, patch);
    return settingsView({ ...company, ...patch } as CompanyRow);
  });
}
