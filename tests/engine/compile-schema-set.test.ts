import { describe, expect, it } from 'vitest';
import { compileSchemaSet, SchemaSetError } from '../../engine/compile-schema-set.ts';
import type { SchemaSet } from '../../engine/types.ts';
import { basicSet } from './fixtures/basic-set.ts';

function broken(change: (set: SchemaSet) => void): () => unknown {
  const set = basicSet();
  change(set);
  return () => compileSchemaSet(set);
}

describe('compileSchemaSet', () => {
  it('flattens properties across section files in declaration order, with constants inlined', () => {
    const compiled = compileSchemaSet(basicSet());
    expect(compiled.fields.slice(0, 4)).toEqual(['alpha', 'kind', 'count', 'email']);
    expect(compiled.fields).toHaveLength(18);
    expect(compiled.properties.kind).toEqual({
      type: 'string',
      enum: ['a', 'b', 'c'],
      title: 'Kind',
      default: 'a',
    });
    expect(compiled.properties.size.oneOf).toEqual([
      { const: 1000, title: '$1,000' },
      { const: 5000, title: '$5,000' },
    ]);
    expect(JSON.stringify(compiled.properties)).not.toContain('$ref');
  });

  it('exposes a self-contained root schema and the set it came from', () => {
    const set = basicSet();
    const compiled = compileSchemaSet(set);
    expect(compiled.set).toBe(set);
    expect(compiled.rootSchema.type).toBe('object');
    expect(compiled.rootSchema.title).toBe('Generic document');
    expect(compiled.rootSchema.properties).toBe(compiled.properties);
    expect(compiled.rootSchema).not.toHaveProperty('required');
  });

  it('lets a sibling keyword of a $ref override the constant', () => {
    const compiled = compileSchemaSet(
      (() => {
        const set = basicSet();
        const main = set.schemas[2].properties as Record<string, Record<string, unknown>>;
        main.kind = { $ref: '../constants/lists.json#/$defs/kinds', type: ['string', 'null'], title: 'Sort' };
        return set;
      })(),
    );
    expect(compiled.properties.kind).toMatchObject({
      type: ['string', 'null'],
      title: 'Sort',
      enum: ['a', 'b', 'c'],
    });
  });

  it.each<[string, (set: SchemaSet) => void, RegExp]>([
    [
      'a form naming an unknown field',
      (s) => s.forms[0].sections[0].fields.push('ghost'),
      /form "main" section "one" names unknown field "ghost"/,
    ],
    [
      'an optional entry naming an unknown field',
      (s) => s.forms[0].optional?.push('ghost'),
      /unknown field "ghost"/,
    ],
    [
      'an applicability entry naming an unknown field',
      (s) => (s.applicability.ghost = true),
      /applicability/,
    ],
    ['a rule on an unknown field', (s) => (s.field_rules[0].field = 'ghost'), /rule "alpha-min-length"/],
    [
      'a rule reading an unknown field',
      (s) => (s.cross_rules[1].assert = { '<=': [{ var: 'doc.limit' }, { var: 'doc.ghost' }] }),
      /rule "limit-cap" assert: unknown field "ghost"/,
    ],
    [
      'a computed entry on an unknown field',
      (s) => (s.computed.ghost = 1),
      /computed names unknown field "ghost"/,
    ],
    ['a group naming an unknown field', (s) => s.field_groups.place.push('ghost'), /field group "place"/],
    [
      'an outcome question on an unknown field',
      (s) => (s.outcome_tables[0].questions[0].field = 'ghost'),
      /question "answer-yes" names unknown field/,
    ],
    [
      'two rules sharing an id',
      (s) => (s.cross_rules[1].id = 'alpha-min-length'),
      /two rules share the id "alpha-min-length"/,
    ],
    [
      'a $ref that does not resolve',
      (s) =>
        ((s.schemas[2].properties as Record<string, unknown>).kind = {
          $ref: '../constants/lists.json#/$defs/nope',
        }),
      /does not resolve/,
    ],
    [
      'a section $ref to a missing file',
      (s) => (s.schemas[0].allOf = [{ $ref: 'sections/missing.schema.json' }]),
      /missing\.schema\.json/,
    ],
    [
      'an unknown operator',
      (s) => (s.applicability.count = { lenght: [{ var: 'doc.alpha' }] }),
      /unknown operator "lenght"/,
    ],
    [
      'an unknown ctx key',
      (s) => (s.applicability.count = { var: 'ctx.region' }),
      /unknown context key "region"/,
    ],
    [
      'a param that is not declared',
      (s) => (s.cross_rules[1].assert = { var: 'params.amount' }),
      /rule "limit-cap" assert: unknown param "amount"/,
    ],
    ['a form condition reading the document', (s) => (s.forms[0].when = { var: 'doc.alpha' }), /only ctx/],
    [
      'an unknown format',
      (s) => (s.cross_rules[0].format = { amount: 'percent' }),
      /unknown format "percent"/,
    ],
    [
      'a message placeholder that does not exist',
      (s) => (s.messages[s.cross_rules[1].message] = 'Over {cap}'),
      /unknown "\{cap\}"/,
    ],
    [
      'a rule naming an unknown message key',
      (s) => (s.cross_rules[1].message = 'over_cap'),
      /unknown message key "over_cap"/,
    ],
    [
      'a required message key that does not exist',
      (s) => (s.forms[1].required_message = 'gone'),
      /required_message names unknown message key "gone"/,
    ],
    [
      'an x-messages entry that is not a type-check message',
      (s) =>
        ((s.schemas[3].properties as Record<string, Record<string, unknown>>).cost['x-messages'] = {
          fine: 'numeric',
        }),
      /x-messages: "fine" is not a type-check message/,
    ],
    ['a missing fallback message', (s) => delete s.messages.fallback, /messages\.fallback is missing/],
    [
      'a misspelt JSON Schema keyword',
      (s) => ((s.schemas[3].properties as Record<string, unknown>).cost = { type: 'number', minimun: 1 }),
      /minimun/,
    ],
    [
      'a field defined twice',
      (s) => ((s.schemas[3].properties as Record<string, unknown>).alpha = { type: 'string' }),
      /"alpha" is defined twice/,
    ],
    [
      'an invalid regular expression',
      (s) => (s.field_rules[3].assert = { matches: [{ var: 'doc.code' }, '(['] }),
      /invalid regular expression/,
    ],
    [
      'a $ref anywhere in the set that does not resolve',
      (s) => (s.schemas[1].$defs = { ...(s.schemas[1].$defs as object), stray: { $ref: 'nowhere.json' } }),
      /\$ref "nowhere\.json" does not resolve/,
    ],
    ['a missing root schema', (s) => (s.root_schema_id = 'https://example.test/none.json'), /root schema/],
  ])('throws SchemaSetError for %s', (_name, change, message) => {
    const run = broken(change);
    expect(run).toThrow(SchemaSetError);
    expect(run).toThrow(message);
  });

  it('accepts x-* keywords anywhere', () => {
    const run = broken((s) => {
      (s.schemas[3].properties as Record<string, Record<string, unknown>>).cost['x-anything'] = {
        nested: true,
      };
    });
    expect(run).not.toThrow();
  });

  it('compiles one validator per distinct field schema', () => {
    const compiled = compileSchemaSet(basicSet());
    expect(compiled.validators.width).toBe(compiled.validators.length);
    expect(compiled.validators.width).toBe(compiled.validators.cost);
    expect(compiled.validators.width).not.toBe(compiled.validators.count);
  });
});
