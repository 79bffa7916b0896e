/** launch-application-manual-carriers. SPEC §7, docs/api.md (issue 3). */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiBody, documentedCall } from '../../../lib/api-operations.ts';
import type { Application } from './application-types.ts';

/**
 * Launches application `applicationId` (numeric id) to the manual carriers named `carrierNames`
 * (the catalogue in use's `manual_carriers[].carrier`); the server adds one pending `manual` quote per carrier, waiting for staff.
 * Returns the envelope (errors already toasted).
 */
export function launchApplicationManualCarriers(
  applicationId: number,
  carrierNames: string[],
): Promise<ApiEnvelope<{ application: Application }>> {
  return documentedCall('agent-portal/launch-application-manual-carriers', {
    application_id: applicationId,
    // Names picked from the carrier catalogue's list; the server refuses any other with 400.
    manual_carrier_names_list:
      carrierNames as ApiBody<'agent-portal/launch-application-manual-carriers'>['manual_carrier_names_list'],
  });
}
