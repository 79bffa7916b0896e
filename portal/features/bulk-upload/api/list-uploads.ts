/** services/file-upload/list-uploads: the caller's newest uploads (issue 13). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentedData } from '../../../lib/api-operations.ts';
import { isImporting, type UploadView } from './upload-types.ts';

/** How often the lists and an upload are read again while an import runs, in ms. */
export const UPLOAD_POLL_MS = 1000;

export const uploadsQueryKey = ['bulk-upload', 'uploads'] as const;

/** The newest uploads. Throws ApiRequestError. */
export async function listUploads(): Promise<UploadView[]> {
  return (await documentedData('services/file-upload/list-uploads', {}, { silent: true })).uploads;
}

/** Query options of the list, read again every UPLOAD_POLL_MS while one of them imports. */
export function uploadsQueryOptions() {
  return queryOptions({
    queryKey: uploadsQueryKey,
    queryFn: listUploads,
    refetchInterval: (query) => (query.state.data?.some(isImporting) ? UPLOAD_POLL_MS : false),
  });
}

/** The newest uploads, live while one imports. */
export function useUploads() {
  return useQuery(uploadsQueryOptions());
}
