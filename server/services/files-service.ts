import type { Executor } from '../db/database.ts';
import type { FileRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { findApplication } from '../repositories/applications-repository.ts';
import { findFile } from '../repositories/files-repository.ts';
import { type Actor, accessScope } from './actor.ts';

export const FILE_NOT_FOUND_MESSAGE = 'File not found.';

/**
 * A stored document the actor may read: its application must be theirs (agent), their
 * company's (admin) or any (super-admin). Throws ApiError 404 FILE_NOT_FOUND_MESSAGE otherwise,
 * so another's file looks missing. Issue 3 GET /api/files/:id.
 */
export async function readFile(db: Executor, actor: Actor, id: number): Promise<FileRow> {
  const file = await findFile(db, id);
  const application = file ? await findApplication(db, file.application_id, accessScope(actor)) : null;
  if (!file || !application) throw new ApiError(404, FILE_NOT_FOUND_MESSAGE);
  return file;
}
