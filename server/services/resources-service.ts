/**
 * Resources (issue 15, SPEC §2 /dashboard/resources, carrier-resources, training-videos; the
 * resources and watch-resource-video dialogs): carrier documents and training videos. Every worker
 * (agent, admin, super-admin) reads the global ones and their company's; an admin writes their
 * company's, a super-admin the global ones (or any company's). An entry is an external https
 * address or an uploaded file: for documents, the manual quote documents' types and size limit; for
 * videos, an MP4 or WebM file uploaded first (services/video-upload.ts, ADR 260).
 * Views remember per user what was opened ("new" until then) and how far a video was watched.
 * docs/decisions/200-resources-and-blank.md.
 */
import type { Executor } from '../db/database.ts';
import type { ResourceRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { findCompanyWithExtras } from '../repositories/companies-repository.ts';
import {
  deleteResource,
  findResource,
  insertResource,
  type ListedResource,
  listResources,
  type ResourceScope,
  recordView,
  updateResource,
} from '../repositories/resources-repository.ts';
import {
  claimUnattachedVideoFile,
  deleteVideoFile,
  findVideoFile,
} from '../repositories/video-files-repository.ts';
import type { ByteSource } from '../routes/send-byte-source.ts';
import { COMPANY_NOT_FOUND } from './account-access.ts';
import type { Actor } from './actor.ts';
import { type DocumentUpload, decodeDocument } from './document-upload.ts';
import { FORBIDDEN_MESSAGE } from './owned-application.ts';
import { videoByteSource } from './video-upload.ts';

/** A resource the caller may not see, or that is not stored. */
export const RESOURCE_NOT_FOUND_MESSAGE = 'No such resource.';
/** An entry needs exactly one of an address and a file (a document for documents, a video file for videos). */
export const URL_OR_FILE_MESSAGE = 'Give either an https address or a file.';
/** The video file named is not a finished upload of the caller's that no entry holds yet. */
export const VIDEO_FILE_GONE_MESSAGE = 'That upload is not available: upload the video again.';

/** Where a resource's file is served; the browser's session cookie authenticates it (ADR 748). */
export const resourceFileUrl = (id: number) => `/api/resources/file/${id}`;

function scopeOf(actor: Actor): ResourceScope {
  return actor.role === 'super-admin' ? { kind: 'all' } : { kind: 'company', companyId: actor.companyId };
}

/** A resource as answered: no content; `file_url` when it holds a file; the caller's view. */
function resourceView(row: ListedResource) {
  return {
    id: row.id,
    kind: row.kind,
    scope: row.company_id === null ? ('global' as const) : ('company' as const),
    company_id: row.company_id,
    carrier: row.carrier,
    title: row.title,
    description: row.description,
    category: row.category,
    url: row.url,
    file_name: row.file_name,
    file_url: row.has_file ? resourceFileUrl(row.id) : null,
    created_at: row.created_at.toISOString(),
    is_new: row.viewed_at === null,
    seconds_watched: row.seconds_watched ?? 0,
    completed: row.completed ?? false,
  };
}

/** `{resources}` of `kind` the caller sees, newest first, matching `search`. */
export async function listResourcesFor(db: Executor, actor: Actor, kind: ResourceRow['kind'], search = '') {
  const rows = await listResources(db, scopeOf(actor), actor.userId, kind, search);
  return { resources: rows.map(resourceView) };
}

/** The company a new entry belongs to: an admin's own; a super-admin's named one, else every company's. */
function ownerOf(actor: Actor, companyId: number | null | undefined): number | null {
  if (actor.role === 'super-admin') return companyId ?? null;
  if (actor.role !== 'admin' || actor.companyId === null) throw new ApiError(403, FORBIDDEN_MESSAGE);
  if (companyId != null && companyId !== actor.companyId) throw new ApiError(403, FORBIDDEN_MESSAGE);
  return actor.companyId;
}

/** A resource the caller may change: an admin their company's, a super-admin any; 404 otherwise. */
async function changeable(db: Executor, actor: Actor, id: number): Promise<ResourceRow> {
  if (actor.role !== 'admin' && actor.role !== 'super-admin') throw new ApiError(403, FORBIDDEN_MESSAGE);
  const row = await findResource(db, id, scopeOf(actor));
  if (!row || (actor.role === 'admin' && row.company_id !== actor.companyId)) {
    throw new ApiError(404, RESOURCE_NOT_FOUND_MESSAGE);
  }
  return row;
}

/** What resources/create takes. */
export interface ResourceInput {
  kind: ResourceRow['kind'];
  title: string;
  description?: string;
  category?: string;
  carrier?: string | null;
  url?: string | null;
  document?: DocumentUpload | null;
  /** A finished upload of the caller's (resources/upload-video), for a training video. */
  video_file_id?: number | null;
  company_id?: number | null;
}

/**
 * Stores an entry (admin: their company's; super-admin: `company_id` or every company's). 400 when
 * not exactly one of `url`, `document` and `video_file_id` is given, a video comes with a document
 * or a document with a video file, or a carrier document names no carrier; the document is checked
 * as manual quote documents are. A video file must be the caller's own finished upload that no
 * entry holds (400 VIDEO_FILE_GONE_MESSAGE otherwise); the entry takes it in one transaction.
 */
export async function createResource(db: Executor, actor: Actor, input: ResourceInput) {
  const companyId = ownerOf(actor, input.company_id);
  if (companyId !== null && !(await findCompanyWithExtras(db, companyId)))
    throw new ApiError(404, COMPANY_NOT_FOUND);
  const video = input.kind === 'training_video';
  const sources = [input.url, input.document, input.video_file_id].filter(Boolean).length;
  if (sources !== 1 || (video ? Boolean(input.document) : Boolean(input.video_file_id))) {
    throw new ApiError(400, URL_OR_FILE_MESSAGE, { url: URL_OR_FILE_MESSAGE });
  }
  if (input.kind === 'carrier_document' && !input.carrier) {
    throw new ApiError(400, 'Choose the carrier.', { carrier: 'Required for a carrier document.' });
  }
  const content = input.document ? decodeDocument(input.document) : null;
  const row = await db.transaction(async (tx) => {
    const videoFile = input.video_file_id
      ? await claimUnattachedVideoFile(tx, input.video_file_id, actor.userId)
      : null;
    if (input.video_file_id && !videoFile)
      throw new ApiError(400, VIDEO_FILE_GONE_MESSAGE, { video_file_id: VIDEO_FILE_GONE_MESSAGE });
    return insertResource(tx, {
      company_id: companyId,
      kind: input.kind,
      carrier: input.carrier ?? null,
      title: input.title.trim(),
      description: input.description?.trim() ?? '',
      category: input.category?.trim() ?? '',
      url: input.url ?? null,
      file_name: videoFile?.file_name ?? input.document?.name ?? null,
      content_type: videoFile?.content_type ?? input.document?.content_type ?? null,
      content,
      video_file_id: videoFile?.id ?? null,
      created_by: actor.userId,
    });
  });
  return {
    resource: resourceView({
      ...row,
      has_file: row.content !== null || row.video_file_id !== null,
      seconds_watched: null,
      completed: null,
      viewed_at: null,
    }),
  };
}

/**
 * Changes an entry's title, description, category, carrier or address (an address only replaces an
 * address); with none of them, changes nothing. Errors: 404 not found, 403 not the owner's, 400 an
 * address for a file entry.
 */
export async function editResource(
  db: Executor,
  actor: Actor,
  input: {
    id: number;
    title?: string;
    description?: string;
    category?: string;
    carrier?: string;
    url?: string;
  },
) {
  const row = await changeable(db, actor, input.id);
  if (input.url !== undefined && row.url === null)
    throw new ApiError(400, URL_OR_FILE_MESSAGE, { url: 'This entry holds a file.' });
  const { id, title, description, category, carrier, url } = input;
  const patch = Object.fromEntries(
    Object.entries({ title: title?.trim(), description, category, carrier, url }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  // Nothing named to change: an UPDATE without a column would fail.
  if (Object.keys(patch).length > 0) await updateResource(db, id, patch);
  return { id };
}

/** Deletes an entry (and everyone's views of it, and its video file). */
export async function removeResource(db: Executor, actor: Actor, id: number) {
  const row = await changeable(db, actor, id);
  await db.transaction(async (tx) => {
    await deleteResource(tx, id);
    if (row.video_file_id !== null) await deleteVideoFile(tx, row.video_file_id);
  });
  return { id };
}

/** Records that the caller opened an entry, and for a video how far they watched (seconds only grow). */
export async function viewResource(
  db: Executor,
  actor: Actor,
  input: { id: number; seconds_watched?: number; completed?: boolean },
) {
  const row = await findResource(db, input.id, scopeOf(actor));
  if (!row) throw new ApiError(404, RESOURCE_NOT_FOUND_MESSAGE);
  return recordView(
    db,
    actor.userId,
    row.id,
    Math.floor(input.seconds_watched ?? 0),
    input.completed ?? false,
  );
}

/** The file of an entry the caller sees (a document's bytes or a video file's chunks); 404 without one. */
export async function resourceFile(db: Executor, actor: Actor, id: number): Promise<ByteSource> {
  const row = await findResource(db, id, scopeOf(actor));
  const videoFile = row?.video_file_id ? await findVideoFile(db, row.video_file_id) : null;
  if (row && videoFile) return videoByteSource(db, videoFile, row.file_name ?? 'video');
  if (!row || row.content === null) throw new ApiError(404, RESOURCE_NOT_FOUND_MESSAGE);
  const content = row.content;
  return {
    size: content.length,
    contentType: row.content_type ?? 'application/octet-stream',
    fileName: row.file_name ?? 'document',
    etag: `"document-${row.id}-${content.length}"`,
    async *read(start, end) {
      yield content.subarray(start, end + 1);
    },
  };
}
