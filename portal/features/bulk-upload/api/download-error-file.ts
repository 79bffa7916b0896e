/** services/file-upload/download-error-file: the refused rows with a messages column, as CSV (issue 13). */
import { postDownload } from '../../../lib/post-download.ts';

/** Downloads upload `id`'s error file; resolves with its name. Throws ApiRequestError. */
export function downloadErrorFile(id: number): Promise<string> {
  return postDownload('services/file-upload/download-error-file', { upload_id: id }, 'upload-errors.csv');
}
