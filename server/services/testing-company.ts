/**
 * Testing companies (SPEC §6): the lists live in server/config/testing-companies.json; names are
 * compared case-insensitively after trimming.
 */
import lists from '../config/testing-companies.json' with { type: 'json' };
import { currentSettings, type Settings } from '../settings/settings.ts';

/** The settings the lists depend on. */
export type TestingCompanySettings = Pick<Settings, 'NODE_ENV' | 'TESTING_COMPANY_EXTRA'>;

/** Which list applies: production when NODE_ENV is 'production', otherwise local. */
export function isProductionEnv(env: TestingCompanySettings = currentSettings()): boolean {
  return env.NODE_ENV === 'production';
}

function normalized(name: string): string {
  return name.trim().toLowerCase();
}

/** The first check's names (lower-case) for this environment. SPEC §6 production and local lists. */
export function testingCompanyNames(env: TestingCompanySettings = currentSettings()): string[] {
  return (isProductionEnv(env) ? lists.production : lists.local).map(normalized);
}

/**
 * The second check's names (lower-case): TESTING_COMPANY_EXTRA (comma-separated) plus "afoxtech",
 * or locally plus "insurance". SPEC §6.
 */
export function extraTestingCompanyNames(env: TestingCompanySettings = currentSettings()): string[] {
  const fromEnv = (env.TESTING_COMPANY_EXTRA ?? '')
    .split(',')
    .map(normalized)
    .filter((name) => name !== '');
  const fixed = (isProductionEnv(env) ? lists.extra.production : lists.extra.local).map(normalized);
  return [...new Set([...fromEnv, ...fixed])];
}

/** Whether `companyName` is on the first list. SPEC §6 Testing companies. */
export function isTestingCompany(
  companyName: string | null | undefined,
  env?: TestingCompanySettings,
): boolean {
  return companyName != null && testingCompanyNames(env).includes(normalized(companyName));
}

/** Whether `companyName` passes the second check. SPEC §6 Testing companies. */
export function isExtraTestingCompany(
  companyName: string | null | undefined,
  env?: TestingCompanySettings,
): boolean {
  return companyName != null && extraTestingCompanyNames(env).includes(normalized(companyName));
}
