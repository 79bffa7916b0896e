import { describe, expect, it } from 'vitest';
import { migrateCases } from '../../engine/migrate-cases.ts';
import type { SchemaSet } from '../../engine/types.ts';

/** A set with one case file holding one case: only `cases` matters here. */
function setWithCase(doc: Record<string, unknown>): SchemaSet {
  return {
    cases: [
      {
        id: 'applicability',
        cases: [{ id: 'vents', over: 'primary', doc, expect: { applicable: { vents: true } } }],
      },
    ],
  } as unknown as SchemaSet;
}

describe('migrateCases', () => {
  it("moves a case's document by a remap and a rename, leaving its expectations and the input as they were", () => {
    const set = setWithCase({ foundation: 'Crawlspace', basement: 'None' });
    const migrations = [
      {
        id: 'crawl-space',
        steps: [
          { remap: { field: 'foundation', values: { Crawlspace: 'Crawl space' } } },
          { rename: { from: 'basement', to: 'basement_type' } },
        ],
      },
    ];
    const moved = migrateCases(set, migrations as never);
    expect(moved.cases?.[0].cases[0].doc).toEqual({ foundation: 'Crawl space', basement_type: 'None' });
    expect(moved.cases?.[0].cases[0].expect).toEqual({ applicable: { vents: true } });
    expect(set.cases?.[0].cases[0].doc).toEqual({ foundation: 'Crawlspace', basement: 'None' });
    expect(migrateCases(moved, migrations as never).cases).toEqual(moved.cases);
  });

  it('moves the examples the cases start from the same way (issue 45)', () => {
    const set = { examples: { primary: { foundation: 'Crawlspace' } } } as unknown as SchemaSet;
    const remap = [
      {
        id: 'crawl-space',
        steps: [{ remap: { field: 'foundation', values: { Crawlspace: 'Crawl space' } } }],
      },
    ];
    expect(migrateCases(set, remap as never).examples).toEqual({ primary: { foundation: 'Crawl space' } });
    expect(set.examples?.primary).toEqual({ foundation: 'Crawlspace' });
  });

  it('returns the set itself with no cases and no examples, or no migrations', () => {
    const set = setWithCase({ foundation: 'Slab' });
    expect(migrateCases(set, [])).toBe(set);
    const none = {} as SchemaSet;
    expect(migrateCases(none, [{ id: 'x', steps: [] }] as never)).toBe(none);
  });
});
