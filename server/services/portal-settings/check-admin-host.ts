/**
 * The outbound guard at save for the hosts an admin sets in the portal settings: the SMTP host
 * and the customer quotes webhook's host (issue 38, docs/decisions/721-one-outbound-guard.md).
 */
import { ApiError } from '../../http/api-error.ts';
import { hostRefusalAtSave } from '../../outbound/outbound-guard.ts';

/**
 * Throws 422 naming `field` when `host` (an admin-set SMTP host, or a webhook URL's host) is an
 * address, or resolves to one, that the outbound guard refuses (issue 38, ADR 721).
 */
export async function checkAdminHost(host: string, field: string): Promise<void> {
  const refusal = await hostRefusalAtSave(host);
  if (refusal) throw new ApiError(422, refusal, { [field]: refusal });
}
