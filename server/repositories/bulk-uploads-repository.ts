/**
 * Rows of `bulk_uploads`, `bulk_upload_rows` and `bulk_upload_mappings` (0011-bulk-upload.sql,
 * issue 13): the only code that queries them. docs/decisions/190-bulk-upload-file-and-rows.md.
 */
import { and, asc, desc, eq, getTableColumns, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  type BulkUploadDataRow,
  type BulkUploadRow,
  type BulkUploadStatus,
  bulkUploadMappings,
  bulkUploadRows,
  bulkUploads,
} from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import { insertRowsAsJson } from './insert-rows-as-json.ts';
import { isRowId } from './is-row-id.ts';

export type NewBulkUpload = typeof bulkUploads.$inferInsert;
/** An upload without its file's bytes (listing and progress). */
export type BulkUploadSummary = Omit<BulkUploadRow, 'content'>;

const { content: _content, ...summaryColumns } = getTableColumns(bulkUploads);

function inScope(scope: AccessScope) {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'company':
      return eq(bulkUploads.company_id, scope.companyId);
    case 'agent':
      return eq(bulkUploads.agent_id, scope.agentId);
    default:
      return sql`false`;
  }
}

/**
 * Stores an upload and returns it without its bytes (not read back: a large file would be copied
 * twice more); null when the company already has an upload of the same file (hash).
 */
export async function insertUpload(db: Executor, values: NewBulkUpload): Promise<BulkUploadSummary | null> {
  const [row] = await db
    .insert(bulkUploads)
    .values(values)
    .onConflictDoNothing({ target: [bulkUploads.company_id, bulkUploads.file_hash] })
    .returning(summaryColumns);
  return row ?? null;
}

/** The company's upload of the file with this hash, without its bytes, or null. */
export async function findUploadByHash(
  db: Executor,
  companyId: number,
  fileHash: string,
): Promise<BulkUploadSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(bulkUploads)
    .where(and(eq(bulkUploads.company_id, companyId), eq(bulkUploads.file_hash, fileHash)));
  return row ?? null;
}

/** The upload `id` inside `scope`, without its bytes; null when missing or another's. */
export async function findUpload(
  db: Executor,
  id: number,
  scope: AccessScope,
): Promise<BulkUploadSummary | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select(summaryColumns)
    .from(bulkUploads)
    .where(and(eq(bulkUploads.id, id), inScope(scope)));
  return row ?? null;
}

/** The upload `id` with its bytes (the import job), or null. */
export async function findUploadWithContent(db: Executor, id: number): Promise<BulkUploadRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(bulkUploads).where(eq(bulkUploads.id, id));
  return row ?? null;
}

/** Locks the upload row until the transaction ends and returns its counters, or null. */
export async function lockUpload(db: Executor, id: number): Promise<BulkUploadSummary | null> {
  const [row] = await db.select(summaryColumns).from(bulkUploads).where(eq(bulkUploads.id, id)).for('update');
  return row ?? null;
}

/** The newest `limit` uploads inside `scope`, without their bytes. */
export async function listUploads(
  db: Executor,
  scope: AccessScope,
  limit: number,
): Promise<BulkUploadSummary[]> {
  return db
    .select(summaryColumns)
    .from(bulkUploads)
    .where(inScope(scope))
    .orderBy(desc(bulkUploads.created_at), desc(bulkUploads.id))
    .limit(limit);
}

/** Links the upload to its import job. */
export async function setUploadJob(db: Executor, id: number, jobId: number): Promise<void> {
  await db.update(bulkUploads).set({ job_id: jobId }).where(eq(bulkUploads.id, id));
}

/** Moves the cursor to `rowsRead` and adds the batch's created and refused counts. */
export async function advanceUpload(
  db: Executor,
  id: number,
  rowsRead: number,
  created: number,
  refused: number,
): Promise<void> {
  await db
    .update(bulkUploads)
    .set({
      status: 'running',
      rows_read: rowsRead,
      rows_created: sql`${bulkUploads.rows_created} + ${created}`,
      rows_refused: sql`${bulkUploads.rows_refused} + ${refused}`,
      updated_at: sql`now()`,
    })
    .where(eq(bulkUploads.id, id));
}

/** Sets the upload's status; done and failed stamp finished_at. */
export async function setUploadStatus(db: Executor, id: number, status: BulkUploadStatus): Promise<void> {
  const finished = status === 'done' || status === 'failed';
  await db
    .update(bulkUploads)
    .set({ status, updated_at: sql`now()`, ...(finished ? { finished_at: sql`now()` } : {}) })
    .where(eq(bulkUploads.id, id));
}

/** Records settled rows of a file (one batch). */
export async function insertUploadRows(db: Executor, rows: BulkUploadDataRow[]): Promise<void> {
  await insertRowsAsJson(db, bulkUploadRows, rows as unknown as Record<string, unknown>[]);
}

/** Up to `limit` rows of the upload after `afterRow`, in row order: refused (`refused`) or created. */
export async function uploadRowsAfter(
  db: Executor,
  uploadId: number,
  refused: boolean,
  afterRow: number,
  limit: number,
): Promise<BulkUploadDataRow[]> {
  return db
    .select()
    .from(bulkUploadRows)
    .where(
      and(
        eq(bulkUploadRows.upload_id, uploadId),
        gt(bulkUploadRows.row_number, afterRow),
        refused ? isNotNull(bulkUploadRows.messages) : isNull(bulkUploadRows.messages),
      ),
    )
    .orderBy(asc(bulkUploadRows.row_number))
    .limit(limit);
}

/** The company's remembered header key -> field choices. */
export async function rememberedMappings(db: Executor, companyId: number): Promise<Record<string, string>> {
  const rows = await db
    .select({ header_key: bulkUploadMappings.header_key, field: bulkUploadMappings.field })
    .from(bulkUploadMappings)
    .where(eq(bulkUploadMappings.company_id, companyId));
  return Object.fromEntries(rows.map((row) => [row.header_key, row.field]));
}

/** Remembers (or replaces) the company's choice of field for each header key. */
export async function rememberMappings(
  db: Executor,
  companyId: number,
  choices: Record<string, string>,
): Promise<void> {
  const values = Object.entries(choices).map(([header_key, field]) => ({
    company_id: companyId,
    header_key,
    field,
  }));
  if (!values.length) return;
  await db
    .insert(bulkUploadMappings)
    .values(values)
    .onConflictDoUpdate({
      target: [bulkUploadMappings.company_id, bulkUploadMappings.header_key],
      set: { field: sql`excluded.field`, updated_at: sql`now()` },
    });
}
