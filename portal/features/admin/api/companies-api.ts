/**
 * MGA management calls for companies (companies/list, create, update, change-plan,
 * set-approved-states, set-logo) and the plans they choose from (plans/list). Super-admin only,
 * except set-logo (admins, own company). Contract: docs/api-accounts.md Companies.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall, documentedData } from '../../../lib/api-operations.ts';

/** A company as companies/list and the company calls answer it. */
export type CompanyRecord = ApiAnswer<'companies/list'>['companies'][number];

/** `data` of plans/list; prices in dollars a month, max_users null = unlimited. */
export type PlansList = ApiAnswer<'plans/list'>;

/** Editable fields of companies/create and companies/update, all given by the company dialog. */
export type CompanyFields = Required<
  Pick<
    ApiBody<'companies/create'>,
    | 'name'
    | 'trial_ends_at'
    | 'is_trial_disabled'
    | 'has_active_subscription'
    | 'permissions'
    | 'denied_permissions'
  >
>;

/** Every company (super-admin). Throws `ApiRequestError` on failure. */
export async function listCompanies(): Promise<CompanyRecord[]> {
  const data = await documentedData('companies/list', {});
  return data.companies;
}

/** Query options of companies/list; `enabled` false skips the call (non super-admins). */
export function companiesListQueryOptions(enabled = true) {
  return queryOptions({ queryKey: ['admin', 'companies'], queryFn: listCompanies, enabled });
}

/** Every company, when `enabled`. */
export function useCompaniesList(enabled = true) {
  return useQuery(companiesListQueryOptions(enabled));
}

/** The plans a company can be put on. Throws `ApiRequestError` on failure. */
export function listPlans(): Promise<PlansList> {
  return documentedData('plans/list', {});
}

/** The plans, for the plan change dialog. */
export function usePlansList(enabled = true) {
  return useQuery(queryOptions({ queryKey: ['admin', 'plans'], queryFn: listPlans, enabled }));
}

type CompanyAnswer = Promise<ApiEnvelope<ApiAnswer<'companies/update'>>>;

/** Creates a company. Resolves the envelope with `data.company`. */
export function createCompany(fields: CompanyFields): CompanyAnswer {
  return documentedCall('companies/create', { ...fields });
}

/** Updates company `companyId`. Resolves the envelope with `data.company`. */
export function updateCompany(companyId: number, fields: Partial<CompanyFields>): CompanyAnswer {
  return documentedCall('companies/update', { company_id: companyId, ...fields });
}

/** Puts company `companyId` on plan `planId`. Resolves the envelope with `data.company`. */
export function changeCompanyPlan(companyId: number, planId: string): CompanyAnswer {
  return documentedCall('companies/change-plan', {
    company_id: companyId,
    plan_id: planId,
  });
}

/** Replaces the approved states (two-letter codes) of company `companyId`. */
export function setApprovedStates(companyId: number, approvedStates: string[]): CompanyAnswer {
  return documentedCall('companies/set-approved-states', {
    company_id: companyId,
    approved_states: approvedStates,
  });
}

/** Image types the logo may have (server refuses others: 'The logo is not a valid image.'). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;

/** A logo as companies/set-logo takes it. */
export type CompanyLogo = NonNullable<ApiBody<'companies/set-logo'>['logo']>;

/** Largest logo the server accepts, in bytes (512 KB decoded). */
export const LOGO_MAX_BYTES = 512 * 1024;

/** Sets (or with null removes) the logo of company `companyId`. Resolves `data.company.logo_url`. */
export function setCompanyLogo(companyId: number, logo: CompanyLogo | null): CompanyAnswer {
  return documentedCall('companies/set-logo', { company_id: companyId, logo });
}
