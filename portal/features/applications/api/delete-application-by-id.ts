/** delete-application-by-id. SPEC §7, docs/api.md. */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { documentedCall } from '../../../lib/api-operations.ts';

/**
 * Deletes application `applicationId`, and with `deleteAllRelated` every application of the same
 * agent at the same searched address. Returns the envelope with `data.deleted_ids`.
 */
export function deleteApplicationById(
  applicationId: number,
  deleteAllRelated: boolean,
): Promise<ApiEnvelope<{ deleted_ids: number[] }>> {
  return documentedCall('agent-portal/delete-application-by-id', {
    application_id: applicationId,
    delete_all_related_applications: deleteAllRelated,
  });
}
