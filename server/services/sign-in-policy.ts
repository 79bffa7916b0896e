/**
 * A company's sign-in policy (issue 38), stored in companies.settings.sign_in_policy: who must
 * use a second factor, whether password sign-in is refused for SAML, and the idle timeout
 * (docs/decisions/716-company-sign-in-policy.md).
 */
import type { CompanyRow, UserRole } from '../db/schema.ts';
import { DEFAULT_IDLE_TIMEOUT_MINUTES } from '../repositories/accounts-repository.ts';

/** Who must sign in with a second factor: nobody, the company's admins, or everyone. */
export const MFA_REQUIREMENTS = ['none', 'admins', 'everyone'] as const;
export type MfaRequirement = (typeof MFA_REQUIREMENTS)[number];

export interface SignInPolicy {
  mfa_required: MfaRequirement;
  /** Refuse password sign-in: the company's users sign in through its SAML identity provider. */
  saml_required: boolean;
  /** Minutes a session may go unused before it ends (1 to 720); the absolute 12 h stays. */
  idle_timeout_minutes: number;
}

/** The policy of a company that never set one. */
export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = {
  mfa_required: 'none',
  saml_required: false,
  idle_timeout_minutes: DEFAULT_IDLE_TIMEOUT_MINUTES,
};

/** The stored policy of `company` over the defaults (no company, e.g. a super-admin: defaults). */
export function companySignInPolicy(company: CompanyRow | null): SignInPolicy {
  const stored = (company?.settings as { sign_in_policy?: Partial<SignInPolicy> } | undefined)
    ?.sign_in_policy;
  return { ...DEFAULT_SIGN_IN_POLICY, ...stored };
}

/** True when the policy makes a user of `role` sign in with a second factor. */
export function mfaRequiredFor(policy: SignInPolicy, role: UserRole): boolean {
  if (policy.mfa_required === 'everyone') return true;
  return policy.mfa_required === 'admins' && role === 'admin';
}
