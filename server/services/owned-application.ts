/**
 * An application as the caller may reach it, and the two refusals every service that works on one
 * answers (SPEC §7 envelope): 404 'Application not found.' outside the caller's scope, 403
 * 'Forbidden.'. Its own module so that any service can load an application without importing the
 * applications service (issue 41: no import circles).
 */
import type { Executor } from '../db/database.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { findApplication } from '../repositories/applications-repository.ts';
import { type Actor, accessScope } from './actor.ts';

export const NOT_FOUND_MESSAGE = 'Application not found.';
export const FORBIDDEN_MESSAGE = 'Forbidden.';

/** The row the actor may see, or ApiError 404 NOT_FOUND_MESSAGE; `forUpdate` locks it. */
export async function loadOwned(
  db: Executor,
  actor: Actor,
  id: number,
  forUpdate = false,
): Promise<ApplicationRow> {
  const row = await findApplication(db, id, accessScope(actor), forUpdate);
  if (!row) throw new ApiError(404, NOT_FOUND_MESSAGE);
  return row;
}
