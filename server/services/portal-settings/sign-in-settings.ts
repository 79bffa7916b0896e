/**
 * A company's SAML sign-in set-up and sign-in policy as portal settings (issues 38 and 43): the
 * SAML identity provider (its certificate write-only), used only while the company's plan has the
 * SAML area, and a policy that may require SAML only once SAML is set up.
 */
import { companyHasArea } from '../../access/access-rules.ts';
import type { CompanyRow } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import type { SignInPolicy } from '../sign-in-policy.ts';
import {
  type SamlSettings,
  type SettingsChange,
  type StoredSettings,
  storedSettings,
} from './stored-settings.ts';

/** The access area (access/access-areas.json) SAML sign-in needs. */
const SAML_AREA = 'saml';

export const SAML_NOT_SET_UP_MESSAGE = 'Set up SAML sign-in before requiring it.';

/**
 * The company's SAML settings, or null when not configured (all three parts are needed) or when
 * the company's plan lacks SAML sign-in (issue 43): stored settings then stay, unused, until the
 * company has the area again; its users sign in with passwords meanwhile.
 */
export function companySaml(company: CompanyRow | null): SamlSettings | null {
  const saml = company && companyHasArea(company, SAML_AREA) ? storedSettings(company).saml : null;
  return saml?.entry_point && saml.issuer && saml.idp_cert ? saml : null;
}

/** SAML update: `idp_cert` omitted keeps the stored certificate. */
export function samlChange(
  current: StoredSettings,
  saml: { entry_point: string; issuer: string; idp_cert?: string | null } | null,
): SettingsChange {
  if (saml === null) return { settings: { ...current, saml: null } };
  const idpCert = saml.idp_cert === undefined ? (current.saml?.idp_cert ?? null) : saml.idp_cert;
  return {
    settings: { ...current, saml: { entry_point: saml.entry_point, issuer: saml.issuer, idp_cert: idpCert } },
  };
}

/**
 * Sign-in policy update (issue 38). Throws ApiError 422 SAML_NOT_SET_UP_MESSAGE when SAML is
 * required but not set up: nobody of the company could sign in.
 */
export function signInPolicyChange(
  current: StoredSettings,
  policy: SignInPolicy,
  company: CompanyRow,
): SettingsChange {
  if (policy.saml_required && companySaml(company) === null)
    throw new ApiError(422, SAML_NOT_SET_UP_MESSAGE, {
      'sign_in_policy.saml_required': SAML_NOT_SET_UP_MESSAGE,
    });
  return { settings: { ...current, sign_in_policy: policy } };
}
