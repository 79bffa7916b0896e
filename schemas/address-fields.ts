/**
 * The application document's address fields (SPEC §3 address; issue 40): a saved change to any of
 * them makes the server look the property up again (server/services/prefill-queue.ts), and the form
 * refreshes its pre-fill state after such a save (portal use-draft-autosave.ts). One list for both
 * sides. Pure: no React, no database.
 */
export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'zip'] as const;

/** True when `next` has another address than `previous` (null, undefined and "" alike). */
export function addressChanged(previous: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return ADDRESS_FIELDS.some((field) => (previous[field] ?? '') !== (next[field] ?? ''));
}
