import { ApiError } from '../http/api-error.ts';

/** Largest manual-quote document accepted, in bytes (5 MiB). docs/decisions/062. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** Base64 length of MAX_DOCUMENT_BYTES: what the body schema lets through. */
export const MAX_DOCUMENT_BASE64_LENGTH = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4;

/**
 * Content types a document may have, with the leading bytes the content must start with. HTML
 * and SVG are left out on purpose: a stored page served from our origin could run script.
 */
export const DOCUMENT_TYPES: Record<string, number[][]> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'text/plain': [],
};

/** A document as record-manual-quote sends it (docs/api.md issue 3). */
export interface DocumentUpload {
  name: string;
  content_base64: string;
  content_type: string;
}

function invalid(field: string, problem: string): ApiError {
  const message = `body.document.${field} ${problem}`;
  return new ApiError(400, `Invalid request: ${message}`, { [`body.document.${field}`]: message });
}

/**
 * The decoded bytes of an upload. Throws ApiError 400 (body path in error_obj) when the content
 * is empty, over MAX_DOCUMENT_BYTES, not canonical base64, or does not start like its declared
 * type (a PDF must start with %PDF). Issue 3 record-manual-quote.
 */
export function decodeDocument(upload: DocumentUpload): Buffer {
  const bytes = Buffer.from(upload.content_base64, 'base64');
  // Buffer.from skips characters it does not know; a round trip tells a clean encoding apart.
  if (bytes.toString('base64') !== upload.content_base64) throw invalid('content_base64', 'must be base64');
  if (bytes.length === 0) throw invalid('content_base64', 'must not be empty');
  if (bytes.length > MAX_DOCUMENT_BYTES) {
    throw invalid('content_base64', `must be at most ${MAX_DOCUMENT_BYTES} bytes`);
  }
  const signatures = DOCUMENT_TYPES[upload.content_type];
  if (!signatures) throw invalid('content_type', 'must be one of the allowed types');
  const matches =
    signatures.length === 0 ||
    signatures.some((signature) => signature.every((byte, i) => bytes[i] === byte));
  if (!matches) throw invalid('content_base64', `must be a ${upload.content_type} file`);
  return bytes;
}
