/**
 * The pure logic behind "never lose an edit" (docs/decisions/101): the agent's changed fields,
 * merging them onto a newer server document, the localStorage round trip, and the retry backoff.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeFieldChanges } from '../../engine/react/merge-field-changes.ts';
import type { Doc } from '../../engine/types.ts';
import { retryDelayMs } from '../../portal/features/applications/components/use-autosave.ts';
import { changedFields } from '../../portal/features/applications/stores/changed-fields.ts';
import {
  clearUnsavedEdits,
  parseUnsavedEdits,
  readUnsavedEdits,
  unsavedEditsKey,
  writeUnsavedEdits,
} from '../../portal/features/applications/stores/unsaved-edits-store.ts';

const FIELDS = ['first_name', 'last_name', 'deductible', 'flood_zone', 'building_use', 'tags'];
const scalar = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const doc = fc.dictionary(fc.constantFrom(...FIELDS), value) as fc.Arbitrary<Doc>;

const apply = (onto: Doc, edits: Doc) => mergeFieldChanges(onto, edits, Object.keys(edits)).doc;

/** A Storage in memory (the one jsdom gives is shared by the whole file). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, item) => void map.set(key, item),
  };
}

describe('changedFields and the merge', () => {
  it('applied back onto the base, the changes give the local document', () => {
    fc.assert(
      fc.property(doc, doc, (base, edited) => {
        // The form starts from the base and never drops a key.
        const local = { ...base, ...edited };
        const changes = changedFields(base, local);
        const back = apply(base, changes);
        // A field the document lacks reads as null (docs/api.md), so absent and null are one value.
        for (const field of new Set([...Object.keys(local), ...Object.keys(back)])) {
          expect(back[field] ?? null).toEqual(local[field] ?? null);
        }
        for (const field of Object.keys(changes)) expect(changes[field]).not.toEqual(base[field] ?? null);
      }),
    );
  });

  it('merged onto a newer server document, keeps every field the agent did not change', () => {
    fc.assert(
      fc.property(doc, doc, doc, (base, edited, server) => {
        const changes = changedFields(base, { ...base, ...edited });
        const merged = apply(server, changes);
        for (const field of new Set([...Object.keys(server), ...Object.keys(changes)])) {
          expect(merged[field]).toEqual(field in changes ? changes[field] : server[field]);
        }
      }),
    );
  });

  it('treats a list with the same items, and undefined against null, as unchanged', () => {
    expect(changedFields({ tags: ['a', 1], note: null }, { tags: ['a', 1], note: undefined })).toEqual({});
    expect(changedFields({ tags: ['a', 1] }, { tags: [1, 'a'] })).toEqual({ tags: [1, 'a'] });
  });
});

describe('the unsaved-edits store', () => {
  it('reads back what it wrote, per application, and forgets empty or cleared edits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: null }),
        doc,
        (id, version, fields) => {
          const storage = memoryStorage();
          expect(writeUnsavedEdits(id, { version, fields }, storage, new Date(0))).toBe(true);
          const back = readUnsavedEdits(id, storage);
          if (Object.keys(fields).length === 0) {
            expect(back).toBeNull();
            expect(storage.length).toBe(0);
            return;
          }
          expect(back).toEqual({ version, fields, saved_at: '1970-01-01T00:00:00.000Z' });
          expect(readUnsavedEdits(id + 1, storage)).toBeNull();
          clearUnsavedEdits(id, storage);
          expect(storage.getItem(unsavedEditsKey(id))).toBeNull();
        },
      ),
    );
  });

  it('never throws on whatever the storage holds, and answers only its own shape', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null)), (raw) => {
        const parsed = parseUnsavedEdits(raw);
        if (parsed === null) return;
        expect(parsed.version === null || Number.isInteger(parsed.version)).toBe(true);
        expect(Object.keys(parsed.fields).length).toBeGreaterThan(0);
        for (const item of Object.values(parsed.fields).flat()) {
          expect(item === null || typeof item !== 'object').toBe(true);
        }
      }),
    );
    expect(parseUnsavedEdits('{"version":1,"fields":{"a":{"deep":1}}}')).toBeNull();
    expect(parseUnsavedEdits('{"version":0,"fields":{"a":1}}')).toBeNull();
  });

  it('reports a refusing storage instead of throwing', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(writeUnsavedEdits(1, { version: 1, fields: { a: 1 } }, full as Storage)).toBe(false);
  });
});

describe('retry backoff', () => {
  it('starts at the base delay, never shrinks, and stops at the maximum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (attempt, baseMs, extraMs) => {
          const maxMs = baseMs + extraMs;
          const delay = retryDelayMs(attempt, baseMs, maxMs);
          expect(delay).toBeGreaterThanOrEqual(baseMs);
          expect(delay).toBeLessThanOrEqual(maxMs);
          expect(retryDelayMs(attempt + 1, baseMs, maxMs)).toBeGreaterThanOrEqual(delay);
          expect(retryDelayMs(0, baseMs, maxMs)).toBe(baseMs);
          expect(retryDelayMs(attempt + 40, baseMs, maxMs)).toBe(maxMs);
        },
      ),
    );
    expect([0, 1, 2, 3, 4].map((attempt) => retryDelayMs(attempt))).toEqual([
      3000, 6000, 12_000, 24_000, 30_000,
    ]);
  });
});
