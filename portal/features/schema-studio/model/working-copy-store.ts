/**
 * The schema studio's unsaved working copy, kept in localStorage per base version so a reload, a
 * crash or leaving the page does not lose an edit (issue 11; the same promise as the details form's
 * unsaved edits, docs/decisions/101). One entry: `{base_version, schema_set, saved_at}`.
 */
import type { SchemaSet } from '../../../../engine/index.ts';

const KEY = 'mga-portal-schema-studio-working-copy';

/** A kept working copy: the version it started from, the set, and when it was kept (ISO time). */
export interface KeptWorkingCopy {
  base_version: number;
  schema_set: SchemaSet;
  saved_at: string;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The working copy kept for `baseVersion`, or null (none, another base, or not in its shape). */
export function readWorkingCopy(baseVersion: number): KeptWorkingCopy | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<KeptWorkingCopy> | null;
    if (!parsed || parsed.base_version !== baseVersion) return null;
    const set = parsed.schema_set;
    if (!set || !Array.isArray(set.schemas) || !Array.isArray(set.forms) || typeof set.messages !== 'object')
      return null;
    return { base_version: baseVersion, schema_set: set, saved_at: String(parsed.saved_at ?? '') };
  } catch {
    return null;
  }
}

/** Keeps `set` as the working copy of `baseVersion`; null forgets it. False when the browser refused. */
export function writeWorkingCopy(baseVersion: number, set: SchemaSet | null, now = new Date()): boolean {
  const store = storage();
  if (!store) return false;
  try {
    if (set === null) store.removeItem(KEY);
    else
      store.setItem(
        KEY,
        JSON.stringify({ base_version: baseVersion, schema_set: set, saved_at: now.toISOString() }),
      );
    return true;
  } catch {
    return false;
  }
}
