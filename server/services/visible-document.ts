import type { Doc } from '../../engine/index.ts';
import { placeholders } from '../../schemas/schema-set.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { isCommercial } from './is-commercial.ts';

/**
 * The document of an application as the server answers and edits it: for a commercial
 * application in status new whose phone is still the placeholder, the phone is cleared to ''
 * (so the agent must enter a real one before launch). Every other document is returned as
 * stored. The one place this rule lives (docs/decisions/061). SPEC §4.
 */
export function visibleDocument(
  row: Pick<ApplicationRow, 'carrier_quote_type' | 'application_type' | 'status' | 'useable_details'>,
): Doc {
  const doc = row.useable_details as Doc;
  if (row.status !== 'new' || !isCommercial(row) || doc.phone !== placeholders.phone) return doc;
  return { ...doc, phone: '' };
}
