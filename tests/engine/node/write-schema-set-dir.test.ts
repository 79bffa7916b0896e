/**
 * writeSchemaSetDir (issue 11 export, issue 45): writing the files' own set reproduces every file of
 * schemas/ (its examples and data files too), byte for byte, and reads back into the same set.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSchemaSetDir } from '../../../engine/node/read-schema-set-dir.ts';
import { formatWithBiome, writeSchemaSetDir } from '../../../engine/node/write-schema-set-dir.ts';
import { OUTCOME_TABLE_FOLDER } from '../../../server/schemas-layout.ts';

const SCHEMAS = resolve(import.meta.dirname, '../../../schemas');
const out = mkdtempSync(join(tmpdir(), 'schemas-export-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('writeSchemaSetDir', () => {
  const read = readSchemaSetDir(SCHEMAS);
  const written = writeSchemaSetDir(read.set, out, { outcomeTableFolder: OUTCOME_TABLE_FOLDER });
  // "Byte for byte after the project's formatter": Biome lays short lists on one line.
  formatWithBiome(out);

  it("reproduces each file of schemas/ byte for byte after the project's formatter", () => {
    expect(written.length).toBeGreaterThan(90);
    for (const file of written) {
      expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(SCHEMAS, file), 'utf8'));
    }
  });

  it('writes what the reader reads back as the same set', () => {
    const again = readSchemaSetDir(out);
    expect(again.set).toEqual(read.set);
  });

  it('refuses a data file outside the folder', () => {
    const set = { ...read.set, data_files: { '../escaped.json': {} } };
    expect(() => writeSchemaSetDir(set, join(out, 'inner'))).toThrow(/outside the folder/);
  });
});
