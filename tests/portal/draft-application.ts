/**
 * A Primary flood draft (status new) as get-application-by-id answers it, for the dom tests of the
 * application form (save conflicts, refused values, the pre-fill); and the form's input of a field.
 */
import type { Application } from '../../portal/features/applications/api/application-types.ts';

/** Draft 42 at `version` holding `details` (its useable_details). */
export function draftApplication(version: number, details: Record<string, unknown>): Application {
  return {
    id: 42,
    application_id: 'RMGA0000042',
    status: 'new',
    application_type: 'flood',
    carrier_quote_type: ['Primary'],
    is_cross_sale: false,
    min_quote_amount: null,
    payload: { useable_details: details },
    notes: [],
    quotes: [],
    application_relaunch_count: 0,
    schema_version: 1,
    application_source: 'Agent Portal',
    client_name_id: null,
    version,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    launched_at: null,
  };
}

/** The form's input of `field` (RJSF ids end in `_<field>`); throws when there is none. */
export function fieldInput(field: string): HTMLInputElement {
  const found = document.querySelector<HTMLInputElement>(`input[id$="_${field}"]`);
  if (!found) throw new Error(`no input for ${field}`);
  return found;
}
