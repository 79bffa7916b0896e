/** services/file-upload/create-application (SPEC §7): store the file and queue its import (issue 13). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiAnswer, type ApiBody, documentedData } from '../../../lib/api-operations.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import { uploadsQueryKey } from './list-uploads.ts';
import type { UploadFile } from './upload-types.ts';

/** What the dialog sends besides the file. */
export interface CreateUploadInput {
  /** The agent whose applications the rows become: an admin's choice; null: the signed-in agent. */
  agentId: number | null;
  file: UploadFile;
  product: ApiBody<'services/file-upload/create-application'>['product'];
  mapping: (string | null)[];
  launch_valid: boolean;
}

/**
 * The upload for `input.agentId` (an admin uploading for an agent of their company, issue 40), else
 * for the signed-in agent (the first one when the same file was uploaded before: `duplicate`).
 * Throws ApiRequestError (403 for an agent of another company).
 */
export function createBulkUpload(
  input: CreateUploadInput,
): Promise<ApiAnswer<'services/file-upload/create-application'>> {
  const agentId = input.agentId ?? getAuthState().user?.agent?.id;
  return documentedData('services/file-upload/create-application', {
    ...(agentId ? { agent_id: agentId } : {}),
    ...input.file,
    product: input.product,
    mapping: input.mapping,
    launch_valid: input.launch_valid,
  });
}

/** The create call as a mutation; refreshes the uploads list. */
export function useCreateBulkUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBulkUpload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsQueryKey }),
  });
}
