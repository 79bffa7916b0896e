/**
 * The schema-set directory reader and the lint command (issue 10): reading schemas/ gives the set the
 * portal bundles (so a JSON file schemas/schema-set.ts forgets is caught), problems are located as
 * file#pointer, and `npm run schemas:lint -- --dir` exits 1 with one line per problem.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { lintSchemaSetDir } from '../../../engine/node/lint-schema-set-dir.ts';
import { readSchemaSetDir } from '../../../engine/node/read-schema-set-dir.ts';
import type { SchemaSet } from '../../../engine/types.ts';
import { examples, schemaSet } from '../../../schemas/schema-set.ts';

const SCHEMAS = resolve(import.meta.dirname, '../../../schemas');
const scratch: string[] = [];

/** A copy of schemas/ in a temporary directory, with `edit` applied to one JSON file. */
function brokenCopy(file: string, edit: (json: unknown) => unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  scratch.push(dir);
  cpSync(SCHEMAS, dir, { recursive: true });
  const path = join(dir, file);
  writeFileSync(path, JSON.stringify(edit(JSON.parse(readFileSync(path, 'utf8'))), null, 2));
  return dir;
}

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const byId = (set: SchemaSet): SchemaSet => ({
  ...set,
  schemas: [...set.schemas].sort((a, b) => String(a.$id).localeCompare(String(b.$id))),
});

describe('readSchemaSetDir', () => {
  it('reads schemas/ into the same set, examples and data files schemas/schema-set.ts imports', () => {
    const read = readSchemaSetDir(SCHEMAS);
    expect(byId(read.set)).toEqual(byId(schemaSet));
    expect(read.set.examples).toEqual(examples);
    expect(Object.keys(read.set.data_files ?? {})).toEqual([
      'constants/alert-colours.json',
      'constants/placeholders.json',
      'constants/working-hours.json',
    ]);
  });

  it('locates paths in their files', () => {
    const { set, locate } = readSchemaSetDir(SCHEMAS);
    const phoneSchema = set.schemas.findIndex((schema) =>
      schema.$id?.toString().endsWith('contact.schema.json'),
    );
    expect(locate(['schemas', phoneSchema, 'properties', 'phone', 'x-widget'])).toBe(
      'application/contact.schema.json#/properties/phone/x-widget',
    );
    expect(locate(['forms', 1, 'ui', 'first_name', 'span'])).toBe(
      'forms/primary.form.json#/ui/first_name/span',
    );
    expect(locate(['field_rules', 3, 'assert'])).toBe('rules/field-rules.json#/3/assert');
    expect(locate(['applicability', 'a/b', '=='])).toBe('rules/applicability.json#/a~1b/==');
    expect(locate(['messages', 'between'])).toBe('messages.json#/between');
    expect(locate(['outcome_tables', 0, 'questions', 2])).toBe('underwriting/mobile.json#/questions/2');
  });

  it('names a file that is not JSON', () => {
    const dir = brokenCopy('messages.json', (json) => json);
    writeFileSync(join(dir, 'messages.json'), '{ "required": ');
    expect(() => readSchemaSetDir(dir)).toThrow(/^messages\.json: not valid JSON/);
  });
});

describe('lintSchemaSetDir', () => {
  it('finds nothing in schemas/', () => {
    expect(lintSchemaSetDir(SCHEMAS)).toEqual([]);
  });

  it('gives file#pointer lines for a broken copy', () => {
    const dir = brokenCopy('forms/excess.form.json', (form) => {
      (form as { ui: Record<string, { span: number }> }).ui.first_name.span = 40;
      return form;
    });
    expect(lintSchemaSetDir(dir)).toEqual([
      'forms/excess.form.json#/ui/first_name/span: span 40 of "first_name" in form "excess" is not a whole number from 1 to 12 [invalid-span]',
    ]);
  });
});

describe('npm run schemas:lint', () => {
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      resolve(import.meta.dirname, '../../../engine/node/schemas-lint-command.ts'),
      ...args,
    ]);

  it('exits 1 and prints the problem for a broken --dir', async () => {
    const dir = brokenCopy('rules/computed.json', (computed) => ({
      ...(computed as object),
      elevation_difference: { '+': [{ var: 'doc.elevation_difference_from_bfe' }, 1] },
      elevation_difference_from_bfe: { '+': [{ var: 'doc.elevation_difference' }, 1] },
    }));
    const failure = await run(['--dir', dir]).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain(
      'rules/computed.json#/elevation_difference: computed fields read each other in a circle',
    );
  });

  it('exits 0 on schemas/', async () => {
    const { stdout } = await run(['--dir', SCHEMAS]);
    expect(stdout).toMatch(/^no problems in /m);
  });
});
