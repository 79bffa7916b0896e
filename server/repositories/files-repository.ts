/** Stored documents (a manual quote's PDF): the only code that reads or writes the files table. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type FileRow, files } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

export type NewFile = typeof files.$inferInsert;

/** Inserts a file; returns its row (content included). */
export async function insertFile(db: Executor, values: NewFile): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row;
}

/** The file with this id, or null (ids out of the serial range are simply missing). */
export async function findFile(db: Executor, id: number): Promise<FileRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/** Deletes one file of an application (a replaced or removed quote document). */
export async function deleteFile(db: Executor, applicationId: number, id: number): Promise<void> {
  await db.delete(files).where(and(eq(files.id, id), eq(files.application_id, applicationId)));
}

/** Deletes every file of an application (reset: the quotes they belonged to are gone). */
export async function deleteFilesOfApplication(db: Executor, applicationId: number): Promise<void> {
  await db.delete(files).where(eq(files.application_id, applicationId));
}
