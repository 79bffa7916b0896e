/**
 * The company as the API answers it (SPEC §3 Company, docs/api.md Auth and docs/api-accounts.md
 * CompanyRecord). Never includes settings secrets.
 */
import type { CompanyRow } from '../db/schema.ts';
import type { CompanyWithExtras } from '../repositories/companies-repository.ts';
import { daysUntil, isTrialActive, trialRemainingDays } from './company-status.ts';
import { findPlan } from './plans.ts';
import { workerSettingsOf } from './portal-settings/worker-settings.ts';
import { isExtraTestingCompany, isTestingCompany } from './testing-company.ts';

/** Path of a company's logo with a version that changes on upload, or null. */
export function logoUrl(companyId: number, logoVersion: number | null): string | null {
  return logoVersion === null ? null : `/api/company-logos/${companyId}?v=${logoVersion}`;
}

/**
 * The company of login/me: SPEC §3 fields plus approved states, plan, logo, E&O, testing flags,
 * and the settings every worker sees (dashboard widgets, quote rush).
 * Days are rounded up (SPEC §6).
 */
export function companyView(company: CompanyRow, logoVersion: number | null, now: Date = new Date()) {
  const plan = findPlan(company.plan_id);
  return {
    id: company.id,
    name: company.name,
    trial_ends_at: company.trial_ends_at?.toISOString() ?? null,
    trial_remaining_days: trialRemainingDays(company, now),
    is_trial_active: isTrialActive(company, now),
    has_active_subscription: company.has_active_subscription,
    is_trial_disabled: company.is_trial_disabled,
    permissions: company.permissions,
    denied_permissions: company.denied_permissions,
    stripe_id: company.stripe_id,
    approved_states: company.approved_states,
    plan: plan ? { id: plan.id, name: plan.name } : null,
    logo_url: logoUrl(company.id, logoVersion),
    eo_data: company.eo_data ?? null,
    eo_expiry_days: daysUntil(company.eo_data?.expiry, now),
    is_testing_company: isTestingCompany(company.name),
    is_extra_testing_company: isExtraTestingCompany(company.name),
    ...workerSettingsOf(company),
  };
}

/** The company of MGA management: companyView plus user count and timestamps. */
export function companyRecordView(entry: CompanyWithExtras, now: Date = new Date()) {
  return {
    ...companyView(entry.company, entry.logoVersion, now),
    user_count: entry.userCount,
    created_at: entry.company.created_at.toISOString(),
    updated_at: entry.company.updated_at.toISOString(),
  };
}
