/** services/file-upload/get-upload: an upload's progress and result (issue 13). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, documentedData } from '../../../lib/api-operations.ts';
import { UPLOAD_POLL_MS } from './list-uploads.ts';
import { isImporting } from './upload-types.ts';

/** An upload with its first created and refused rows (the error file has every refused row). */
export type UploadResult = ApiAnswer<'services/file-upload/get-upload'>;

/** The upload `id`. Throws ApiRequestError (404 for another's). */
export function getUpload(id: number): Promise<UploadResult> {
  return documentedData('services/file-upload/get-upload', { upload_id: id }, { silent: true });
}

/** Query options of upload `id`, read again every UPLOAD_POLL_MS while it imports. */
export function uploadQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['bulk-upload', 'upload', id],
    queryFn: () => getUpload(id),
    refetchInterval: (query) =>
      query.state.data && isImporting(query.state.data.upload) ? UPLOAD_POLL_MS : false,
  });
}

/** Upload `id`, live while it imports. */
export function useUpload(id: number) {
  return useQuery(uploadQueryOptions(id));
}
