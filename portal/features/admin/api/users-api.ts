/**
 * User management calls (users/list, get, create, update, delete, assign-agent, reset-mfa):
 * fetchers, query options and hooks. SPEC §6 Roles; contract: docs/api-accounts.md Users.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiEnvelope, isPlanLimit } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import type { CreatableRole, Role } from './admin-roles.ts';

/** A user as users/list, get, create and update answer it. */
export type UserRecord = ApiAnswer<'users/list'>['users'][number];

/** Body of users/create (without session_key); the portal creates admins, agents and customers. */
export type CreateUserBody = ApiBody<'users/create'> & { role: CreatableRole };

/** Body of users/update (without session_key): only what changes. */
export type UpdateUserBody = ApiBody<'users/update'> & { user_id: number; role?: CreatableRole };

/** Filters of users/list: a role, a company (super-admins only), a search text. Empty ones are not sent. */
export interface UsersFilter {
  role?: Role | null;
  company_id?: number | null;
  /** Part of a name or e-mail (server-side, at most 100 characters). */
  search?: string | null;
}

function compact(filter: UsersFilter): ApiBody<'users/list'> {
  const body: ApiBody<'users/list'> = {};
  if (filter.role) body.role = filter.role;
  if (filter.company_id) body.company_id = filter.company_id;
  const search = filter.search?.trim();
  if (search) body.search = search.slice(0, 100);
  return body;
}

/** Lists users (by name). Admins get their own company only. Throws `ApiRequestError` on failure. */
export async function listUsers(filter: UsersFilter = {}): Promise<UserRecord[]> {
  const data = await documentedData('users/list', compact(filter));
  return data.users;
}

/** Query options of users/list for `filter`. */
export function usersListQueryOptions(filter: UsersFilter = {}, enabled = true) {
  return queryOptions({
    queryKey: ['admin', 'users', compact(filter)],
    queryFn: () => listUsers(filter),
    enabled,
  });
}

/** The users for `filter`; `enabled` false waits (a closed dialog). */
export function useUsersList(filter: UsersFilter = {}, enabled = true) {
  return useQuery(usersListQueryOptions(filter, enabled));
}

/** Creates a user (role admin, agent or customer; SPEC §6). Resolves the envelope with `data.user`. */
export function createUser(body: CreateUserBody): Promise<ApiEnvelope<ApiAnswer<'users/create'>>> {
  // The dialog shows a plan limit (402 with error_obj.plan) itself, with the link to the plans.
  return documentedCall('users/create', { ...body }, { suppressToast: isPlanLimit });
}

/** Updates the fields present in `body`. Resolves the envelope with `data.user`. */
export function updateUser(body: UpdateUserBody): Promise<ApiEnvelope<ApiAnswer<'users/update'>>> {
  return documentedCall('users/update', { ...body });
}

/** Deletes user `userId`. Resolves the envelope with `data.deleted_id`. */
export function deleteUser(userId: number): Promise<ApiEnvelope<ApiAnswer<'users/delete'>>> {
  return documentedCall('users/delete', { user_id: userId });
}

/**
 * Removes the two-step sign-in (app, recovery codes, passkeys) of user `userId` and ends their
 * sessions (ADR 755). Resolves the envelope with `{user_id, totp_removed, passkeys_removed}`.
 */
export function resetUserMfa(userId: number): Promise<ApiEnvelope<ApiAnswer<'users/reset-mfa'>>> {
  return documentedCall('users/reset-mfa', { user_id: userId });
}

/**
 * Assigns agent `agentId` (agents.id, not the user id; null unassigns) to customer user
 * `customerUserId`. Resolves the envelope with the customer in `data.user`.
 */
export function assignAgent(
  customerUserId: number,
  agentId: number | null,
): Promise<ApiEnvelope<ApiAnswer<'users/assign-agent'>>> {
  return documentedCall('users/assign-agent', {
    customer_user_id: customerUserId,
    agent_id: agentId,
  });
}
