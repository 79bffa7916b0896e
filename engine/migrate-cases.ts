import { migrateDocument } from './migrate-document.ts';
import type { Migration, SchemaSet } from './types.ts';

/**
 * `set` with its cases' documents and its examples (the cases' starting points) moved by
 * `migrations`, as stored documents are moved (migrateDocument): a `remap` translates the values a
 * document holds, a `rename` moves them to the new field. A case's expectations are left as written:
 * they say what the set must answer, and a rename that changes them is the author's to review. The
 * input is not changed; applying the same migrations twice changes nothing more. Generic. Issue 37 (a
 * remap moves everything of the version that holds the old value: stored drafts, value mappings and
 * the cases), issue 45 (the examples stored with a version).
 */
export function migrateCases(set: SchemaSet, migrations: Migration[]): SchemaSet {
  if ((!set.cases && !set.examples) || migrations.length === 0) return set;
  return {
    ...set,
    ...(set.cases
      ? {
          cases: set.cases.map((file) => ({
            ...file,
            cases: file.cases.map((one) => ({ ...one, doc: migrateDocument(one.doc, migrations) })),
          })),
        }
      : {}),
    ...(set.examples
      ? {
          examples: Object.fromEntries(
            Object.entries(set.examples).map(([name, doc]) => [name, migrateDocument(doc, migrations)]),
          ),
        }
      : {}),
  };
}
