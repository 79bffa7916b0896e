import type { MappedField, Migration, SchemaSet, ValueMapping } from './types.ts';

/**
 * `set` with its value mappings moved by `migrations`, as documents are moved (migrateDocument): a
 * `rename` points the entries of the old field at the new one, a `remap` translates the values the
 * entries of its field write (compared as text, like a document's). A `drop` is left to the lint
 * (the entry then names a field the set does not have), and `set_default` writes into no mapping.
 * A new object where something moved (the input is not changed); applying the same migrations twice
 * changes nothing more. Generic. Issue 37 (a remap applies to the mappings of the same version).
 */
export function migrateValueMappings(set: SchemaSet, migrations: Migration[]): SchemaSet {
  if (!set.value_mappings) return set;
  const steps = migrations.flatMap((migration) => migration.steps);
  const moved = (entry: MappedField): MappedField => {
    let out = entry;
    for (const step of steps) {
      if ('rename' in step && out.field === step.rename.from) out = { ...out, field: step.rename.to };
      if ('remap' in step && out.field === step.remap.field && out.values) {
        const table = step.remap.values;
        const values = Object.fromEntries(
          Object.entries(out.values).map(([words, value]) => [
            words,
            Object.hasOwn(table, String(value)) ? table[String(value)] : value,
          ]),
        );
        out = { ...out, values };
      }
    }
    return out;
  };
  const mappings: Record<string, ValueMapping> = {};
  for (const [name, mapping] of Object.entries(set.value_mappings)) {
    const groups = Object.fromEntries(
      Object.entries(mapping.groups ?? {}).map(([group, entries]) => [group, entries.map(moved)]),
    );
    mappings[name] = { ...mapping, groups };
  }
  return { ...set, value_mappings: mappings };
}
