/** update-application: saves a draft document. SPEC §7, docs/api.md. */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';
import type { Application } from './application-types.ts';

/**
 * Saves `addressDetails` (the whole document) of application `applicationId` (numeric id).
 * Returns the envelope; success means the draft is stored. Only allowed in status new.
 */
export function updateApplication(
  applicationId: number,
  addressDetails: Record<string, unknown>,
): Promise<ApiEnvelope<{ application: Application }>> {
  return apiCall<{ application: Application }>('agent-portal/update-application', {
    application_id: applicationId,
    address_details: addressDetails,
  });
}
