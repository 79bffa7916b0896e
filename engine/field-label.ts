import type { CompiledSchemaSet } from './compile-schema-set.ts';

/**
 * The `{label}` and `{field_name}` texts of a field: the schema `title` (else the key), and the
 * key with underscores shown as spaces ("roof_year" -> "roof year"). SPEC §5 ("'{field} cannot be
 * empty!' (underscores shown as spaces)").
 */
export function fieldLabel(
  compiled: CompiledSchemaSet,
  field: string,
): { label: string; field_name: string } {
  const title = compiled.properties[field]?.title;
  return { label: typeof title === 'string' ? title : field, field_name: field.replaceAll('_', ' ') };
}
