/** update-application: saves a draft document. SPEC §7, docs/api.md, docs/decisions/100. */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiBody, documentedCall } from '../../../lib/api-operations.ts';
import type { Application } from './application-types.ts';

/** The current application a 409 answer carries when the version sent was stale, else null. */
export function staleVersionApplication(envelope: ApiEnvelope<unknown>): Application | null {
  if (envelope.code !== 409 || typeof envelope.data !== 'object' || envelope.data === null) return null;
  const application = (envelope.data as { application?: Application }).application;
  return application && typeof application === 'object' ? application : null;
}

/** True when the call got no answer or the server failed (5xx): worth retrying later. */
export function isUnreachable(envelope: Pick<ApiEnvelope<unknown>, 'code'>): boolean {
  return envelope.code === 0 || envelope.code >= 500;
}

/**
 * Saves `addressDetails` (the whole document) of application `applicationId` (numeric id), based
 * on `version` when given: a stale one answers 409 with the current application
 * (`staleVersionApplication`). Returns the envelope; success means the draft is stored. Only in
 * status new. A stale version, an unreachable server and a refused field value are not toasted:
 * the form shows them.
 */
export function updateApplication(
  applicationId: number,
  addressDetails: Record<string, unknown>,
  version?: number,
): Promise<ApiEnvelope<{ application: Application }>> {
  return documentedCall(
    'agent-portal/update-application',
    {
      application_id: applicationId,
      // The engine's document (JSON values by field); the server validates it field by field.
      address_details: addressDetails as ApiBody<'agent-portal/update-application'>['address_details'],
      ...(version === undefined ? {} : { version }),
    },
    {
      // A refused value is shown at its field (refused-values.ts), not in a toast.
      suppressToast: (envelope) =>
        staleVersionApplication(envelope) !== null ||
        isUnreachable(envelope) ||
        (envelope.code === 422 && envelope.error_obj !== null),
    },
  );
}
