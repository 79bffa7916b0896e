/**
 * A sign-in step with its audit event (issue 38): `auth.login` (or, for the second step,
 * `auth.mfa_verified`) for the account that signed in, `auth.login_failed` for a refused attempt
 * (targeting the account the e-mail names, if any, so its agency's trail shows guesses at its
 * users). A password step that asks for a second factor records nothing yet: the sign-in is
 * recorded when that step completes. docs/decisions/719-append-only-audit-trail.md.
 */
import type { FastifyRequest } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { findAccountByEmail } from '../repositories/accounts-repository.ts';

/** What a sign-in answers: the user signed in and their agency, or the second step it needs. */
type SignedIn = { user: { id: number; mga_company: { id: number } | null } } | { mfa_required: true };

/**
 * Runs `signIn` (the sign-in of `email`) and records its outcome; answers what it answers and
 * rethrows what it throws (a 401 after recording auth.login_failed).
 */
export async function auditedSignIn<T extends SignedIn>(
  db: Executor,
  request: FastifyRequest,
  email: string | null,
  signIn: () => Promise<T>,
  action: 'auth.login' | 'auth.mfa_verified' = 'auth.login',
): Promise<T> {
  let answer: T;
  try {
    answer = await signIn();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401) {
      const account = email === null ? null : await findAccountByEmail(db, email);
      await recordAuditEvent(db, auditCallerOf(request, account?.user.id ?? null), {
        action: 'auth.login_failed',
        companyId: account?.user.company_id ?? null,
        target: account ? { type: 'user', id: account.user.id } : null,
      });
    }
    throw error;
  }
  if (!('user' in answer)) return answer;
  await recordAuditEvent(db, auditCallerOf(request, answer.user.id), {
    action,
    companyId: answer.user.mga_company?.id ?? null,
    target: { type: 'user', id: answer.user.id },
  });
  return answer;
}
