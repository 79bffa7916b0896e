/**
 * The columns of the access matrix (issue 5): the four roles of SPEC §6, a caller without a
 * session key, one with a logged-out key, and one with an orphaned key (a session an admin
 * switched into, after the admin's own session was revoked); and the shorthands cells share.
 */
import { ROLES } from '../helpers/accounts-fixture.ts';

export const CALLERS = [...ROLES, 'anonymous', 'revoked', 'orphaned'] as const;
export type Caller = (typeof CALLERS)[number];

/** One HTTP status per caller, in CALLERS order. */
export type Expected = [
  superAdmin: number,
  admin: number,
  agent: number,
  customer: number,
  anonymous: number,
  revoked: number,
  orphaned: number,
];

/** A call that needs a session: the four roles' statuses, then 401 without a key or with a dead one. */
export function signedIn(roles: [number, number, number, number]): Expected {
  return [...roles, 401, 401, 401];
}

/** The same status for every caller (open calls). */
export function everyone(status: number): Expected {
  return [status, status, status, status, status, status, status];
}

/** Admin area of the caller's company: super-admins and admins; agents and customers 403. */
export const MANAGERS_OWN = signedIn([200, 200, 403, 403]);
/** Admin area of another company: only super-admins; an admin learns only "not found". */
export const MANAGERS_OTHER = signedIn([200, 404, 403, 403]);
export const SUPER_ONLY = signedIn([200, 403, 403, 403]);
export const EVERY_ROLE = signedIn([200, 200, 200, 200]);
/** A body naming what the call cannot take (another account or company): 400 for every role. */
export const NOT_ADDRESSABLE = signedIn([400, 400, 400, 400]);
/** Application calls on the caller's company (agents: their own): customers never. */
export const WORKERS_OWN = signedIn([200, 200, 200, 403]);
/** Application calls on a colleague's application: their admin, not the agent (SPEC §6). */
export const WORKERS_COLLEAGUE = signedIn([200, 200, 404, 403]);
/** Application calls on another company's records: only super-admins reach them. */
export const WORKERS_OTHER = signedIn([200, 404, 404, 403]);
/** Open calls: everyone, with or without a session. */
export const OPEN = everyone(200);
