/**
 * The document fields whose saved change makes the server look the address up again (issue 40;
 * server/services/prefill-queue.ts ADDRESS_FIELDS, which a server test keeps equal to this list).
 * Pure: no React, no fetch.
 */
export const PREFILL_ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'zip'] as const;

/** True when `after` has another address than `before` (null, undefined and "" alike). */
export function addressDiffers(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return PREFILL_ADDRESS_FIELDS.some((field) => (before[field] ?? '') !== (after[field] ?? ''));
}
