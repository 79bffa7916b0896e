/**
 * The one audit writer (issue 38; docs/decisions/719-append-only-audit-trail.md): every audited
 * action calls recordAuditEvent once it has succeeded, with the caller's session (or, for a
 * sign-in, the account signing in), the agency whose trail shows it, its target and the client
 * address. The row's person is the user who signed in even inside a switched session, so a
 * super-admin acting as an agency's admin appears in that agency's trail under their own name.
 */
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { insertAuditEvent } from '../repositories/audit-events-repository.ts';
import type { Actor } from '../services/actor.ts';
import type { AuditAction } from './audit-actions.ts';

/** What happened, to what, for which agency. */
export interface AuditEvent {
  action: AuditAction;
  /** The agency whose trail shows the event (the acted-as user's, or the target's); null: none. */
  companyId: number | null;
  /** What the action was done to, e.g. `{type: 'application', id: 42}`; null: the company itself. */
  target?: { type: string; id: number | string } | null;
  /** Facts a reader needs (e.g. `{from: 'agent', to: 'admin'}`); never a secret. */
  details?: Record<string, unknown>;
}

/** Who did it and from where. */
export interface AuditCaller {
  /** The session's actor; null when there is no session yet (a sign-in). */
  actor: Actor | null;
  /** Without an actor: the account signing in (null when the e-mail names no account). */
  userId?: number | null;
  /** The client's address as Fastify derives it (request.ip). */
  clientAddress: string | null;
}

/** The caller of `request`: its authenticated actor (if any) and client address. */
export function auditCallerOf(request: FastifyRequest, userId?: number | null): AuditCaller {
  return { actor: request.actor, userId: userId ?? null, clientAddress: request.ip ?? null };
}

/**
 * Appends one event to audit_events (one INSERT; `db` may be the action's transaction). Throws the
 * database's error. A partner API key's actor has no session: its user is the person.
 */
export async function recordAuditEvent(db: Executor, caller: AuditCaller, event: AuditEvent): Promise<void> {
  await insertAuditEvent(db, {
    action: event.action,
    sessionKeyHash: caller.actor?.sessionKeyHash || null,
    actingAsUserId: caller.actor?.userId ?? caller.userId ?? null,
    companyId: event.companyId,
    targetType: event.target?.type ?? null,
    targetId: event.target ? String(event.target.id) : null,
    clientAddress: caller.clientAddress,
    details: event.details ?? {},
  });
}
