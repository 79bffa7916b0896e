import type { Doc } from '../../engine/index.ts';

/**
 * The name the listing shows for a document: "First Last", else the business name, else null.
 * SPEC §3 Contact fields.
 */
export function clientName(doc: Doc): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const person = [text(doc.first_name), text(doc.last_name)].filter(Boolean).join(' ');
  return person || text(doc.business_name) || null;
}
