/** The authenticated caller of a request, as the access rules need it. */
import type { UserRole } from '../db/schema.ts';
import type { AccessScope } from '../repositories/access-scope.ts';

export interface Actor {
  userId: number;
  role: UserRole;
  companyId: number | null;
  /** The caller's agent record id, or null when the user is not an agent. */
  agentId: number | null;
  licensedStates: string[];
  /** The session key hash, so logout can revoke it. */
  sessionKeyHash: string;
}

/**
 * Applications the actor may see: super-admin all, admin their company's, agent their own,
 * customer none. Issue 2 §4 Access, SPEC §6.
 */
export function accessScope(actor: Actor): AccessScope {
  if (actor.role === 'super-admin') return { kind: 'all' };
  if (actor.role === 'admin' && actor.companyId !== null)
    return { kind: 'company', companyId: actor.companyId };
  if (actor.role === 'agent' && actor.agentId !== null) return { kind: 'agent', agentId: actor.agentId };
  return { kind: 'none' };
}
