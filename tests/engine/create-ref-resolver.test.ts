import { describe, expect, it } from 'vitest';
import { createRefResolver } from '../../engine/create-ref-resolver.ts';

const lists = {
  $id: 'https://x.test/constants/lists.json',
  $defs: {
    letters: { enum: ['a', 'b'] },
    'a/b': { type: 'string' },
    chained: { $ref: '#/$defs/letters', title: 'Chained' },
    loop: { $ref: '#/$defs/loop2' },
    loop2: { $ref: '#/$defs/loop' },
  },
};
const section = {
  $id: 'https://x.test/sections/one.json',
  properties: { pick: { $ref: '../constants/lists.json#/$defs/letters' } },
};
const relative = { $id: 'relative.json', $defs: { n: { type: 'number' } } };

describe('createRefResolver', () => {
  const resolver = createRefResolver([lists, section, relative]);

  it('resolves relative refs against the $id and JSON pointers (escaped too)', () => {
    expect(
      resolver.resolve('../constants/lists.json#/$defs/letters', resolver.baseOf(section)).schema,
    ).toEqual({ enum: ['a', 'b'] });
    expect(resolver.resolve('lists.json#/$defs/a~1b', resolver.baseOf(lists)).schema).toEqual({
      type: 'string',
    });
    expect(resolver.resolve('relative.json#/$defs/n', resolver.baseOf(relative)).schema).toEqual({
      type: 'number',
    });
  });

  it('inlines chained refs, siblings winning', () => {
    expect(resolver.inline({ $ref: '#/$defs/chained', title: 'Mine' }, resolver.baseOf(lists))).toEqual({
      enum: ['a', 'b'],
      title: 'Mine',
    });
  });

  it('throws for unresolved and circular refs, and for schemas without or with duplicate $id', () => {
    expect(() => resolver.resolve('missing.json', resolver.baseOf(lists))).toThrow(
      '$ref "missing.json" does not resolve',
    );
    expect(() => resolver.resolve('#/$defs/none', resolver.baseOf(lists))).toThrow('does not resolve');
    expect(() => resolver.resolve('#anchor', resolver.baseOf(lists))).toThrow('only JSON pointers');
    expect(() => resolver.inline({ $ref: '#/$defs/loop' }, resolver.baseOf(lists))).toThrow('circular');
    expect(() => createRefResolver([{ type: 'object' }])).toThrow('no $id');
    expect(() => createRefResolver([lists, { ...lists }])).toThrow('duplicate $id');
  });

  it('leaves $ref-looking data inside enum/const/default alone', () => {
    const data = { default: { $ref: 'nowhere' }, enum: [{ $ref: 'nowhere' }] };
    expect(resolver.inline(data, resolver.baseOf(lists))).toEqual(data);
  });
});

describe('createRefResolver checkAllRefs', () => {
  it('passes when every $ref resolves and names the first that does not', () => {
    expect(() => createRefResolver([lists, section, relative]).checkAllRefs()).not.toThrow();
    const stray = { $id: 'https://x.test/stray.json', $defs: { unused: { items: { $ref: 'gone.json' } } } };
    expect(() => createRefResolver([lists, stray]).checkAllRefs()).toThrow(
      '$ref "gone.json" does not resolve',
    );
  });
});
