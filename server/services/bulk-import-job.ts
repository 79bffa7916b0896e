/**
 * The `bulk-import` job (issue 13, docs/decisions/109-one-job-mechanism.md): reads an upload's file
 * as a stream, checks each data row as the form would (bulk-upload-row.ts) plus the agent's licence
 * and the agency's approved states, and settles rows in batches of BULK_BATCH_ROWS, each batch one
 * transaction: the applications of valid rows (launched at once when the upload asks), the refused
 * rows with their messages and cells, and the upload's cursor and counters. While the database
 * writes one batch, the next is read and checked (one batch in flight at most, written in file
 * order; docs/decisions/784-bulk-import-checks-while-it-writes.md). A job claimed again
 * after a crash resumes after the last committed batch; a batch finds its rows already settled
 * (another worker's, under the upload's row lock) and skips them, so no row is lost or doubled.
 * docs/decisions/194-bulk-import-resume.md.
 */
import { setImmediate } from 'node:timers/promises';
import { type Doc, evaluateOutcomes } from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import type { BulkUploadDataRow, BulkUploadRow } from '../db/schema.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import { findAgent } from '../repositories/accounts-repository.ts';
import { insertApplications } from '../repositories/applications-repository.ts';
import {
  advanceUpload,
  findUpload,
  findUploadWithContent,
  insertUploadRows,
  lockUpload,
  setUploadStatus,
} from '../repositories/bulk-uploads-repository.ts';
import { approvedStatesOf } from '../repositories/companies-repository.ts';
import type { Actor } from './actor.ts';
import { launchApplication, newApplicationRecord } from './applications-service.ts';
import { BulkFileError, fileRows } from './bulk-upload-file.ts';
import { checkRow, mappedValues } from './bulk-upload-row.ts';
import { compiledSchemaSetOf, currentSchemaVersion } from './schema-versions.ts';
import { stateRefusal } from './state-refusal.ts';

/** The job kind's name in server/jobs/job-kinds.ts. */
export const BULK_IMPORT_KIND = 'bulk-import';
/** Rows settled per transaction. */
export const BULK_BATCH_ROWS = 500;
/**
 * Rows checked between turns of the event loop: the batch in flight needs this process between
 * its statements, so the check of the next batch gives way this often (about 1 ms of checking).
 */
const ROWS_PER_TURN = 25;
/** Why an attempt stops: its worker lost the lease, so another attempt owns the import. */
export const LEASE_LOST_MESSAGE = 'The import lost its lease; another attempt continues it.';
/** The application type of bulk rows (as create-new-application's default). */
const APPLICATION_TYPE = 'flood';

/**
 * A checked row as its batch keeps it until written: a valid row's document, or a refused row's
 * cells and messages (nothing more: two batches are held at once, ADR 784).
 */
type CheckedDataRow = ValidRow | RefusedRow;
type ValidRow = { rowNumber: number; doc: Doc; cells?: never; messages?: never };
type RefusedRow = { rowNumber: number; doc?: never; cells: string[]; messages: Record<string, string> };

/** The agent an upload launches as: the upload's agent, seeing only their own applications. */
function agentActor(upload: BulkUploadRow): Actor {
  return {
    userId: upload.user_id ?? 0,
    role: 'agent',
    companyId: upload.company_id,
    agentId: upload.agent_id,
    licensedStates: [],
    sessionKeyHash: '',
  };
}

/**
 * Writes one batch in one transaction under the upload's row lock: rows at or before the stored
 * cursor are skipped (settled by an earlier attempt), the rest settled and the cursor moved to the
 * batch's last row. Returns false when the upload is gone.
 */
async function settleBatch(
  db: Executor,
  upload: BulkUploadRow,
  schemaVersion: number,
  batch: CheckedDataRow[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockUpload(tx, upload.id);
    if (!locked) return false;
    const rows = batch.filter((row) => row.rowNumber > locked.rows_read);
    if (!rows.length) return true;
    const valid = rows.filter((row): row is ValidRow => row.doc !== undefined);
    const ids = await insertApplications(
      tx,
      valid.map((row) =>
        newApplicationRecord(
          { id: upload.agent_id, company_id: upload.company_id },
          APPLICATION_TYPE,
          upload.product,
          row.doc,
          schemaVersion,
        ),
      ),
    );
    const idOf = new Map(valid.map((row, i) => [row.rowNumber, ids[i]]));
    if (upload.launch_valid) {
      for (const id of ids) await launchApplication(tx, agentActor(upload), id, {});
    }
    const settled: BulkUploadDataRow[] = rows.map((row) => {
      const applicationId = idOf.get(row.rowNumber);
      return applicationId
        ? {
            upload_id: upload.id,
            row_number: row.rowNumber,
            application_id: applicationId,
            messages: null,
            cells: null,
          }
        : {
            upload_id: upload.id,
            row_number: row.rowNumber,
            application_id: null,
            messages: row.messages ?? null,
            cells: row.cells ?? null,
          };
    });
    await insertUploadRows(tx, settled);
    await advanceUpload(
      tx,
      upload.id,
      rows[rows.length - 1].rowNumber,
      valid.length,
      rows.length - valid.length,
    );
    return true;
  });
}

/**
 * Imports the upload of `job.payload.upload_id` from where it stopped; returns its counters. A
 * file that turns out malformed (checked at upload, so only after a change of the reader) fails
 * the upload with the file's message. Throws (the job retries) when its lease is lost.
 */
export const bulkImportJob: JobHandler = async (job, { db, signal, reportProgress }) => {
  const upload = await findUploadWithContent(db, Number(job.payload.upload_id));
  if (!upload) return { missing: true };
  if (upload.status === 'done') return { rows_read: upload.rows_read };
  const schemaVersion = await currentSchemaVersion(db);
  const compiled = await compiledSchemaSetOf(db, schemaVersion);
  const agent = await findAgent(db, upload.agent_id);
  const approved = await approvedStatesOf(db, upload.company_id);
  const ctx = { product: upload.product, application_type: APPLICATION_TYPE, status: 'new' };
  let rowNumber = -1;
  let batch: CheckedDataRow[] = [];
  // The batch being written while the next one is checked: the database works on one while this
  // process checks the other (docs/decisions/784-bulk-import-checks-while-it-writes.md).
  let settling: Promise<void> = Promise.resolve();
  const flush = async () => {
    await settling;
    if (signal.aborted) throw new Error(LEASE_LOST_MESSAGE);
    if (!batch.length) return;
    const rows = batch;
    batch = [];
    settling = (async () => {
      if (!(await settleBatch(db, upload, schemaVersion, rows))) throw new Error('The upload was removed.');
      // The job's own progress too (the worker aborts `signal` here when the lease is gone).
      await reportProgress({ rows_read: rows[rows.length - 1].rowNumber });
    })();
    // Handled where the next flush awaits it; without this a failure would count as unhandled
    // while the next batch is read.
    settling.catch(() => {});
    // Let requests waiting for the database (one connection on PGlite) in between batches.
    await setImmediate();
  };
  await setUploadStatus(db, upload.id, 'running');
  try {
    for await (const cells of fileRows(upload.content, upload.file_kind)) {
      rowNumber += 1;
      if (rowNumber === 0 || rowNumber <= upload.rows_read) continue;
      const { doc, messages } = checkRow(compiled, ctx, mappedValues(compiled, upload.mapping, cells));
      const state = typeof doc.state === 'string' ? doc.state : '';
      const refusal = state ? stateRefusal(agent?.licensed_states ?? [], approved, state) : null;
      if (refusal && !messages.state) messages.state = refusal;
      if (upload.launch_valid && Object.keys(messages).length === 0) {
        const block = evaluateOutcomes(compiled, doc, ctx).find((o) => o.outcome === 'block');
        if (block) messages[block.field] = block.message;
      }
      batch.push(Object.keys(messages).length === 0 ? { rowNumber, doc } : { rowNumber, cells, messages });
      if (batch.length >= BULK_BATCH_ROWS) await flush();
      else if (batch.length % ROWS_PER_TURN === 0) await setImmediate();
    }
    await flush();
    await settling;
  } catch (error) {
    // The batch in flight settles (or fails the job) before the upload's status is set.
    await settling;
    if (!(error instanceof BulkFileError)) throw error;
    await setUploadStatus(db, upload.id, 'failed');
    return { error: error.message };
  }
  await setUploadStatus(db, upload.id, 'done');
  const done = await findUpload(db, upload.id, { kind: 'all' });
  return { rows_read: done?.rows_read, rows_created: done?.rows_created, rows_refused: done?.rows_refused };
};
