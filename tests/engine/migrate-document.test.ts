/** Declarative document migrations (issue 10 part 3): each step kind, and properties over any document. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { migrateDocument, migrationsBetween } from '../../engine/migrate-document.ts';
import type { Doc, Migration, SchemaSet } from '../../engine/types.ts';
import { basicSet } from './fixtures/basic-set.ts';

const migrations: Migration[] = [
  {
    id: 'rename-and-remap',
    steps: [
      { rename: { from: 'old_name', to: 'new_name' } },
      { drop: { field: 'gone' } },
      { remap: { field: 'deductible', values: { '500': 1000, '750': 1000 } } },
      { remap: { field: 'tags', values: { x: 'y' } } },
      { set_default: { field: 'fresh', value: 'Yes' } },
    ],
  },
];

const touched = new Set(['old_name', 'new_name', 'gone', 'deductible', 'tags', 'fresh']);

describe('migrateDocument', () => {
  it('renames, drops, remaps and sets defaults', () => {
    const doc = { old_name: 'A', gone: 1, deductible: 500, tags: ['x', 'z'], keep: true };
    expect(migrateDocument(doc, migrations)).toEqual({
      new_name: 'A',
      deductible: 1000,
      tags: ['y', 'z'],
      fresh: 'Yes',
      keep: true,
    });
    expect(doc).toEqual({ old_name: 'A', gone: 1, deductible: 500, tags: ['x', 'z'], keep: true });
  });

  it('keeps a value already under the new name and a set value over the default', () => {
    expect(migrateDocument({ old_name: 'A', new_name: 'B', fresh: 'No' }, migrations)).toEqual({
      new_name: 'B',
      fresh: 'No',
    });
  });

  it('never touches other fields, and a second run changes nothing more', () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 4 }),
      fc.integer({ min: 0, max: 1000 }),
      fc.constantFrom(500, 750, 'x'),
    );
    const doc = fc.dictionary(
      fc.constantFrom('old_name', 'new_name', 'gone', 'deductible', 'fresh', 'keep', 'other'),
      value,
    );
    fc.assert(
      fc.property(doc, (input: Doc) => {
        const once = migrateDocument(input, migrations);
        expect(migrateDocument(once, migrations)).toEqual(once);
        for (const [key, v] of Object.entries(input)) if (!touched.has(key)) expect(once[key]).toEqual(v);
        expect('gone' in once).toBe(false);
        expect('old_name' in once).toBe(false);
      }),
    );
  });
});

describe('migrationsBetween', () => {
  it('gives the migrations new in the later set, in its order', () => {
    const before: SchemaSet = { ...basicSet(), migrations: [{ id: 'a', steps: [] }] };
    const after: SchemaSet = {
      ...basicSet(),
      migrations: [
        { id: 'a', steps: [] },
        { id: 'b', steps: [] },
        { id: 'c', steps: [] },
      ],
    };
    expect(migrationsBetween(before, after).map((m) => m.id)).toEqual(['b', 'c']);
    expect(migrationsBetween(after, after)).toEqual([]);
  });
});
