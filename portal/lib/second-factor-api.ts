/**
 * The second-factor calls of issue 38 (docs/api-accounts.md Sign-in security): enrolment of an
 * authenticator app, with the session or with the mfa_token of a sign-in that must enrol, and the
 * sign-in's second step with a code or a passkey. A call that completes a sign-in stores its session.
 */
import { storeSessionAnswer } from './account-data.ts';
import { type ApiEnvelope, emptyResult } from './api-client.ts';
import { type ApiAnswer, documentedCall } from './api-operations.ts';
import { getPasskey } from './passkey-ceremony.ts';

/** With an mfa_token the call is the sign-in's (no session yet); without, the signed-in user's. */
const credentialOf = (mfaToken: string | null) => (mfaToken ? { mfa_token: mfaToken } : {});

/** auth/mfa/totp-enroll: a new secret and its otpauth URI (for the QR code). */
export function enrolTotp(mfaToken: string | null) {
  return documentedCall('auth/mfa/totp-enroll', credentialOf(mfaToken), { withSession: !mfaToken });
}

/** auth/mfa/totp-confirm: turns the app on; with an mfa_token the answer's session is stored too. */
export async function confirmTotp(
  code: string,
  mfaToken: string | null,
): Promise<ApiEnvelope<ApiAnswer<'auth/mfa/totp-confirm'>>> {
  const envelope = await documentedCall(
    'auth/mfa/totp-confirm',
    { code, ...credentialOf(mfaToken) },
    { withSession: !mfaToken },
  );
  const data = envelope.status === 'success' ? envelope.data : null;
  if (data?.session_key && data.user && data.company && data.user_settings) {
    storeSessionAnswer({
      session_key: data.session_key,
      user: data.user,
      company: data.company,
      user_settings: data.user_settings,
    });
  }
  return envelope;
}

/** auth/mfa/verify: the sign-in's second step with an app code or a recovery code; stores the session. */
export async function verifySecondFactor(mfaToken: string, code: string) {
  const envelope = await documentedCall(
    'auth/mfa/verify',
    { mfa_token: mfaToken, code },
    { withSession: false },
  );
  if (envelope.status === 'success' && envelope.data) storeSessionAnswer(envelope.data);
  return envelope;
}

/**
 * The sign-in's second step with a passkey: auth/mfa/passkey-options, the browser's prompt, then
 * auth/mfa/passkey-verify, whose session is stored. Answers the first refused envelope, or one of
 * code 0 with the browser's refusal in words (cancelled, timed out; passkey-ceremony.ts).
 */
export async function signInWithPasskey(mfaToken: string): Promise<ApiEnvelope<unknown>> {
  const options = await documentedCall(
    'auth/mfa/passkey-options',
    { mfa_token: mfaToken },
    { withSession: false },
  );
  if (options.status !== 'success' || !options.data) return options;
  const prompt = await getPasskey(options.data);
  if ('error' in prompt) return emptyResult(prompt.error);
  const envelope = await documentedCall(
    'auth/mfa/passkey-verify',
    { mfa_token: mfaToken, response: prompt.response },
    { withSession: false },
  );
  if (envelope.status === 'success' && envelope.data) storeSessionAnswer(envelope.data);
  return envelope;
}
