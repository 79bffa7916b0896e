/**
 * Four eyes on the schema set (issue 37): when SCHEMA_PUBLISH_NEEDS_APPROVAL is on, a draft is
 * published only after a super-admin other than its author approved it; every publish, approval
 * and roll-back is recorded with who and when (schema_version_events), and the studio lists them.
 * docs/decisions/706-four-eyes-on-schema-publish.md.
 */

import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import {
  approversOf,
  listSchemaVersionEvents,
  recordSchemaVersionEvent,
} from '../repositories/schema-version-events-repository.ts';
import { findSchemaVersion } from '../repositories/schema-versions-repository.ts';
import { currentSettings, type Settings } from '../settings/settings.ts';
import { requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';
import { SCHEMA_VERSION_NOT_FOUND_MESSAGE } from './schema-versions.ts';

export const OWN_DRAFT_APPROVAL_MESSAGE = 'You wrote this draft; another super-admin must approve it.';
export const ALREADY_APPROVED_MESSAGE = 'You approved this draft already.';
export const APPROVE_DRAFT_ONLY_MESSAGE = 'Only a draft can be approved.';
export const APPROVAL_NEEDED_MESSAGE =
  'Publishing needs the approval of a super-admin other than the author.';

/**
 * True when publishing needs a second super-admin's approval: the setting SCHEMA_PUBLISH_NEEDS_APPROVAL
 * (`true` or `false`, default false). Read per call, so a test may turn it on.
 */
export function publishNeedsApproval(
  settings: Pick<Settings, 'SCHEMA_PUBLISH_NEEDS_APPROVAL'> = currentSettings(),
): boolean {
  return settings.SCHEMA_PUBLISH_NEEDS_APPROVAL === 'true';
}

/**
 * Records the caller's approval of draft `version` (super-admin). ApiError 404 (not stored), 409
 * (not a draft, or approved by the caller already), 403 OWN_DRAFT_APPROVAL_MESSAGE for its author.
 */
export async function approveDraft(db: Executor, actor: Actor, version: number) {
  requireRole(actor, ['super-admin']);
  const row = await findSchemaVersion(db, version);
  if (!row) throw new ApiError(404, SCHEMA_VERSION_NOT_FOUND_MESSAGE);
  if (row.status !== 'draft') throw new ApiError(409, APPROVE_DRAFT_ONLY_MESSAGE);
  if (row.author_user_id === actor.userId) throw new ApiError(403, OWN_DRAFT_APPROVAL_MESSAGE);
  if ((await approversOf(db, version)).includes(actor.userId))
    throw new ApiError(409, ALREADY_APPROVED_MESSAGE);
  await recordSchemaVersionEvent(db, { version, action: 'approve', userId: actor.userId });
  return { version, approved_by: actor.userId };
}

/** ApiError 409 APPROVAL_NEEDED_MESSAGE when approvals are needed and no one but the author of `authorUserId`'s draft approved `version`. */
export async function requireApproval(
  db: Executor,
  version: number,
  authorUserId: number | null,
): Promise<void> {
  if (!publishNeedsApproval()) return;
  const approvers = await approversOf(db, version);
  if (!approvers.some((userId) => userId !== authorUserId)) throw new ApiError(409, APPROVAL_NEEDED_MESSAGE);
}

/** The version history (super-admin): whether approvals are needed, and every publish, approval and roll-back, newest first. */
export async function versionHistory(db: Executor, actor: Actor) {
  requireRole(actor, ['super-admin']);
  return {
    approval_required: publishNeedsApproval(),
    events: (await listSchemaVersionEvents(db)).map((row) => ({ ...row, at: row.at.toISOString() })),
  };
}
