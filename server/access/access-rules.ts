/**
 * The access rules of access/access-areas.json with the plans of server/config/plans.json,
 * and the server's use of the one decision (access/access-decision.ts): the subject of a
 * stored company, `user_accesses_final`, and the refusal of a call (SPEC §6, §8).
 * docs/decisions/320-one-access-decision.md.
 */
import rulesFile from '../../access/access-areas.json' with { type: 'json' };
import {
  type AccessArea,
  type AccessRefusal,
  type AccessRules,
  type AccessSubject,
  areaOfPath,
  companyPermissions,
  decideAccess,
  grantedAreas,
  notInPlanText,
} from '../../access/access-decision.ts';
import type { CompanyRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { trialRemainingDays } from '../services/company-status.ts';
import { FORBIDDEN_MESSAGE } from '../services/owned-application.ts';
import { PLANS } from '../services/plans.ts';

/** The rules every page and call is decided with. */
export const ACCESS_RULES: AccessRules = rulesFile;

export const SUBSCRIPTION_REQUIRED = 'Subscription required.';

/** The 403 of an area the company lacks: notInPlanText over server/config/plans.json (ADR 764). */
export function notInPlanMessage(area: Pick<AccessArea, 'label' | 'permission'>): string {
  return notInPlanText(area, PLANS);
}

/** The message of a refusal of `area` (SPEC §8 envelope message). */
export function refusalMessage(
  refusal: AccessRefusal,
  area: Pick<AccessArea, 'label' | 'permission'>,
): string {
  if (refusal.reason === 'subscription') return SUBSCRIPTION_REQUIRED;
  if (refusal.reason === 'permission') return notInPlanMessage(area);
  return FORBIDDEN_MESSAGE;
}

/** The subject of a `role` in a stored company at `now`; no company: no permission, no subscription. */
export function accessSubjectOf(
  role: string,
  company: CompanyRow | null,
  now: Date = new Date(),
): AccessSubject {
  return {
    role,
    permissions: company ? companyPermissions(ACCESS_RULES, PLANS, company) : [],
    has_active_subscription: company?.has_active_subscription ?? false,
    trial_remaining_days: company ? trialRemainingDays(company, now) : 0,
    is_trial_disabled: company?.is_trial_disabled ?? false,
  };
}

/**
 * True when `company`'s plan, additions and removals give the area `permission` (issue 43): what
 * makes a feature take effect whoever set it up (a super-admin may set up any company's), e.g.
 * SAML sign-in and partner API keys.
 */
export function companyHasArea(company: CompanyRow | null, permission: string): boolean {
  return company !== null && companyPermissions(ACCESS_RULES, PLANS, company).includes(permission);
}

/**
 * Throws ApiError 403 notInPlanMessage when `company` lacks the area `permission` (companyHasArea);
 * a permission no area has is a server bug (a plain Error, 500).
 */
export function requireCompanyArea(company: CompanyRow | null, permission: string): void {
  const area = ACCESS_RULES.areas.find((entry) => entry.permission === permission);
  if (!area) throw new Error(`no access area ${permission}`);
  if (!companyHasArea(company, permission)) throw new ApiError(403, notInPlanMessage(area));
}

/** `user_accesses_final` of the login and me answers: the areas the decision opens to the user. */
export function userAccessesFinal(
  role: string,
  company: CompanyRow | null,
  now: Date = new Date(),
): string[] {
  return grantedAreas(ACCESS_RULES, accessSubjectOf(role, company, now));
}

/** areaOfPath of each route URL asked so far: route patterns, a bounded set. */
const callAreas = new Map<string, AccessArea | null>();

/** The area covering call `url` (areaOfPath over ACCESS_RULES), looked up once per URL. */
function callAreaOf(url: string): AccessArea | null {
  let area = callAreas.get(url);
  if (area === undefined) {
    area = areaOfPath(ACCESS_RULES, url, 'calls');
    callAreas.set(url, area);
  }
  return area;
}

/**
 * Throws the ApiError of a call to route `url` the decision refuses: 403 'Forbidden.' for a role
 * outside the area, 402 'Subscription required.', 403 notInPlanMessage. A URL no area covers is a
 * route wired to the guard by mistake: a plain Error (500).
 */
export function requireCallAccess(
  role: string,
  url: string | undefined,
  company: CompanyRow | null,
  now: Date = new Date(),
): void {
  const area = url === undefined ? null : callAreaOf(url);
  if (!area) throw new Error(`no access area covers the call ${url}`);
  const decision = decideAccess(ACCESS_RULES, accessSubjectOf(role, company, now), area);
  if (!decision.allowed) throw new ApiError(decision.status, refusalMessage(decision, area));
}
