/** Note rows of applications. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type NotePayload, type NoteRow, notes } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** Notes of the given applications, oldest first. */
export async function notesOfApplications(db: Executor, applicationIds: number[]): Promise<NoteRow[]> {
  if (!applicationIds.length) return [];
  return db
    .select()
    .from(notes)
    .where(inArray(notes.application_id, applicationIds))
    .orderBy(asc(notes.created_at), asc(notes.id));
}

/** Adds a note to an application. */
export async function insertNote(
  db: Executor,
  applicationId: number,
  payload: NotePayload,
): Promise<NoteRow> {
  const [row] = await db.insert(notes).values({ application_id: applicationId, payload }).returning();
  return row;
}

/** The note with this id on this application, locked for update, or null. */
export async function findNoteForUpdate(
  db: Executor,
  noteId: number,
  applicationId: number,
): Promise<NoteRow | null> {
  if (!isRowId(noteId) || !isRowId(applicationId)) return null;
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.application_id, applicationId)))
    .for('update');
  return row ?? null;
}

/** Replaces a note's payload; returns the new row. */
export async function updateNotePayload(
  db: Executor,
  noteId: number,
  payload: NotePayload,
): Promise<NoteRow> {
  const [row] = await db
    .update(notes)
    .set({ payload, updated_at: new Date() })
    .where(eq(notes.id, noteId))
    .returning();
  return row;
}

/**
 * The newest active note of an application written by `sentBy` with `status` (payload fields,
 * SPEC §3 Note), or null. Callers hold the application row's lock when they upsert on it.
 */
export async function findActiveNoteBy(
  db: Executor,
  applicationId: number,
  sentBy: string,
  status: string,
): Promise<NoteRow | null> {
  const [row] = await db
    .select()
    .from(notes)
    .where(
      and(
        eq(notes.application_id, applicationId),
        sql`${notes.payload}->>'sent_by' = ${sentBy}`,
        sql`${notes.payload}->>'status' = ${status}`,
        sql`(${notes.payload}->>'is_active')::boolean`,
      ),
    )
    .orderBy(desc(notes.id))
    .limit(1);
  return row ?? null;
}
