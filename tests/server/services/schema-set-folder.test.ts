/**
 * A stored version as a folder and back (issue 45, docs/decisions/765): the export of the shipped
 * version is schemas/ byte for byte (`diff -r`, schemas/schema-set.ts aside, the one TypeScript file),
 * and for any stored version (published, draft, or one stored before versions carried their
 * examples) export -> lint -> import stores an equal version.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaSet } from '../../../engine/index.ts';
import { schemaSet } from '../../../schemas/schema-set.ts';
import { findSchemaVersion, insertVersion } from '../../../server/repositories/schema-versions-repository.ts';
import { exportSchemaVersion, importSchemaSetFolder } from '../../../server/services/schema-set-folder.ts';
import {
  completeSchemaSet,
  publishSchemaSet,
  saveDraftSchemaSet,
  schemaSetHash,
  syncFileSchemaSet,
} from '../../../server/services/schema-versions.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SCHEMAS = resolve(import.meta.dirname, '../../../schemas');
const scratch = mkdtempSync(join(tmpdir(), 'schema-set-folder-'));
let t: TestApp;
let folders = 0;
const folder = () => join(scratch, String(++folders));

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** How a version came to be stored: published, saved as a draft, or stored bare (before ADR 765). */
type Storage = 'published' | 'draft' | 'bare';

async function store(set: SchemaSet, storage: Storage, note: string): Promise<number> {
  if (storage === 'published') return publishSchemaSet(t.db, set, note, null, 'current');
  if (storage === 'draft') return saveDraftSchemaSet(t.db, set, note);
  const { examples: _e, example_contexts: _c, data_files: _d, ...bare } = set;
  const row = await insertVersion(t.db, {
    schemaSet: bare,
    contentHash: schemaSetHash(bare),
    note,
    authorUserId: null,
    status: 'draft',
  });
  return row.version;
}

/** A set the lint passes that differs from the files' own: extra field groups of existing fields. */
const storedSets = fc
  .record({
    groups: fc.dictionary(
      fc.stringMatching(/^[a-z][a-z_]{0,11}$/),
      fc.subarray(Object.values(schemaSet.field_groups).flat(), { minLength: 1 }),
      { maxKeys: 2 },
    ),
    storage: fc.constantFrom<Storage>('published', 'draft', 'bare'),
    note: fc.string({ maxLength: 30 }),
  })
  .map(({ groups, storage, note }) => ({
    set: { ...schemaSet, field_groups: { ...groups, ...schemaSet.field_groups } },
    storage,
    note,
  }));

describe('schema set folders (schemas:export and schemas:import)', () => {
  it('exports the shipped version as schemas/ byte for byte', async () => {
    const version = await syncFileSchemaSet(t.db);
    const out = folder();
    const written = await exportSchemaVersion(t.db, version, out);
    expect(written?.files).toContain('examples/primary.json');
    expect(written?.files).toContain('constants/working-hours.json');
    // diff exits 1 with the differences when there are any; the thrown error prints them.
    expect(execFileSync('diff', ['-r', '--exclude=schema-set.ts', out, SCHEMAS], { encoding: 'utf8' })).toBe(
      '',
    );
  });

  it('answers undefined for a version that is not stored', async () => {
    expect(await exportSchemaVersion(t.db, 99_999, folder())).toBeUndefined();
  });

  it('round-trips any stored version: export, lint and import store an equal version', async () => {
    await fc.assert(
      fc.asyncProperty(storedSets, async ({ set, storage, note }) => {
        const version = await store(set, storage, note);
        const stored = await findSchemaVersion(t.db, version);
        const out = folder();
        await exportSchemaVersion(t.db, version, out);
        const imported = await importSchemaSetFolder(t.db, out, 'round trip');
        if ('problems' in imported) expect.fail(imported.problems.slice(0, 5).join('\n'));
        const again = await findSchemaVersion(t.db, imported.version);
        // A bare version is exported with schemas/'s examples: it comes back completed.
        const expected = completeSchemaSet(stored?.schema_set as SchemaSet);
        expect(again?.schema_set).toEqual(expected);
        expect(again?.content_hash).toBe(schemaSetHash(expected));
        expect(again?.status).toBe('draft');
      }),
      { numRuns: 4 },
    );
  });

  it('refuses a folder whose lint finds problems and stores nothing', async () => {
    const out = folder();
    await exportSchemaVersion(t.db, await syncFileSchemaSet(t.db), out);
    rmSync(join(out, 'examples/primary.json'));
    const before = await t.count('schema_versions');
    const imported = await importSchemaSetFolder(t.db, out, 'broken');
    expect(imported).toEqual({
      problems: expect.arrayContaining([expect.stringMatching(/no example document is named "primary"/)]),
    });
    expect(await t.count('schema_versions')).toBe(before);
  });
});
