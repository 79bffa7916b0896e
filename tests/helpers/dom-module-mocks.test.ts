/**
 * The dom files that call `vi.mock` are exactly those run in a module graph of their own
 * (tests/helpers/dom-module-mocks.ts, ADR 775): a new module mock in a shared-graph file fails here
 * before it can change what the files after it import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOM_FILES_WITH_MODULE_MOCKS, DOM_TEST_FOLDERS } from './dom-module-mocks.ts';

const ROOT = join(import.meta.dirname, '../..');

/** A call of vi.mock (not vi.mocked) at the start of a statement. */
const MODULE_MOCK = /^\s*vi\.(mock|doMock)\(/m;

function domTestFiles(): string[] {
  return DOM_TEST_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => `${folder}/${name}`),
  ).sort();
}

describe('dom files with module mocks', () => {
  it('lists every dom test file that calls vi.mock, and no other', () => {
    const mocking = domTestFiles().filter((file) => MODULE_MOCK.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(mocking).toEqual([...DOM_FILES_WITH_MODULE_MOCKS].sort());
  });

  it('tells a module mock from vi.mocked', () => {
    expect(MODULE_MOCK.test("vi.mock('../x.ts', () => ({}));")).toBe(true);
    expect(MODULE_MOCK.test('  vi.doMock("../x.ts");')).toBe(true);
    expect(MODULE_MOCK.test('const shown = vi.mocked(notifications.show);')).toBe(false);
  });
});
