/**
 * writeSchemaSetDir (issue 11 export): writing the files' own set with its examples reproduces every
 * file of schemas/ that makes up the set, byte for byte, and reads back into the same set.
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
  const written = writeSchemaSetDir(read.set, out, {
    examples: read.examples,
    exampleContexts: read.exampleContexts,
    outcomeTableFolder: OUTCOME_TABLE_FOLDER,
  });
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
    expect(again.examples).toEqual(read.examples);
    expect(again.exampleContexts).toEqual(read.exampleContexts);
  });
});
