/**
 * The column mapping step of a bulk upload (issue 13): which field of the schema set each header
 * names. Proposed from the company's earlier choice for the same header, else a field whose key or
 * label (schema title) reads the same once case, spaces and punctuation are dropped. The fields
 * come from the compiled schema set, never from a list here.
 * docs/decisions/193-column-mapping-proposals.md.
 */
import { type CompiledSchemaSet, fieldLabel } from '../../engine/index.ts';

/** A header as mappings compare and remember it: lower case, letters and digits only ("Zip Code" -> "zipcode"). */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Fields a column may fill, in declaration order: every field but the computed ones. */
export function mappableFields(compiled: CompiledSchemaSet): string[] {
  const computed = new Set(compiled.computed.map(([field]) => field));
  return compiled.fields.filter((field) => !computed.has(field));
}

/**
 * The proposed field of each header (null when none fits): `remembered[headerKey]` when that field
 * still exists, else the first field whose key or label matches the header's key. No field is
 * proposed for two headers (the first header keeps it).
 */
export function proposeMapping(
  compiled: CompiledSchemaSet,
  headers: string[],
  remembered: Record<string, string>,
): (string | null)[] {
  const fields = mappableFields(compiled);
  const byKey = new Map<string, string>();
  for (const field of fields) if (!byKey.has(headerKey(field))) byKey.set(headerKey(field), field);
  for (const field of fields) {
    const label = headerKey(fieldLabel(compiled, field).label);
    if (!byKey.has(label)) byKey.set(label, field);
  }
  const allowed = new Set(fields);
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = headerKey(header);
    const candidate = allowed.has(remembered[key]) ? remembered[key] : (byKey.get(key) ?? null);
    if (!candidate || taken.has(candidate)) return null;
    taken.add(candidate);
    return candidate;
  });
}
