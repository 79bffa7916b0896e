/**
 * Login, logout, session look-up and the account view of docs/api.md Auth (SPEC §3 User and
 * Company, §6 trial and expiry).
 */
import { userAccessesFinal } from '../access/access-rules.ts';
import { hashSessionKey, newSessionKey, SESSION_TTL_MS } from '../auth/session-key.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import {
  type Account,
  findAccountOfActiveSession,
  findAccountOfActiveSessionWithApplication,
} from '../repositories/accounts-repository.ts';
import type { FoundApplication } from '../repositories/application-with-relations.ts';
import {
  insertSession,
  revokeSession,
  type SignInClient,
  touchSession,
} from '../repositories/sessions-repository.ts';
import type { Actor } from './actor.ts';
import { companyView } from './company-view.ts';
import { userSettingsOf } from './user-settings.ts';

/**
 * What login and me answer: `{user, company, user_settings}` shaped as docs/api.md Auth and
 * docs/api-accounts.md (SPEC §3 User and Company; eo_expiry from the company's eo_data.expiry;
 * user_accesses_final: the areas the access decision opens, docs/decisions/320).
 */
export function accountView(account: Account, now: Date = new Date()) {
  const { user, company, agent } = account;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      agent: agent ? { id: agent.id, licensed_states: agent.licensed_states } : null,
      customer_id: user.customer_id,
      assigned_agent_id: user.assigned_agent_id,
      mga_company: company ? { id: company.id, name: company.name } : null,
      user_accesses_final: userAccessesFinal(user.role, company, now),
      eo_expiry: company?.eo_data?.expiry ?? null,
    },
    company: company ? companyView(company, account.logoVersion, now) : null,
    user_settings: userSettingsOf(user.settings),
  };
}

/**
 * Stores a new session (12 h, SESSION_TTL_MS) for `account`, signed in from `client`, and answers
 * its key with the account view: what a completed sign-in answers. docs/api.md Auth.
 */
export async function startSession(
  db: Executor,
  account: Account,
  client: SignInClient,
  now: Date = new Date(),
) {
  const key = newSessionKey();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, hashSessionKey(key), account.user.id, expiresAt, client);
  return { session_key: key, ...accountView(account, now) };
}

/** The key hash of a session key; ApiError 401 'Invalid Details' when missing or empty (SPEC §8). */
function keyHashOf(sessionKey: unknown): string {
  if (typeof sessionKey !== 'string' || sessionKey === '') throw new ApiError(401, 'Invalid Details');
  return hashSessionKey(sessionKey);
}

/** The actor of an active session's account; ApiError 401 'Unauthenticated.' without one (SPEC §8). */
function actorOfAccount(account: Account | null, keyHash: string): { actor: Actor; account: Account } {
  if (!account) throw new ApiError(401, 'Unauthenticated.');
  return {
    account,
    actor: {
      userId: account.user.id,
      role: account.user.role,
      companyId: account.user.company_id,
      agentId: account.agent?.id ?? null,
      licensedStates: account.agent?.licensed_states ?? [],
      sessionKeyHash: keyHash,
    },
  };
}

/** How stale a session's last use may get before a call writes it again: 1 minute, in ms. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * Writes `now` as the session's last use when the stored one is older than LAST_SEEN_RESOLUTION_MS:
 * the idle timeout counts from it, and most calls cost no write (docs/decisions/715-idle-timeout.md).
 */
async function touchWhenStale(db: Executor, account: Account | null, now: Date): Promise<void> {
  const session = account?.session;
  if (session && now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS)
    await touchSession(db, session.id, now);
}

/**
 * The actor of a session key. Throws ApiError 401 'Invalid Details' when the key is missing or
 * empty and 401 'Unauthenticated.' when it is unknown, expired or revoked. SPEC §6, §8.
 */
export async function authenticate(
  db: Executor,
  sessionKey: unknown,
  now: Date = new Date(),
): Promise<{ actor: Actor; account: Account }> {
  const keyHash = keyHashOf(sessionKey);
  const account = await findAccountOfActiveSession(db, keyHash, now);
  await touchWhenStale(db, account, now);
  return actorOfAccount(account, keyHash);
}

/**
 * authenticate, with application `applicationId` (and its notes, quotes and the latest published
 * schema version) read in the same statement: `application` is null when no row has that id and
 * is NOT yet checked against the actor's access scope (getApplication does that). Same errors as
 * authenticate. docs/decisions/590-get-in-one-statement.md.
 */
export async function authenticateWithApplication(
  db: Executor,
  sessionKey: unknown,
  applicationId: number,
  now: Date = new Date(),
): Promise<{ actor: Actor; account: Account; application: FoundApplication | null }> {
  const keyHash = keyHashOf(sessionKey);
  const found = await findAccountOfActiveSessionWithApplication(db, keyHash, now, applicationId);
  await touchWhenStale(db, found?.account ?? null, now);
  const { actor, account } = actorOfAccount(found?.account ?? null, keyHash);
  return { actor, account, application: found?.application ?? null };
}

/** Revokes the actor's session key. docs/api.md Auth. */
export async function logout(db: Executor, actor: Actor, now: Date = new Date()): Promise<void> {
  await revokeSession(db, actor.sessionKeyHash, now);
}
