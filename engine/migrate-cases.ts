import { migrateDocument } from './migrate-document.ts';
import type { Migration, SchemaSet } from './types.ts';

/**
 * `set` with its cases' documents moved by `migrations`, as stored documents are moved
 * (migrateDocument): a `remap` translates the values a case's document holds, a `rename` moves them
 * to the new field. A case's expectations are left as written: they say what the set must answer,
 * and a rename that changes them is the author's to review. The input is not changed; applying the
 * same migrations twice changes nothing more. Generic. Issue 37 (a remap moves everything of the
 * version that holds the old value: stored drafts, value mappings and the cases).
 */
export function migrateCases(set: SchemaSet, migrations: Migration[]): SchemaSet {
  if (!set.cases || migrations.length === 0) return set;
  return {
    ...set,
    cases: set.cases.map((file) => ({
      ...file,
      cases: file.cases.map((one) => ({ ...one, doc: migrateDocument(one.doc, migrations) })),
    })),
  };
}
