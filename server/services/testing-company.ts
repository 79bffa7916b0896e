/**
 * Testing companies (SPEC §6): the lists live in server/config/testing-companies.json; names are
 * compared case-insensitively after trimming.
 */
import lists from '../config/testing-companies.json' with { type: 'json' };

/** Which list applies: production when NODE_ENV is 'production', otherwise local. */
export function isProductionEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'production';
}

function normalized(name: string): string {
  return name.trim().toLowerCase();
}

/** The first check's names (lower-case) for this environment. SPEC §6 production and local lists. */
export function testingCompanyNames(env: NodeJS.ProcessEnv = process.env): string[] {
  return (isProductionEnv(env) ? lists.production : lists.local).map(normalized);
}

/**
 * The second check's names (lower-case): TESTING_COMPANY_EXTRA (comma-separated) plus "afoxtech",
 * or locally plus "insurance". SPEC §6.
 */
export function extraTestingCompanyNames(env: NodeJS.ProcessEnv = process.env): string[] {
  const fromEnv = (env.TESTING_COMPANY_EXTRA ?? '')
    .split(',')
    .map(normalized)
    .filter((name) => name !== '');
  const fixed = (isProductionEnv(env) ? lists.extra.production : lists.extra.local).map(normalized);
  return [...new Set([...fromEnv, ...fixed])];
}

/** Whether `companyName` is on the first list. SPEC §6 Testing companies. */
export function isTestingCompany(companyName: string | null | undefined, env?: NodeJS.ProcessEnv): boolean {
  return companyName != null && testingCompanyNames(env).includes(normalized(companyName));
}

/** Whether `companyName` passes the second check. SPEC §6 Testing companies. */
export function isExtraTestingCompany(
  companyName: string | null | undefined,
  env?: NodeJS.ProcessEnv,
): boolean {
  return companyName != null && extraTestingCompanyNames(env).includes(normalized(companyName));
}
