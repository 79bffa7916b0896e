/**
 * Schema set versions on the server (issue 10 part 3): the files of schemas/ stored as a published
 * version when no stored one has their content, the current version (the highest published, read
 * per call so a version published by another process is used at once), each version compiled once
 * per process (by content), and the migrations that upgrade a document between versions.
 * docs/decisions/157-schema-versions.md.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  type CompiledSchemaSet,
  compileSchemaSet,
  type Migration,
  migrateCases,
  migrationsBetween,
  type SchemaSet,
} from '../../engine/index.ts';
import { schemaSet as fileSchemaSet } from '../../schemas/schema-set.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import {
  findPublishedByHash,
  findSchemaVersion,
  insertVersion,
  latestPublishedVersion,
  publishedVersionsBetween,
} from '../repositories/schema-versions-repository.ts';
import { compiledSchemaSet } from './schema-engine.ts';

/** get-schema-set for a version that is not stored (or only a draft). */
export const SCHEMA_VERSION_NOT_FOUND_MESSAGE = 'Schema version not found.';

/** Any constant: the advisory lock key that serializes version imports and publishes. */
const VERSION_LOCK_KEY = 7_351_045;

/** The note of a version imported from the files at start. */
export const FILE_IMPORT_NOTE = 'Imported from schemas/ at start';

/**
 * sha256 of the set's JSON with object keys sorted and the schemas in `$id` order: equal for equal
 * content, whatever the key order or the order of the schemas (found by `$id`, so not content).
 */
export function schemaSetHash(set: SchemaSet): string {
  return createHash('sha256')
    .update(stableJson({ ...set, schemas: inIdOrder(set.schemas) }))
    .digest('hex');
}

/** The schemas sorted by `$id` (code unit order, the order a folder's files are read in). */
function inIdOrder(schemas: SchemaSet['schemas']): SchemaSet['schemas'] {
  return [...schemas].sort((a, b) => (String(a.$id) < String(b.$id) ? -1 : Number(a.$id !== b.$id)));
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

const fileHash = schemaSetHash(fileSchemaSet);

/**
 * `set` as a stored version carries it: with its examples, their contexts and its data files, which
 * a set without them (a version stored before docs/decisions/765, a studio client that left them out)
 * takes from schemas/, the examples moved by the set's migrations as the publish check moves them;
 * its schemas in `$id` order (the order a folder is read in: an order that is not content). So the export of any version is a whole folder that lints and imports as it is. Issue 45.
 */
export function completeSchemaSet(set: SchemaSet): SchemaSet {
  const examples =
    set.examples ?? migrateCases({ ...fileSchemaSet, cases: undefined }, set.migrations ?? []).examples;
  return {
    ...set,
    schemas: inIdOrder(set.schemas),
    examples,
    example_contexts: set.example_contexts ?? fileSchemaSet.example_contexts,
    data_files: set.data_files ?? fileSchemaSet.data_files,
  };
}

/**
 * Publishes `set` as the next version unless it is already there; returns the version that holds
 * it. `unless: 'stored'` (the files at start) skips any published version with the same content, so
 * a restart never undoes what the studio published since; `unless: 'current'` (the studio's publish
 * and rollback) skips only when the current version holds it, so an earlier content can become the
 * newest again. Serialized across processes by an advisory lock: two processes starting at once
 * store the files once. Stores the set completed (completeSchemaSet). Issue 10 part 3, issue 11.
 */
export async function publishSchemaSet(
  db: Executor,
  given: SchemaSet,
  note: string,
  authorUserId: number | null = null,
  unless: 'stored' | 'current' = 'stored',
): Promise<number> {
  const set = completeSchemaSet(given);
  const contentHash = schemaSetHash(set);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${VERSION_LOCK_KEY})`);
    const existing =
      unless === 'stored' ? await findPublishedByHash(tx, contentHash) : await latestPublishedVersion(tx);
    if (existing?.content_hash === contentHash) return existing.version;
    return (await insertVersion(tx, { schemaSet: set, contentHash, note, authorUserId, status: 'published' }))
      .version;
  });
}

/**
 * Stores `set` as a new draft version (a directory imported for review, or the studio's working
 * copy), completed (completeSchemaSet); returns its number. Drafts are never current and never served
 * to applications. Issue 11.
 */
export async function saveDraftSchemaSet(
  db: Executor,
  given: SchemaSet,
  note: string,
  authorUserId: number | null = null,
): Promise<number> {
  const set = completeSchemaSet(given);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${VERSION_LOCK_KEY})`);
    const row = await insertVersion(tx, {
      schemaSet: set,
      contentHash: schemaSetHash(set),
      note,
      authorUserId,
      status: 'draft',
    });
    return row.version;
  });
}

const synced = new WeakMap<Executor, Promise<number>>();

/** Stores the files of schemas/ as a version if needed, once per process and database. */
export function syncFileSchemaSet(db: Executor): Promise<number> {
  let done = synced.get(db);
  if (!done) {
    done = publishSchemaSet(db, fileSchemaSet, FILE_IMPORT_NOTE);
    synced.set(db, done);
    done.catch(() => synced.delete(db));
  }
  return done;
}

/** The current version: the highest published (the files' version is stored first if none is). */
export async function currentSchemaVersion(db: Executor): Promise<number> {
  const latest = await latestPublishedVersion(db);
  if (latest) return latest.version;
  await syncFileSchemaSet(db);
  return (await latestPublishedVersion(db))?.version ?? 1;
}

const compiledByHash = new Map<string, CompiledSchemaSet>();

/**
 * The compiled set of a stored version, compiled once per process per content (the files' own
 * compile is reused for their version). Throws Error when the version is not stored.
 */
export async function compiledSchemaSetOf(db: Executor, version: number): Promise<CompiledSchemaSet> {
  let row = await findSchemaVersion(db, version);
  if (!row) {
    await syncFileSchemaSet(db);
    row = await findSchemaVersion(db, version);
  }
  if (!row) throw new Error(`schema version ${version} is not stored`);
  if (row.content_hash === fileHash) return compiledSchemaSet();
  let compiled = compiledByHash.get(row.content_hash);
  if (!compiled) {
    compiled = compileSchemaSet(row.schema_set);
    compiledByHash.set(row.content_hash, compiled);
  }
  return compiled;
}

/**
 * compiledSchemaSetOf for a version whose content hash the caller read with its row (null when
 * the version is not stored yet): no query when that content is compiled in this process already.
 * A hash names its content, so the cache is right whatever other processes publish.
 */
export async function compiledSchemaSetWithHash(
  db: Executor,
  version: number,
  contentHash: string | null,
): Promise<CompiledSchemaSet> {
  if (contentHash === fileHash) return compiledSchemaSet();
  return (contentHash ? compiledByHash.get(contentHash) : undefined) ?? compiledSchemaSetOf(db, version);
}

/** Answer of get-schema-set: `{schema_version, schema_set}` of `version` (default: the current one), the set without its cases, examples and data files (a form never reads them); ApiError 404 when not stored. */
export async function schemaSetView(
  db: Executor,
  version?: number,
): Promise<{ schema_version: number; schema_set: SchemaSet }> {
  const wanted = version ?? (await currentSchemaVersion(db));
  const row = await findSchemaVersion(db, wanted);
  if (!row || row.status === 'draft') throw new ApiError(404, SCHEMA_VERSION_NOT_FOUND_MESSAGE);
  // The cases and examples judge the set in the studio and before a publish; a form never reads them
  // (issue 37), nor the data files (docs/decisions/765).
  const {
    cases: _cases,
    examples: _examples,
    example_contexts: _contexts,
    data_files: _dataFiles,
    ...schemaSet
  } = row.schema_set;
  return { schema_version: row.version, schema_set: schemaSet };
}

/** The migrations that upgrade a document of version `from` to version `to`, oldest first. */
export async function migrationsFrom(db: Executor, from: number, to: number): Promise<Migration[]> {
  if (to <= from) return [];
  let previous = (await findSchemaVersion(db, from))?.schema_set ?? { ...fileSchemaSet, migrations: [] };
  const migrations: Migration[] = [];
  for (const row of await publishedVersionsBetween(db, from, to)) {
    migrations.push(...migrationsBetween(previous, row.schema_set));
    previous = row.schema_set;
  }
  return migrations;
}
