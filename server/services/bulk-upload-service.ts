/**
 * Bulk upload (issue 13, SPEC §2 /dashboard/bulk-upload, §7 /services/file-upload/create-application):
 * preview a file (headers, proposed mapping, the first rows through the engine), store it with its
 * mapping and queue its import job (the same file twice is one upload), read an upload's progress
 * and result, and stream its error file. docs/decisions/190-bulk-upload-file-and-rows.md.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { fieldLabel } from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import {
  type BulkUploadSummary,
  findUpload,
  findUploadByHash,
  insertUpload,
  listUploads,
  rememberedMappings,
  rememberMappings,
  setUploadJob,
  uploadRowsAfter,
} from '../repositories/bulk-uploads-repository.ts';
import { enqueueJob, findJob } from '../repositories/jobs-repository.ts';
import { type Actor, accessScope } from './actor.ts';
import { applicationReference } from './application-reference.ts';
import { resolveAgent } from './applications-service.ts';
import { BULK_IMPORT_KIND } from './bulk-import-job.ts';
import {
  BulkFileError,
  type BulkFileKind,
  fileKindOf,
  fileRows,
  MAX_UPLOAD_BYTES,
} from './bulk-upload-file.ts';
import { headerKey, mappableFields, proposeMapping } from './bulk-upload-mapping.ts';
import { type ColumnMapping, checkRow, mappedValues } from './bulk-upload-row.ts';
import { compiledSchemaSetOf, currentSchemaVersion } from './schema-versions.ts';

/** Rows the preview puts through the engine. */
export const PREVIEW_ROWS = 10;
/** Created and refused rows an upload's view lists (the error file has every refused row). */
export const RESULT_ROWS = 200;
/** Uploads the list shows. */
export const LISTED_UPLOADS = 20;
/** Import attempts before an upload's job fails (each resumes where the last stopped). */
const IMPORT_MAX_ATTEMPTS = 10;
/** The application type bulk rows are created as. */
const BULK_APPLICATION_TYPE = 'flood';

export const UPLOAD_NOT_FOUND_MESSAGE = 'Upload not found.';

/** A file as the bulk calls carry it: its name and its bytes in base64. */
export interface UploadFileInput {
  file_name: string;
  content_base64: string;
}

export interface PreviewInput extends UploadFileInput {
  product: string;
  /** The field of each column (null: not imported); default the proposal. */
  mapping?: (string | null)[];
}

export interface CreateUploadInput extends PreviewInput {
  mapping: (string | null)[];
  agent_id?: number;
  launch_valid?: boolean;
}

/** Padded base64 text (checked on the text: encoding a large file back would copy it once more). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeFile(input: UploadFileInput): { bytes: Buffer; kind: BulkFileKind } {
  if (input.content_base64.length % 4 !== 0 || !BASE64.test(input.content_base64)) {
    throw new ApiError(400, 'Invalid request: body.content_base64 must be base64', {
      'body.content_base64': 'body.content_base64 must be base64',
    });
  }
  const bytes = Buffer.from(input.content_base64, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new ApiError(
      413,
      `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: split it and upload each part.`,
    );
  }
  return { bytes, kind: guard(() => fileKindOf(input.file_name, bytes)) };
}

/** Runs `read`, turning a BulkFileError into ApiError 422 with its message. */
function guard<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof BulkFileError) throw new ApiError(422, error.message, { file: error.message });
    throw error;
  }
}

/** Reads the whole file once: its header, the first `keep` data rows and the number of data rows. */
async function scanFile(bytes: Buffer, kind: BulkFileKind, keep: number) {
  const first: string[][] = [];
  let headers: string[] = [];
  let total = 0;
  try {
    for await (const cells of fileRows(bytes, kind)) {
      if (!headers.length) headers = cells;
      else if (total++ < keep) first.push(cells);
    }
  } catch (error) {
    guard(() => {
      throw error;
    });
  }
  if (total === 0) throw new ApiError(422, 'The file has a header but no rows.', { file: 'No rows.' });
  return { headers, first, total };
}

/** Column index -> field of a mapping list; 422 for a field that does not exist or is chosen twice. */
function columnMapping(fields: string[], headers: string[], mapping: (string | null)[]): ColumnMapping {
  if (mapping.length !== headers.length) {
    throw new ApiError(
      422,
      `The mapping has ${mapping.length} columns where the file has ${headers.length}.`,
    );
  }
  const allowed = new Set(fields);
  const out: ColumnMapping = {};
  const seen = new Set<string>();
  mapping.forEach((field, index) => {
    if (field === null) return;
    if (!allowed.has(field))
      throw new ApiError(422, `Unknown field ${field}.`, { [`mapping.${index}`]: `Unknown field ${field}.` });
    if (seen.has(field)) {
      throw new ApiError(422, `Two columns are mapped to ${field}.`, {
        [`mapping.${index}`]: `${field} is mapped twice.`,
      });
    }
    seen.add(field);
    out[String(index)] = field;
  });
  return out;
}

/**
 * The mapping step's data: file kind, headers, the number of rows, every mappable field with its
 * label, the proposed (or given) mapping, and the first PREVIEW_ROWS rows with their messages as
 * the import would give them (without the licence check, which needs the agent). 422 with the
 * file's problem for a malformed file; 413 over MAX_UPLOAD_BYTES. Issue 13 Bulk upload.
 */
export async function previewUpload(db: Executor, actor: Actor, input: PreviewInput) {
  const { bytes, kind } = decodeFile(input);
  const { headers, first, total } = await scanFile(bytes, kind, PREVIEW_ROWS);
  const compiled = await compiledSchemaSetOf(db, await currentSchemaVersion(db));
  const fields = mappableFields(compiled);
  // A super-admin has no company of their own: nothing remembered to propose.
  const companyId = actor.companyId;
  const mapping =
    input.mapping ??
    proposeMapping(compiled, headers, companyId ? await rememberedMappings(db, companyId) : {});
  const columns = columnMapping(fields, headers, mapping);
  const ctx = { product: input.product, application_type: BULK_APPLICATION_TYPE, status: 'new' };
  return {
    file_kind: kind,
    headers,
    rows_total: total,
    fields: fields.map((field) => ({ field, label: fieldLabel(compiled, field).label })),
    mapping,
    rows: first.map((cells, i) => ({
      row_number: i + 1,
      cells,
      messages: checkRow(compiled, ctx, mappedValues(compiled, columns, cells)).messages,
    })),
  };
}

/** An upload as the calls answer it: counters, status (failed when its job gave up) and times. */
async function uploadView(db: Executor, upload: BulkUploadSummary) {
  const job = upload.job_id ? await findJob(db, upload.job_id) : null;
  const failed = job?.status === 'failed';
  const fileError = upload.status === 'failed' ? job?.result?.error : null;
  return {
    id: upload.id,
    file_name: upload.file_name,
    file_kind: upload.file_kind,
    product: upload.product,
    launch_valid: upload.launch_valid,
    agent_id: upload.agent_id,
    status: failed ? 'failed' : upload.status,
    error: failed ? (job?.last_error ?? null) : typeof fileError === 'string' ? fileError : null,
    rows_total: upload.rows_total,
    rows_read: upload.rows_read,
    rows_created: upload.rows_created,
    rows_refused: upload.rows_refused,
    created_at: upload.created_at.toISOString(),
    finished_at: upload.finished_at?.toISOString() ?? null,
  };
}

export type UploadView = Awaited<ReturnType<typeof uploadView>>;

/**
 * Stores the file with its mapping for `agent_id` (an agent: themself) and queues its import job,
 * in one transaction; remembers the company's mapping of each header. The same file (sha256) the
 * company already uploaded is not stored again: `duplicate` true and the first upload answered, so
 * nothing is created twice. Errors as previewUpload, plus 403/400 of the agent as
 * create-new-application. SPEC §7 /services/file-upload/create-application.
 */
export async function createUpload(
  db: Executor,
  actor: Actor,
  input: CreateUploadInput,
): Promise<{ upload: UploadView; duplicate: boolean }> {
  const { bytes, kind } = decodeFile(input);
  const { headers, total } = await scanFile(bytes, kind, 0);
  const compiled = await compiledSchemaSetOf(db, await currentSchemaVersion(db));
  const mapping = columnMapping(mappableFields(compiled), headers, input.mapping);
  if (!Object.keys(mapping).length) throw new ApiError(422, 'Map at least one column to a field.');
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const result = await db.transaction(async (tx) => {
    const agent = await resolveAgent(tx, actor, input.agent_id);
    const companyId = agent.company_id as number;
    const upload = await insertUpload(tx, {
      company_id: companyId,
      agent_id: agent.id,
      user_id: actor.userId,
      file_name: input.file_name,
      file_kind: kind,
      file_hash: fileHash,
      content: bytes,
      headers,
      mapping,
      product: input.product,
      launch_valid: input.launch_valid ?? false,
      rows_total: total,
    });
    if (!upload) return { upload: await findUploadByHash(tx, companyId, fileHash), duplicate: true };
    await rememberMappings(
      tx,
      companyId,
      Object.fromEntries(
        Object.entries(mapping).map(([index, field]) => [headerKey(headers[Number(index)]), field]),
      ),
    );
    const job = await enqueueJob(tx, {
      kind: BULK_IMPORT_KIND,
      payload: { upload_id: upload.id },
      companyId,
      maxAttempts: IMPORT_MAX_ATTEMPTS,
      dedupeKey: `${BULK_IMPORT_KIND}:${upload.id}`,
    });
    await setUploadJob(tx, upload.id, job.id);
    return { upload: { ...upload, job_id: job.id }, duplicate: false };
  });
  if (!result.upload) throw new Error('an upload of a known hash vanished');
  return { upload: await uploadView(db, result.upload), duplicate: result.duplicate };
}

async function ownedUpload(db: Executor, actor: Actor, id: number): Promise<BulkUploadSummary> {
  const upload = await findUpload(db, id, accessScope(actor));
  if (!upload) throw new ApiError(404, UPLOAD_NOT_FOUND_MESSAGE);
  return upload;
}

/**
 * An upload's progress and result: its view, the headers, the first RESULT_ROWS created rows
 * (row number, application id and RMGA reference) and refused rows (row number, original cells,
 * messages by field). 404 for an upload the caller may not see (scoped as applications are).
 */
export async function getUpload(db: Executor, actor: Actor, id: number) {
  const upload = await ownedUpload(db, actor, id);
  const [created, refused] = await Promise.all([
    uploadRowsAfter(db, upload.id, false, 0, RESULT_ROWS),
    uploadRowsAfter(db, upload.id, true, 0, RESULT_ROWS),
  ]);
  return {
    upload: await uploadView(db, upload),
    headers: upload.headers,
    created: created.map((row) => ({
      row_number: row.row_number,
      application_id: row.application_id,
      reference: row.application_id ? applicationReference(row.application_id) : null,
    })),
    refused: refused.map((row) => ({
      row_number: row.row_number,
      cells: row.cells ?? [],
      messages: row.messages ?? {},
    })),
  };
}

/** The caller's newest LISTED_UPLOADS uploads (scoped as applications are). */
export async function listUploadViews(db: Executor, actor: Actor): Promise<UploadView[]> {
  const uploads = await listUploads(db, accessScope(actor), LISTED_UPLOADS);
  return Promise.all(uploads.map((upload) => uploadView(db, upload)));
}

/** The error file's name: the upload's file name with `-errors.csv`. */
export function errorFileName(fileName: string): string {
  const base = fileName.replace(/\.(csv|xlsx)$/i, '').replace(/[^\w.-]+/g, '_');
  return `${base || 'upload'}-errors.csv`;
}

/**
 * The error file of an upload as a CSV stream (csv-stringify): the original header plus
 * `messages`, then each refused row's original cells plus its messages ("Label: message" joined
 * by "; "), in row order, read in keyset pages. 404 as getUpload (checked before streaming).
 */
export async function errorFileStream(
  db: Executor,
  actor: Actor,
  id: number,
): Promise<{ name: string; stream: Readable }> {
  const upload = await ownedUpload(db, actor, id);
  const compiled = await compiledSchemaSetOf(db, await currentSchemaVersion(db));
  async function* records() {
    yield [...upload.headers, 'messages'];
    let after = 0;
    for (;;) {
      const rows = await uploadRowsAfter(db, upload.id, true, after, 1000);
      for (const row of rows) {
        const messages = Object.entries(row.messages ?? {}).map(
          ([field, message]) =>
            `${field in compiled.properties ? fieldLabel(compiled, field).label : field}: ${message}`,
        );
        yield [...(row.cells ?? []), messages.join('; ')];
      }
      if (rows.length < 1000) return;
      after = rows[rows.length - 1].row_number;
    }
  }
  return { name: errorFileName(upload.file_name), stream: Readable.from(records()).pipe(stringify()) };
}
