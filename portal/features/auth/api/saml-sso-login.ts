/** SAML sign-in: auth/saml-sso-login (open) and the return with ?session_key=. docs/api-accounts.md Auth. */

import { type AccountData, storeSessionAnswer } from '../../../lib/account-data.ts';
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';
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
 * Completes a SAML return: reads the account of `sessionKey` with auth/me and stores the session.
 * Returns the envelope; nothing is stored unless it succeeded.
 */
export async function completeSamlLogin(sessionKey: string): Promise<ApiEnvelope<AccountData>> {
  // The key is not the stored one yet, so it is sent here rather than added by apiCall.
  const envelope = await apiCall<AccountData>(
    'auth/me',
    { session_key: sessionKey },
    { withSession: false, silent: true },
  );
  if (envelope.status === 'success' && envelope.data)
    storeSessionAnswer({ ...envelope.data, session_key: sessionKey });
  return envelope;
}
