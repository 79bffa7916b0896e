/**
 * User management (SPEC §6, docs/api-accounts.md Users): super-admins manage every user, admins
 * the non-super-admin users of their company; agents and customers manage none. Each write is one
 * transaction.
 */
import { type AuditCaller, recordAuditEvent } from '../audit/record-audit-event.ts';
import { refuseCommonPassword } from '../auth/common-password.ts';
import { hashPassword } from '../auth/hash-password.ts';
import type { Executor } from '../db/database.ts';
import type { UserRole } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findAccountByUserId, findAgent } from '../repositories/accounts-repository.ts';
import { findCompanyForUpdate, findCompanyWithExtras } from '../repositories/companies-repository.ts';
import { isUniqueViolation } from '../repositories/is-unique-violation.ts';
import { deleteSecondFactors } from '../repositories/mfa-repository.ts';
import { revokeUserSessions } from '../repositories/sessions-repository.ts';
import {
  agentHasApplications,
  countCompanyUsers,
  deleteUser,
  findUserRecord,
  insertUser,
  listUsers,
  type UserRecordRow,
  updateUser,
  upsertAgent,
  userIdByEmail,
} from '../repositories/users-repository.ts';
import {
  CHOOSE_A_COMPANY,
  COMPANY_NOT_FOUND,
  canManageUser,
  FORBIDDEN,
  requireRole,
  USER_NOT_FOUND,
} from './account-access.ts';
import type { Actor } from './actor.ts';
import { INVITATION_TTL_MS, issuePasswordToken, sendInvitation } from './password-reset-service.ts';
import { findPlan, type Plan } from './plans.ts';
import { EMAIL_TAKEN, normalizeEmail } from './profile-service.ts';
import { checkStateCodes } from './state-codes.ts';
import { userRecordView } from './user-record-view.ts';

/** Roles a user may be created with or changed to (SPEC §6). */
export const CREATABLE_ROLES = ['admin', 'agent', 'customer'] as const;
export type CreatableRole = (typeof CREATABLE_ROLES)[number];

export const CANNOT_DELETE_YOURSELF = 'You cannot delete yourself.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.';
export const ONLY_AGENTS_LICENSED = 'Only agents have licensed states.';
export const AGENT_HAS_APPLICATIONS = 'This agent has applications and cannot be deleted.';
export const AGENT_NOT_FOUND = 'Agent not found.';
export const ONLY_CUSTOMERS_ASSIGNED = 'Only customers can be assigned an agent.';
export const CANNOT_RESET_OWN_MFA =
  'You cannot reset your own two-step sign-in. Ask another admin, or change it on your profile.';

/** The company's plan has as many users as it allows (server/config/plans.json max_users). */
export function planUserLimitMessage(plan: Plan): string {
  return `The ${plan.name} plan allows ${plan.max_users} users. Choose a larger plan on the Plans page to add more.`;
}

const MANAGERS: UserRole[] = ['super-admin', 'admin'];

/** A concurrent request that took the same e-mail between our check and our write is a 409 too. */
async function emailRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

/**
 * Throws ApiError 402 planUserLimitMessage when the company already has its plan's max_users
 * (unlimited: null; no plan: no limit). Locks the company row, so two creations cannot both pass.
 */
async function requireRoomForUser(tx: Executor, companyId: number): Promise<void> {
  const plan = findPlan((await findCompanyForUpdate(tx, companyId))?.plan_id);
  if (plan?.max_users == null) return;
  if ((await countCompanyUsers(tx, companyId)) >= plan.max_users) {
    const message = planUserLimitMessage(plan);
    throw new ApiError(402, message, { plan: message });
  }
}

async function managedUser(db: Executor, actor: Actor, userId: number): Promise<UserRecordRow> {
  const row = await findUserRecord(db, userId);
  if (!row || !canManageUser(actor, row.user)) throw new ApiError(404, USER_NOT_FOUND);
  return row;
}

async function recordOf(db: Executor, userId: number) {
  const row = await findUserRecord(db, userId);
  if (!row) throw new ApiError(404, USER_NOT_FOUND);
  return userRecordView(row);
}

/** Users the caller manages, filtered. Admins: their company only (another is 404). */
export async function listManagedUsers(
  db: Executor,
  actor: Actor,
  filter: { companyId?: number; role?: UserRole; search?: string },
) {
  requireRole(actor, MANAGERS);
  let companyId = filter.companyId;
  if (actor.role === 'admin') {
    if (companyId !== undefined && companyId !== actor.companyId) throw new ApiError(404, COMPANY_NOT_FOUND);
    companyId = actor.companyId ?? -1;
  }
  const rows = await listUsers(db, { ...filter, companyId });
  return { users: rows.filter((row) => canManageUser(actor, row.user)).map(userRecordView) };
}

/** One managed user; 404 'User not found.' otherwise. */
export async function getManagedUser(db: Executor, actor: Actor, userId: number) {
  requireRole(actor, MANAGERS);
  return { user: userRecordView(await managedUser(db, actor, userId)) };
}

export interface CreateUserInput {
  name: string;
  email: string;
  /** Absent: the user is invited to choose one (an e-mailed set-password link, 72 hours). */
  password?: string;
  role: CreatableRole;
  companyId?: number;
  phone?: string | null;
  licensedStates?: string[];
}

/** What sends the invitation of a user created without a password. */
export interface InvitationSender {
  mailer: Mailer;
  /** The portal's public URL, the base of the set-password link. */
  baseUrl: string;
  /** Told why an invitation could not be sent (the answer says only that it was not). */
  onMailError: (error: unknown) => void;
}

/**
 * A password hash no password matches (verifyPassword is false for anything not `scrypt$...`):
 * an invited user signs in only after choosing a password through the invitation link.
 */
export const INVITED_PASSWORD_HASH = 'invited';

/**
 * Creates a user (and the agent record of an agent). SPEC §6: only super-admins (any company,
 * company_id required: 422 'Choose a company.') and admins (own company; another is 403) create
 * users, with role admin, agent or customer. Throws 409 EMAIL_TAKEN, 422 ONLY_AGENTS_LICENSED.
 * Without a password the user is invited (issue 16): a set-password token valid 72 hours is
 * stored with the user and e-mailed by `invitations` once committed; `invitation` answers where
 * it went and until when, and `delivered` false when the mail could not be sent (the user exists
 * and can still use Forgot password).
 */
export async function createUser(
  db: Executor,
  actor: Actor,
  input: CreateUserInput,
  invitations?: InvitationSender,
  now: Date = new Date(),
) {
  requireRole(actor, MANAGERS);
  let companyId: number;
  if (actor.role === 'super-admin') {
    if (input.companyId === undefined)
      throw new ApiError(422, CHOOSE_A_COMPANY, { company_id: CHOOSE_A_COMPANY });
    if (!(await findCompanyWithExtras(db, input.companyId))) throw new ApiError(404, COMPANY_NOT_FOUND);
    companyId = input.companyId;
  } else {
    if (actor.companyId === null) throw new ApiError(403, FORBIDDEN);
    if (input.companyId !== undefined && input.companyId !== actor.companyId)
      throw new ApiError(403, FORBIDDEN);
    companyId = actor.companyId;
  }
  if (input.licensedStates !== undefined && input.role !== 'agent') {
    throw new ApiError(422, ONLY_AGENTS_LICENSED, { licensed_states: ONLY_AGENTS_LICENSED });
  }
  const states = checkStateCodes(input.licensedStates ?? [], 'licensed_states');
  const email = normalizeEmail(input.email);
  if (input.password !== undefined) await refuseCommonPassword(input.password);
  const passwordHash =
    input.password === undefined ? INVITED_PASSWORD_HASH : await hashPassword(input.password);
  const created = await emailRace(
    db.transaction(async (tx) => {
      if ((await userIdByEmail(tx, email)) !== null)
        throw new ApiError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
      await requireRoomForUser(tx, companyId);
      const id = await insertUser(tx, {
        email,
        name: input.name.trim(),
        role: input.role,
        password_hash: passwordHash,
        company_id: companyId,
        phone: input.phone ?? null,
      });
      if (input.role === 'agent') await upsertAgent(tx, id, states);
      const token =
        input.password === undefined ? await issuePasswordToken(tx, id, INVITATION_TTL_MS, now) : null;
      return { id, token };
    }),
  );
  const user = await recordOf(db, created.id);
  if (!created.token) return { user, invitation: null };
  const { token, expiresAt } = created.token;
  const account = await findAccountByUserId(db, created.id);
  const delivered =
    account && invitations
      ? await sendInvitation(invitations.mailer, account, token, invitations.baseUrl).then(
          () => true,
          (error: unknown) => {
            invitations.onMailError(error);
            return false;
          },
        )
      : false;
  return { user, invitation: { sent_to: user.email, expires_at: expiresAt.toISOString(), delivered } };
}

export interface UpdateUserInput {
  name?: string;
  email?: string;
  phone?: string | null;
  role?: CreatableRole;
  licensedStates?: string[];
}

/**
 * Updates a managed user. Changing to role agent creates the agent record; licensed states only
 * for agents (422); your own role cannot change (422); e-mail unique (409). Answers the user's
 * record and `previousRole`, the role before the change (the route audits a change, issue 38).
 */
export async function updateManagedUser(db: Executor, actor: Actor, userId: number, input: UpdateUserInput) {
  requireRole(actor, MANAGERS);
  const row = await managedUser(db, actor, userId);
  if (input.role !== undefined && input.role !== row.user.role && userId === actor.userId) {
    throw new ApiError(422, CANNOT_CHANGE_OWN_ROLE, { role: CANNOT_CHANGE_OWN_ROLE });
  }
  const role = input.role ?? row.user.role;
  if (input.licensedStates !== undefined && role !== 'agent') {
    throw new ApiError(422, ONLY_AGENTS_LICENSED, { licensed_states: ONLY_AGENTS_LICENSED });
  }
  const states =
    input.licensedStates === undefined ? undefined : checkStateCodes(input.licensedStates, 'licensed_states');
  await emailRace(
    db.transaction(async (tx) => {
      const patch: { name?: string; email?: string; phone?: string | null; role?: UserRole } = {};
      if (input.name !== undefined) patch.name = input.name.trim();
      if (input.phone !== undefined) patch.phone = input.phone;
      if (input.role !== undefined) patch.role = input.role;
      if (input.email !== undefined) {
        patch.email = normalizeEmail(input.email);
        const owner = await userIdByEmail(tx, patch.email);
        if (owner !== null && owner !== userId) throw new ApiError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
      }
      if (Object.keys(patch).length > 0) await updateUser(tx, userId, patch);
      if (role === 'agent' && (states !== undefined || row.agent === null)) {
        await upsertAgent(tx, userId, states ?? row.agent?.licensed_states ?? []);
      }
    }),
  );
  return { user: await recordOf(db, userId), previousRole: row.user.role };
}

/**
 * Deletes a managed user (not yourself: 422). An agent with applications stays (409), so no
 * application loses its agent. Sessions go with the user.
 */
export async function deleteManagedUser(db: Executor, actor: Actor, userId: number, now: Date = new Date()) {
  requireRole(actor, MANAGERS);
  if (userId === actor.userId) throw new ApiError(422, CANNOT_DELETE_YOURSELF);
  const row = await managedUser(db, actor, userId);
  await db.transaction(async (tx) => {
    if (row.agent && (await agentHasApplications(tx, row.agent.id)))
      throw new ApiError(409, AGENT_HAS_APPLICATIONS);
    await revokeUserSessions(tx, userId, now);
    await deleteUser(tx, userId);
  });
  return { deleted_id: userId };
}

/**
 * Ends every session of a managed user (issue 38): super-admins for anyone, admins for a user of
 * their company (another company's is 404 'User not found.'); agents and customers 403.
 */
export async function revokeManagedUserSessions(
  db: Executor,
  actor: Actor,
  userId: number,
  now: Date = new Date(),
) {
  requireRole(actor, MANAGERS);
  await managedUser(db, actor, userId);
  await revokeUserSessions(db, userId, now);
  return { user_id: userId };
}

/**
 * Resets the two-step sign-in of a user the caller manages, who lost their device (issue 38,
 * ADR 755): removes their authenticator app, recovery codes and passkeys, spends their sign-ins
 * half-way, ends their sessions and records `user.mfa_reset` in the target's company's trail, in
 * one transaction. Answers `{user_id, totp_removed, passkeys_removed}`. Throws ApiError 403 for
 * agents and customers, 404 USER_NOT_FOUND for a user the caller may not manage, 422
 * CANNOT_RESET_OWN_MFA for oneself.
 */
export async function resetManagedUserMfa(
  db: Executor,
  actor: Actor,
  userId: number,
  caller: AuditCaller,
  now: Date = new Date(),
) {
  requireRole(actor, MANAGERS);
  const target = await managedUser(db, actor, userId);
  if (userId === actor.userId) throw new ApiError(422, CANNOT_RESET_OWN_MFA);
  return db.transaction(async (tx) => {
    const removed = await deleteSecondFactors(tx, userId, now);
    await revokeUserSessions(tx, userId, now);
    await recordAuditEvent(tx, caller, {
      action: 'user.mfa_reset',
      companyId: target.user.company_id,
      target: { type: 'user', id: userId },
      details: removed,
    });
    return { user_id: userId, totp_removed: removed.totp, passkeys_removed: removed.passkeys };
  });
}

/**
 * Assigns an agent (agents.id; null unassigns) to a customer of the same company. 404 for a
 * customer or agent the caller may not manage, 422 when the user is not a customer.
 */
export async function assignAgentToCustomer(
  db: Executor,
  actor: Actor,
  customerUserId: number,
  agentId: number | null,
) {
  requireRole(actor, MANAGERS);
  const customer = await managedUser(db, actor, customerUserId);
  if (customer.user.role !== 'customer') throw new ApiError(422, ONLY_CUSTOMERS_ASSIGNED);
  if (agentId !== null) {
    const agent = await findAgent(db, agentId);
    if (!agent || agent.company_id !== customer.user.company_id) throw new ApiError(404, AGENT_NOT_FOUND);
  }
  await db.transaction(async (tx) => updateUser(tx, customerUserId, { assigned_agent_id: agentId }));
  return { user: await recordOf(db, customerUserId) };
}
