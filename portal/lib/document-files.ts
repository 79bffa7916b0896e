/**
 * Documents a user attaches: a manual quote's document (SPEC §7 record-manual-quote) and a
 * carrier resource's file (issue 15). The types and size are the server's
 * (server/services/document-upload.ts DOCUMENT_TYPES and MAX_DOCUMENT_BYTES), checked before the
 * file is read so a refused file is named on its input instead of coming back as a 400.
 */
import type { ApiBody } from './api-operations.ts';

/** A content type the server takes for a document (the request schema's enum). */
export type DocumentContentType = NonNullable<ApiBody<'resources/create'>['document']>['content_type'];

/** Every document type with the name a user knows it by; a type the server adds fails to compile here. */
const DOCUMENT_TYPE_NAMES: Record<DocumentContentType, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'text/plain': 'text',
};

/** The file input's `accept` list. */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_TYPE_NAMES).join(',');

/** Largest document, in bytes (5 MiB, the server's MAX_DOCUMENT_BYTES). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** What a document input says it takes, e.g. "PDF, PNG, JPEG or text; up to 5 MB". */
export const DOCUMENT_HINT = `${listed(Object.values(DOCUMENT_TYPE_NAMES))}; up to ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`;

function listed(names: string[]): string {
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** True when `type` is one the server takes. */
export function isDocumentContentType(type: string): type is DocumentContentType {
  return Object.hasOwn(DOCUMENT_TYPE_NAMES, type);
}

/**
 * Why the server would refuse `file` as a document, or null when it would take it: its type is
 * not one of the document types ("A PDF, PNG, JPEG or text file"), or it is over 5 MB
 * ("At most 5 MB").
 */
export function documentFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!isDocumentContentType(file.type)) return `A ${listed(Object.values(DOCUMENT_TYPE_NAMES))} file`;
  if (file.size > MAX_DOCUMENT_BYTES) return `At most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`;
  return null;
}
