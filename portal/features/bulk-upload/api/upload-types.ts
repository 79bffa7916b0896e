/**
 * Shapes of the bulk upload calls (issue 13), from the OpenAPI document (issue 21, ADR 480).
 */
import type { ApiAnswer } from '../../../lib/api-operations.ts';

/** An upload: file, product, status and the import's counters; times ISO. */
export type UploadView = ApiAnswer<'services/file-upload/list-uploads'>['uploads'][number];

/** A file to send: its name and bytes in base64. */
export interface UploadFile {
  file_name: string;
  content_base64: string;
}

/** True while the import job has rows left (the page polls). */
export function isImporting(upload: Pick<UploadView, 'status'>): boolean {
  return upload.status === 'queued' || upload.status === 'running';
}
