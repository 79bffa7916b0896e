/**
 * User management calls (users/list, get, create, update, delete, assign-agent): fetchers, query
 * options and hooks. SPEC §6 Roles; contract: docs/api-accounts.md Users.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiEnvelope, apiCall, apiData, isPlanLimit } from '../../../lib/api-client.ts';
import type { Role } from './admin-roles.ts';
import type { CreateUserBody, UpdateUserBody, UserRecord } from './admin-types.ts';

/** Filters of users/list: a role, a company (super-admins only), a search text. Empty ones are not sent. */
export interface UsersFilter {
  role?: Role | null;
  company_id?: number | null;
  /** Part of a name or e-mail (server-side, at most 100 characters). */
  search?: string | null;
}

function compact(filter: UsersFilter): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (filter.role) body.role = filter.role;
  if (filter.company_id) body.company_id = filter.company_id;
  const search = filter.search?.trim();
  if (search) body.search = search.slice(0, 100);
  return body;
}

/** Lists users (by name). Admins get their own company only. Throws `ApiRequestError` on failure. */
export async function listUsers(filter: UsersFilter = {}): Promise<UserRecord[]> {
  const data = await apiData<{ users: UserRecord[] }>('users/list', compact(filter));
  return data.users ?? [];
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
export function createUser(body: CreateUserBody): Promise<ApiEnvelope<{ user: UserRecord }>> {
  // The dialog shows a plan limit (402 with error_obj.plan) itself, with the link to the plans.
  return apiCall<{ user: UserRecord }>('users/create', { ...body }, { suppressToast: isPlanLimit });
}

/** Updates the fields present in `body`. Resolves the envelope with `data.user`. */
export function updateUser(body: UpdateUserBody): Promise<ApiEnvelope<{ user: UserRecord }>> {
  return apiCall<{ user: UserRecord }>('users/update', { ...body });
}

/** Deletes user `userId`. Resolves the envelope with `data.deleted_id`. */
export function deleteUser(userId: number): Promise<ApiEnvelope<{ deleted_id: number }>> {
  return apiCall<{ deleted_id: number }>('users/delete', { user_id: userId });
}

/**
 * Assigns agent `agentId` (agents.id, not the user id; null unassigns) to customer user
 * `customerUserId`. Resolves the envelope with the customer in `data.user`.
 */
export function assignAgent(
  customerUserId: number,
  agentId: number | null,
): Promise<ApiEnvelope<{ user: UserRecord }>> {
  return apiCall<{ user: UserRecord }>('users/assign-agent', {
    customer_user_id: customerUserId,
    agent_id: agentId,
  });
}
