/** Whether the signed-in user's company is a testing company (SPEC §6; flag computed by the server). */
import type { StoredUser } from './auth-store.ts';

/**
 * True only when the stored company says `is_testing_company: true` (docs/api-accounts.md: the
 * server compares the company name case-insensitively with SPEC §6's lists). SPEC §2 Shell, §6.
 */
export function isTestingCompany(user: StoredUser | null | undefined): boolean {
  return user?.company?.is_testing_company === true;
}
