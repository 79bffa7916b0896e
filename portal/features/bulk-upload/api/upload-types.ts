/** Shapes of the bulk upload calls' answers (issue 13, server/services/bulk-upload-service.ts). */

/** An upload: file, product, status and the import's counters; times ISO. */
export interface UploadView {
  id: number;
  file_name: string;
  file_kind: 'csv' | 'xlsx';
  product: string;
  launch_valid: boolean;
  agent_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** Why a failed import stopped. */
  error: string | null;
  rows_total: number;
  rows_read: number;
  rows_created: number;
  rows_refused: number;
  created_at: string;
  finished_at: string | null;
}

/** A file to send: its name and bytes in base64. */
export interface UploadFile {
  file_name: string;
  content_base64: string;
}

/** True while the import job has rows left (the page polls). */
export function isImporting(upload: Pick<UploadView, 'status'>): boolean {
  return upload.status === 'queued' || upload.status === 'running';
}
