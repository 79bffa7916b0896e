/** launch-application. SPEC §7 (code 200 then reload), §8, docs/api.md. */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';
import type { Application } from './application-types.ts';

/** Answer data of a launch: the launched application and the warnings accepted by launching. */
export interface LaunchData {
  application: Application;
  warnings?: unknown[];
}

/** Launches application `applicationId` with its document; returns the envelope (code 200 = launched). */
export function launchApplication(
  applicationId: number,
  addressDetails: Record<string, unknown>,
): Promise<ApiEnvelope<LaunchData>> {
  return apiCall<LaunchData>('agent-portal/launch-application', {
    application_id: applicationId,
    address_details: addressDetails,
  });
}
