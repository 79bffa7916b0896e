/**
 * Uploaded training video files and their chunks (tables video_files, video_file_chunks; issue 15):
 * the only code that queries them. docs/decisions/260-uploaded-training-videos.md.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { resources, type VideoFileRow, videoFileChunks, videoFiles } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** Starts a file (not complete, no bytes yet); returns its row. */
export async function insertVideoFile(
  db: Executor,
  values: Pick<VideoFileRow, 'uploaded_by' | 'file_name' | 'content_type' | 'chunk_bytes'>,
): Promise<VideoFileRow> {
  const [row] = await db.insert(videoFiles).values(values).returning();
  return row;
}

/** Stores chunk `seq` of a file (bytes from `seq * chunk_bytes`). */
export async function insertVideoChunk(
  db: Executor,
  id: number,
  seq: number,
  content: Buffer,
): Promise<void> {
  await db.insert(videoFileChunks).values({ video_file_id: id, seq, content });
}

/** Marks a file complete at `sizeBytes` bytes; returns its row. */
export async function completeVideoFile(db: Executor, id: number, sizeBytes: number): Promise<VideoFileRow> {
  const [row] = await db
    .update(videoFiles)
    .set({ complete: true, size_bytes: sizeBytes })
    .where(eq(videoFiles.id, id))
    .returning();
  return row;
}

/** The file with this id, or null (ids out of the serial range are simply missing). */
export async function findVideoFile(db: Executor, id: number): Promise<VideoFileRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(videoFiles).where(eq(videoFiles.id, id));
  return row ?? null;
}

/**
 * The complete file `id` uploaded by `userId` that no entry holds yet, locked against a second
 * taker until the transaction ends; null otherwise.
 */
export async function claimUnattachedVideoFile(
  db: Executor,
  id: number,
  userId: number,
): Promise<VideoFileRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select()
    .from(videoFiles)
    .where(
      and(
        eq(videoFiles.id, id),
        eq(videoFiles.uploaded_by, userId),
        eq(videoFiles.complete, true),
        sql`NOT EXISTS (SELECT 1 FROM ${resources} WHERE ${resources.video_file_id} = ${videoFiles.id})`,
      ),
    )
    .for('update');
  return row ?? null;
}

/** Chunk `seq` of a file, or null when it is not stored (the file was deleted meanwhile). */
export async function readVideoChunk(db: Executor, id: number, seq: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: videoFileChunks.content })
    .from(videoFileChunks)
    .where(and(eq(videoFileChunks.video_file_id, id), eq(videoFileChunks.seq, seq)));
  return row?.content ?? null;
}

/** Deletes a file and its chunks (ON DELETE CASCADE). Refused by the database while an entry holds it. */
export async function deleteVideoFile(db: Executor, id: number): Promise<void> {
  await db.delete(videoFiles).where(eq(videoFiles.id, id));
}

/**
 * Deletes the files started before `before` that no entry holds: uploads cut off half-way, and
 * uploads whose entry was never created (or was deleted). Returns how many went.
 */
export async function deleteAbandonedVideoFiles(db: Executor, before: Date): Promise<number> {
  const gone = await db
    .delete(videoFiles)
    .where(
      and(
        lt(videoFiles.created_at, before),
        sql`NOT EXISTS (SELECT 1 FROM ${resources} WHERE ${resources.video_file_id} = ${videoFiles.id})`,
      ),
    )
    .returning({ id: videoFiles.id });
  return gone.length;
}
