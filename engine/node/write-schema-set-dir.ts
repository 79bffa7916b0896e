import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SchemaSet } from '../types.ts';
import { valueMappingFile } from '../value-mapping-file.ts';
import type { SchemaSetManifest } from './read-schema-set-dir.ts';

/**
 * Writes a schema set into `dir` in the layout readSchemaSetDir reads (its inverse): each JSON
 * Schema at its `$id` below the ids' common base (`application/contact.schema.json`), forms at
 * `forms/<id>.form.json`, case files at `cases/<id>.json` and outcome tables at
 * `<extras.outcomeTableFolder>/<id>.json` (default `outcome-tables`) in the manifest's order, the value
 * mappings at `mappings/<name>.json`, the rules, messages and migrations at their fixed names, the
 * manifest `schema-set.json` (with the examples' contexts), the examples at `examples/<name>.json`
 * and the data files at their paths. JSON as the project writes it (two-space indent, newline at the
 * end), so an export of the files' own set reproduces schemas/ byte for byte after formatWithBiome.
 * Returns the files written, relative to `dir`. Throws Error for a schema whose `$id` is outside the
 * common base. Issue 11 (export), issue 45 (the whole folder; docs/decisions/765).
 */
export function writeSchemaSetDir(
  set: SchemaSet,
  dir: string,
  extras: {
    /** The folder outcome tables are written to (the product names it; default `outcome-tables`). */
    outcomeTableFolder?: string;
  } = {},
): string[] {
  const written: string[] = [];
  const write = (file: string, value: unknown): void => {
    const path = join(dir, file);
    if (!path.startsWith(join(dir, '/'))) throw new Error(`"${file}" is outside the folder`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
    written.push(file);
  };
  const ids = set.schemas.map((schema) => String(schema.$id));
  const base = commonBase(ids);
  const fileOf = (id: string): string => {
    if (!id.startsWith(base)) throw new Error(`schema "${id}" is outside ${base}`);
    return id.slice(base.length);
  };
  for (const schema of set.schemas) write(fileOf(String(schema.$id)), schema);
  const manifest: SchemaSetManifest = {
    root_schema: fileOf(set.root_schema_id),
    ...(set.context_keys ? { context_keys: set.context_keys } : {}),
    forms: set.forms.map((form) => `forms/${form.id}.form.json`),
    ...(set.cases ? { cases: set.cases.map((file) => `cases/${file.id}.json`) } : {}),
    outcome_tables: set.outcome_tables.map(
      (table) => `${extras.outcomeTableFolder ?? 'outcome-tables'}/${table.id}.json`,
    ),
    ...(set.value_mappings ? { value_mappings: Object.keys(set.value_mappings).map(valueMappingFile) } : {}),
    ...(set.example_contexts ? { example_contexts: set.example_contexts } : {}),
  };
  write('schema-set.json', manifest);
  for (const [index, form] of set.forms.entries()) write(manifest.forms[index], form);
  for (const [index, table] of set.outcome_tables.entries()) write(manifest.outcome_tables[index], table);
  for (const file of set.cases ?? []) write(`cases/${file.id}.json`, file);
  for (const [name, mapping] of Object.entries(set.value_mappings ?? {}))
    write(valueMappingFile(name), mapping);
  write('rules/applicability.json', set.applicability);
  if (set.required_when) write('rules/required-when.json', set.required_when);
  write('rules/field-rules.json', set.field_rules);
  write('rules/cross-rules.json', set.cross_rules);
  write('rules/computed.json', set.computed);
  write('rules/field-groups.json', set.field_groups);
  if (set.rules_apply_when !== undefined) write('rules/rules-apply-when.json', set.rules_apply_when);
  write('messages.json', set.messages);
  write('migrations.json', set.migrations ?? []);
  for (const [name, doc] of Object.entries(set.examples ?? {})) write(`examples/${name}.json`, doc);
  for (const [file, value] of Object.entries(set.data_files ?? {})) write(file, value);
  return written;
}

/** The longest prefix of every id that ends with "/" (the folder all schemas sit under). */
function commonBase(ids: string[]): string {
  if (ids.length === 0) return '';
  let prefix = ids[0];
  for (const id of ids) while (!id.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf('/') + 1);
}

/** The project's root, whose biome.json and Biome install format exported sets. */
const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

/**
 * Formats the JSON files of `dir` with the project's formatter (Biome, with the project's
 * biome.json), as every file in schemas/ is. Throws Error with Biome's output when it fails.
 * Needs the development dependencies (the export is a tool for product staff and reviewers).
 */
export function formatWithBiome(dir: string): void {
  execFileSync(
    join(PROJECT_ROOT, 'node_modules/.bin/biome'),
    ['format', '--write', '--config-path', join(PROJECT_ROOT, 'biome.json'), dir],
    {
      stdio: 'pipe',
    },
  );
}
