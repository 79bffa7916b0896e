/**
 * The one access decision for pages and calls (issue 20; SPEC §6 "Features are governed by company
 * permissions, trial state, the trial-disabled flag and active subscription"). Pure and generic:
 * it knows no area, role or path; which permission gates which page and call is data
 * (access/access-areas.json). The portal and the server both decide with it, so the portal
 * never shows an area the server refuses, nor hides one it allows.
 * docs/decisions/320-one-access-decision.md.
 */

/** One gated area: the permission it needs, who may open it, and the pages and calls it covers. */
export interface AccessArea {
  /** The company permission that opens the area; also its name in `user_accesses_final`. */
  permission: string;
  /** How messages name the area. */
  label: string;
  /** Roles that may use the area at all. */
  roles: string[];
  /** True when the area also needs an active subscription or trial. */
  subscription: boolean;
  /** Portal paths of the area: each matches itself and every path below it. */
  pages: string[];
  /** Route URLs of the area's calls: each matches itself and every URL below it. */
  calls: string[];
}

/** The rules: the areas, and the roles no permission or subscription restricts. */
export interface AccessRules {
  /** Roles exempt from the permission and subscription checks (never from the role check). */
  unrestricted_roles: string[];
  /** The plan whose permissions a company without a chosen plan has. */
  default_plan: string;
  areas: AccessArea[];
}

/** Who asks: a role and their company's state (SPEC §3 Company fields). */
export interface AccessSubject {
  role: string;
  /** The company's permissions: its plan's, plus its additions, minus its removals. */
  permissions: readonly string[];
  has_active_subscription: boolean;
  /** Whole days left of the trial; 0 without a trial end or once it has passed (SPEC §3). */
  trial_remaining_days: number;
  is_trial_disabled: boolean;
}

/** Why an area is refused, with the HTTP status the server answers (SPEC §8). */
export type AccessRefusal =
  | { reason: 'role'; status: 403 }
  | { reason: 'subscription'; status: 402 }
  | { reason: 'permission'; status: 403 };

/** `{ allowed: true }`, or the refusal; checks run role, then subscription, then permission. */
export type AccessDecision = { allowed: true } | ({ allowed: false } & AccessRefusal);

/**
 * A trial is active when days remain and it is not disabled (days remain only with an end date).
 * SPEC §6.
 */
export function trialActive(subject: Pick<AccessSubject, 'trial_remaining_days' | 'is_trial_disabled'>) {
  return !subject.is_trial_disabled && subject.trial_remaining_days > 0;
}

/**
 * Whether `subject` may use `area`: a role outside `area.roles` is refused 403 'role'; then,
 * unless the role is unrestricted, an area needing a subscription is refused 402 'subscription'
 * without an active subscription or trial, and 403 'permission' without the area's permission.
 */
export function decideAccess(rules: AccessRules, subject: AccessSubject, area: AccessArea): AccessDecision {
  if (!area.roles.includes(subject.role)) return { allowed: false, reason: 'role', status: 403 };
  if (rules.unrestricted_roles.includes(subject.role)) return { allowed: true };
  if (area.subscription && !subject.has_active_subscription && !trialActive(subject))
    return { allowed: false, reason: 'subscription', status: 402 };
  if (!subject.permissions.includes(area.permission))
    return { allowed: false, reason: 'permission', status: 403 };
  return { allowed: true };
}

/** The permissions of the areas `subject` may use, in the rules' order: `user_accesses_final`. */
export function grantedAreas(rules: AccessRules, subject: AccessSubject): string[] {
  return rules.areas.filter((area) => decideAccess(rules, subject, area).allowed).map((a) => a.permission);
}

/** True when `path` is `entry` or below it ('/a' and '/a/' both cover '/a/b', not '/ab'). */
function covers(entry: string, path: string): boolean {
  return path === entry || path.startsWith(entry.endsWith('/') ? entry : `${entry}/`);
}

/**
 * The area whose `pages` (or `calls`) cover `path`, the longest entry winning; null when none
 * does (the path is not gated).
 */
export function areaOfPath(rules: AccessRules, path: string, kind: 'pages' | 'calls'): AccessArea | null {
  let best: { area: AccessArea; length: number } | null = null;
  for (const area of rules.areas) {
    for (const entry of area[kind]) {
      if (covers(entry, path) && (!best || entry.length > best.length)) best = { area, length: entry.length };
    }
  }
  return best?.area ?? null;
}

/**
 * The company's permissions: its plan's (the default plan's without a plan), plus its own
 * additions (`permissions`), minus its own removals (`denied_permissions`), in that order: a
 * removal wins over the plan and over an addition (issue 43; docs/decisions/764). Plan order
 * first, then additions in their order; no repeats.
 */
export function companyPermissions(
  rules: AccessRules,
  plans: readonly { id: string; permissions: readonly string[] }[],
  company: {
    plan_id: string | null;
    permissions: readonly string[];
    denied_permissions?: readonly string[] | null;
  },
): string[] {
  const planId = company.plan_id ?? rules.default_plan;
  const plan = plans.find((entry) => entry.id === planId);
  const denied = new Set(company.denied_permissions ?? []);
  return [...new Set([...(plan?.permissions ?? []), ...company.permissions])].filter((p) => !denied.has(p));
}

/**
 * The refusal of an area the company's plan, additions and removals do not grant, naming the
 * cheapest plan of `plans` (cheapest first) that has it: "Your plan does not include Reporting.
 * The Pro plan has it." (no second sentence when no plan has the area). The server answers it
 * with its 403; the portal shows it where a locked feature would be. Issue 43, docs/decisions/764.
 */
export function notInPlanText(
  area: Pick<AccessArea, 'label' | 'permission'>,
  plans: readonly { name: string; permissions: readonly string[] }[],
): string {
  const plan = plans.find((entry) => entry.permissions.includes(area.permission));
  const refusal = `Your plan does not include ${area.label}.`;
  return plan ? `${refusal} The ${plan.name} plan has it.` : refusal;
}
