/** delete-application-by-id. SPEC §7, docs/api.md. */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';

/**
 * Deletes application `applicationId`, and with `deleteAllRelated` every application of the same
 * agent at the same searched address. Returns the envelope with `data.deleted_ids`.
 */
export function deleteApplicationById(
  applicationId: number,
  deleteAllRelated: boolean,
): Promise<ApiEnvelope<{ deleted_ids: number[] }>> {
  return apiCall<{ deleted_ids: number[] }>('agent-portal/delete-application-by-id', {
    application_id: applicationId,
    delete_all_related_applications: deleteAllRelated,
  });
}
