/** The subscription plans, as data in server/config/plans.json (docs/decisions/083). */
import planFile from '../config/plans.json' with { type: 'json' };

/** A plan: price in dollars per month; max_users null = unlimited. */
export interface Plan {
  id: string;
  name: string;
  price_monthly: number;
  max_users: number | null;
  features: string[];
  /** The areas the plan opens (access/access-areas.json permissions; docs/decisions/320). */
  permissions: string[];
}

/** Every plan, cheapest first. docs/api-accounts.md Plans. */
export const PLANS: readonly Plan[] = planFile.plans;

/** Plan ids, for request schemas. */
export const PLAN_IDS: string[] = PLANS.map((plan) => plan.id);

/** The plan of an id, or null. */
export function findPlan(id: string | null | undefined): Plan | null {
  return PLANS.find((plan) => plan.id === id) ?? null;
}
