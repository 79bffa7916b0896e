/** launch-application-manual-carriers. SPEC §7, docs/api.md (issue 3). */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';
import type { Application } from './application-types.ts';

/**
 * Launches application `applicationId` (numeric id) to the manual carriers named `carrierNames`
 * (carriers.json `name`); the server adds one pending `manual` quote per carrier, waiting for staff.
 * Returns the envelope (errors already toasted).
 */
export function launchApplicationManualCarriers(
  applicationId: number,
  carrierNames: string[],
): Promise<ApiEnvelope<{ application: Application }>> {
  return apiCall<{ application: Application }>('agent-portal/launch-application-manual-carriers', {
    application_id: applicationId,
    manual_carrier_names_list: carrierNames,
  });
}
