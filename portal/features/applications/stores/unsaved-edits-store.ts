/**
 * The details form's unsaved edits, kept in localStorage per application so a reload, a crash or
 * a network outage does not lose them (issue 5 "Never lose an edit", docs/decisions/101). One
 * entry per application id: `{version, fields, saved_at}`.
 */
import type { Doc } from '../../../../engine/index.ts';

/** Unsaved edits: changed fields, the application version they were based on (null when the
 * server sent none) and when they were kept (ISO time). */
export interface UnsavedEdits {
  version: number | null;
  fields: Doc;
  saved_at: string;
}

const KEY_PREFIX = 'mga-portal-unsaved-edits:';

/** The localStorage key of an application's unsaved edits (numeric id). */
export function unsavedEditsKey(applicationId: number): string {
  return `${KEY_PREFIX}${applicationId}`;
}

function defaultStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage disabled by the browser: edits then live only in memory.
    return undefined;
  }
}

function isDocValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item) => item === null || typeof item !== 'object');
  return value === null || typeof value !== 'object';
}

/** Reads back what `writeUnsavedEdits` stored; null when absent or not in its shape. */
export function parseUnsavedEdits(raw: string | null): UnsavedEdits | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { version, fields, saved_at } = parsed as Record<string, unknown>;
  if (version !== null && !(Number.isInteger(version) && (version as number) > 0)) return null;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
  if (!Object.values(fields).every(isDocValue) || Object.keys(fields).length === 0) return null;
  return { version: version as number | null, fields: fields as Doc, saved_at: String(saved_at ?? '') };
}

/** The unsaved edits kept for an application, or null. */
export function readUnsavedEdits(applicationId: number, storage = defaultStorage()): UnsavedEdits | null {
  try {
    return parseUnsavedEdits(storage?.getItem(unsavedEditsKey(applicationId)) ?? null);
  } catch {
    return null;
  }
}

/**
 * Keeps `fields` (the changed fields) and the `version` they were based on; no fields removes the
 * entry. Returns false when the browser refused (storage full or disabled).
 */
export function writeUnsavedEdits(
  applicationId: number,
  edits: { version: number | null; fields: Doc },
  storage = defaultStorage(),
  now: Date = new Date(),
): boolean {
  if (!storage) return false;
  const key = unsavedEditsKey(applicationId);
  try {
    if (Object.keys(edits.fields).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ ...edits, saved_at: now.toISOString() }));
    return true;
  } catch {
    return false;
  }
}

/** Forgets an application's unsaved edits (they are saved, or the agent discarded them). */
export function clearUnsavedEdits(applicationId: number, storage = defaultStorage()): void {
  try {
    storage?.removeItem(unsavedEditsKey(applicationId));
  } catch {
    // Nothing to forget where storage is disabled.
  }
}
