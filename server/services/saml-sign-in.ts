/**
 * SAML sign-in for a company that configured an identity provider (docs/api-accounts.md SAML,
 * docs/decisions/085-saml-sign-in.md), with @node-saml/node-saml: the redirect to the IdP and the
 * validation of its signed response at the assertion consumer service (ACS).
 */
import type { SAML } from '@node-saml/node-saml';
import { hashSessionKey, newSessionKey } from '../auth/session-key.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { findAccountByEmail, findAccountByUserId } from '../repositories/accounts-repository.ts';
import { findCompanyWithExtras } from '../repositories/companies-repository.ts';
import type { SignInClient } from '../repositories/sessions-repository.ts';
import { insertSignInCode, spendSignInCode } from '../repositories/sign-in-codes-repository.ts';
import { startSession } from './auth-service.ts';
import { companySaml } from './portal-settings/sign-in-settings.ts';

export const SAML_NOT_CONFIGURED = 'SAML sign-in is not configured for this company.';
export const SAML_FAILED = 'SAML sign-in failed.';
export const SAML_NO_USER = 'No user of this company matches the signed-in account.';
export const SAML_CODE_EXPIRED = 'This single sign-on has expired. Sign in again.';

/** How long the one-time code of a SAML return may wait to be spent: 2 minutes, in ms (ADR 748). */
export const SIGN_IN_CODE_TTL_MS = 2 * 60_000;

/** The path of the company's SAML login redirect. */
export function samlLoginPath(companyId: number): string {
  return `/api/auth/saml/${companyId}/login`;
}

async function samlOf(db: Executor, companyId: number, baseUrl: string): Promise<SAML> {
  const entry = Number.isSafeInteger(companyId) ? await findCompanyWithExtras(db, companyId) : null;
  const settings = companySaml(entry?.company ?? null);
  if (!settings?.idp_cert) throw new ApiError(422, SAML_NOT_CONFIGURED);
  // Loaded on the first SAML sign-in, not at every server start (its XML and X.509 packages, ADR 787).
  const { SAML } = await import('@node-saml/node-saml');
  return new SAML({
    entryPoint: settings.entry_point,
    issuer: settings.issuer,
    idpCert: settings.idp_cert,
    callbackUrl: `${baseUrl.replace(/\/+$/, '')}/api/auth/saml/${companyId}/acs`,
    audience: settings.issuer,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
  });
}

/**
 * `{redirect_url}` for a company (or the company of a user's e-mail); 422 SAML_NOT_CONFIGURED
 * when nothing is configured, the company or the e-mail is unknown (no existence leak).
 */
export async function samlStart(db: Executor, input: { company_id?: number; email?: string }) {
  let companyId = input.company_id ?? null;
  if (companyId === null && input.email) {
    companyId = (await findAccountByEmail(db, input.email))?.user.company_id ?? null;
  }
  if (companyId === null) throw new ApiError(422, SAML_NOT_CONFIGURED);
  const entry = await findCompanyWithExtras(db, companyId);
  if (!companySaml(entry?.company ?? null)) throw new ApiError(422, SAML_NOT_CONFIGURED);
  return { redirect_url: samlLoginPath(companyId) };
}

/** The IdP URL to redirect to (AuthnRequest on the redirect binding); 422 SAML_NOT_CONFIGURED. */
export async function samlAuthorizeUrl(db: Executor, companyId: number, baseUrl: string): Promise<string> {
  const saml = await samlOf(db, companyId, baseUrl);
  return saml.getAuthorizeUrlAsync('', undefined, {});
}

/**
 * Validates the IdP's POSTed SAMLResponse and answers a one-time code for the company's user whose
 * e-mail is the NameID (or the `email`/`mail` attribute): the redirect back to the portal carries
 * the code, never a session key; completeSamlSignIn spends it (ADR 748). Throws ApiError 422
 * SAML_NOT_CONFIGURED, 401 SAML_FAILED (bad signature, expired, wrong audience...) or 401
 * SAML_NO_USER.
 */
export async function samlAcs(
  db: Executor,
  companyId: number,
  baseUrl: string,
  samlResponse: string,
  now: Date = new Date(),
): Promise<string> {
  const saml = await samlOf(db, companyId, baseUrl);
  let email: string | null = null;
  try {
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    const candidate = profile?.email ?? profile?.mail ?? profile?.nameID ?? null;
    email = typeof candidate === 'string' ? candidate : null;
  } catch {
    throw new ApiError(401, SAML_FAILED);
  }
  const account = email ? await findAccountByEmail(db, email) : null;
  if (!account || account.user.company_id !== companyId) throw new ApiError(401, SAML_NO_USER);
  const code = newSessionKey();
  await insertSignInCode(
    db,
    hashSessionKey(code),
    account.user.id,
    new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
    now,
  );
  return code;
}

/**
 * Spends the one-time code of a SAML return and starts the session (what login answers), signed
 * in from `client`. Throws ApiError 401 SAML_CODE_EXPIRED for a code unknown, spent or older than
 * SIGN_IN_CODE_TTL_MS, or whose user is gone.
 */
export async function completeSamlSignIn(
  db: Executor,
  code: string,
  client: SignInClient,
  now: Date = new Date(),
) {
  const userId = await spendSignInCode(db, hashSessionKey(code), now);
  const account = userId === null ? null : await findAccountByUserId(db, userId);
  if (!account) throw new ApiError(401, SAML_CODE_EXPIRED);
  return startSession(db, account, client, now);
}
