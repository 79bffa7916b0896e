/**
 * Resources (issue 15, SPEC §2 /dashboard/resources, carrier-resources, training-videos; the
 * resources and watch-resource-video dialogs): carrier documents and training videos. Every worker
 * (agent, admin, super-admin) reads the global ones and their company's; an admin writes their
 * company's, a super-admin the global ones (or any company's). An entry is an external https
 * address or, for documents, an uploaded file (the manual quote documents' types and size limit).
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
import { COMPANY_NOT_FOUND } from './account-access.ts';
import type { Actor } from './actor.ts';
import { FORBIDDEN_MESSAGE } from './applications-service.ts';
import { type DocumentUpload, decodeDocument } from './document-upload.ts';

/** A resource the caller may not see, or that is not stored. */
export const RESOURCE_NOT_FOUND_MESSAGE = 'No such resource.';
/** An entry needs exactly one of an address and a file; videos take an address. */
export const URL_OR_FILE_MESSAGE = 'Give either an https address or a file.';

/** Where a resource's file is served; the portal adds ?session_key=. */
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
  company_id?: number | null;
}

/**
 * Stores an entry (admin: their company's; super-admin: `company_id` or every company's). 400 when
 * neither or both of `url` and `document` are given, a video comes with a file, or a carrier
 * document names no carrier; the file is checked as manual quote documents are.
 */
export async function createResource(db: Executor, actor: Actor, input: ResourceInput) {
  const companyId = ownerOf(actor, input.company_id);
  if (companyId !== null && !(await findCompanyWithExtras(db, companyId)))
    throw new ApiError(404, COMPANY_NOT_FOUND);
  const hasUrl = Boolean(input.url);
  const hasFile = Boolean(input.document);
  if (hasUrl === hasFile || (input.kind === 'training_video' && hasFile)) {
    throw new ApiError(400, URL_OR_FILE_MESSAGE, { url: URL_OR_FILE_MESSAGE });
  }
  if (input.kind === 'carrier_document' && !input.carrier) {
    throw new ApiError(400, 'Choose the carrier.', { carrier: 'Required for a carrier document.' });
  }
  const content = input.document ? decodeDocument(input.document) : null;
  const row = await insertResource(db, {
    company_id: companyId,
    kind: input.kind,
    carrier: input.carrier ?? null,
    title: input.title.trim(),
    description: input.description?.trim() ?? '',
    category: input.category?.trim() ?? '',
    url: input.url ?? null,
    file_name: input.document?.name ?? null,
    content_type: input.document?.content_type ?? null,
    content,
    created_by: actor.userId,
  });
  return {
    resource: resourceView({
      ...row,
      has_file: content !== null,
      seconds_watched: null,
      completed: null,
      viewed_at: null,
    }),
  };
}

/** Changes an entry's title, description, category, carrier or address (an address only replaces an address). */
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
  const { id, ...patch } = input;
  await updateResource(db, id, {
    ...patch,
    ...(patch.title !== undefined ? { title: patch.title.trim() } : {}),
  });
  return { id };
}

/** Deletes an entry (and everyone's views of it). */
export async function removeResource(db: Executor, actor: Actor, id: number) {
  await changeable(db, actor, id);
  await deleteResource(db, id);
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

/** The file of an entry the caller sees: `{name, content_type, content}`; 404 without one. */
export async function resourceFile(db: Executor, actor: Actor, id: number) {
  const row = await findResource(db, id, scopeOf(actor));
  if (!row || row.content === null) throw new ApiError(404, RESOURCE_NOT_FOUND_MESSAGE);
  return {
    name: row.file_name ?? 'document',
    content_type: row.content_type ?? 'application/octet-stream',
    content: row.content,
  };
}
