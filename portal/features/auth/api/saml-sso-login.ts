/**
 * SAML sign-in: auth/saml-sso-login (open) and the return with a one-time `?code=`, spent by
 * auth/saml-sso-complete for the session (the redirect never carries a session key: ADR 748).
 * docs/api-accounts.md Auth.
 */

import { storeSessionAnswer } from '../../../lib/account-data.ts';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';

/** What identifies the company: its numeric id, or the e-mail of one of its users (the server resolves its company). */
export type SamlIdentifier = { company_id: number } | { email: string };

/**
 * Reads the field of the SAML page: all digits is a company id, `local@domain` an e-mail. Null for
 * anything else, a bare domain included: the server resolves an e-mail to its user's company
 * (docs/api-accounts.md), so a domain alone cannot find one (ADR 094).
 */
export function samlIdentifierOf(input: string): SamlIdentifier | null {
  const value = input.trim();
  if (/^\d+$/.test(value)) return { company_id: Number(value) };
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { email: value };
  return null;
}

/**
 * Asks where the company's SAML sign-in starts. Success: `data.redirect_url` (a path under /api).
 * 422 'SAML sign-in is not configured for this company.' is returned, not toasted, for the page.
 */
export function startSamlLogin(
  identifier: SamlIdentifier,
): Promise<ApiEnvelope<ApiAnswer<'auth/saml-sso-login'>>> {
  return documentedCall('auth/saml-sso-login', identifier, {
    withSession: false,
    suppressToast: (envelope) => envelope.code === 422,
  });
}

/**
 * Completes a SAML return: spends its one-time `code` with auth/saml-sso-complete and stores the
 * session it answers. Returns the envelope; nothing is stored unless it succeeded (401 for a code
 * spent or older than 2 minutes).
 */
export async function completeSamlLogin(
  code: string,
): Promise<ApiEnvelope<ApiAnswer<'auth/saml-sso-complete'>>> {
  const envelope = await documentedCall(
    'auth/saml-sso-complete',
    { code },
    { withSession: false, silent: true },
  );
  if (envelope.status === 'success' && envelope.data) storeSessionAnswer(envelope.data);
  return envelope;
}
