/**
 * Rule mutants (engine/mutate, issue 37): the operators of the main group and the held-out group on
 * a small set, replacement that leaves the original set as it was, and a mutation run that kills a
 * mutant a case pins, keeps one no case pins, and leaves listed equivalents out of the score.
 */
import { describe, expect, it } from 'vitest';
import { caseBases } from '../../../engine/cases/run-cases.ts';
import { mutantName, ruleMutants, withReplacement } from '../../../engine/mutate/rule-mutants.ts';
import { runMutation, summarise } from '../../../engine/mutate/run-mutation.ts';
import type { SchemaSet } from '../../../engine/types.ts';
import { exampleContexts, examples, schemaSet } from '../../../schemas/schema-set.ts';

const tiny = (applicability: Record<string, unknown>): SchemaSet => ({
  ...schemaSet,
  forms: [],
  applicability,
  required_when: {},
  cross_rules: [],
  field_rules: [],
  computed: {},
  outcome_tables: [],
  rules_apply_when: undefined,
});

describe('ruleMutants', () => {
  it('flips a comparison at its boundary, negates it and moves its number one step each way', () => {
    const mutants = ruleMutants(tiny({ condo_floor: { '>': [{ var: 'doc.condo_floor' }, 1] } }));
    expect(mutants.filter((m) => m.group === 'main').map(mutantName)).toEqual([
      '/applicability/condo_floor > → >=',
      '/applicability/condo_floor > → <=',
      '/applicability/condo_floor/>/1 1 → 2',
      '/applicability/condo_floor/>/1 1 → 0',
    ]);
    expect(mutants.filter((m) => m.group === 'held-out').map(mutantName)).toEqual([
      '/applicability/condo_floor condition → true',
      '/applicability/condo_floor condition → false',
      '/applicability/condo_floor/>/1 1 → 11',
    ]);
  });

  it('negates ==, swaps and/or, drops a !, negates an in, swaps if branches and arithmetic', () => {
    const names = ruleMutants(
      tiny({
        a: { and: [{ '==': [{ var: 'doc.x' }, 'Yes'] }, { '!': { in: [{ var: 'doc.y' }, ['A']] } }] },
        b: { if: [{ var: 'doc.z' }, { '*': [{ var: 'doc.n' }, { max: [1, 2] }] }, null] },
      }),
    )
      .filter((m) => m.group === 'main')
      .map((m) => m.mutation);
    expect(names).toEqual([
      'and → or',
      '== → !=',
      '! dropped',
      'in → !in',
      'if branches swapped',
      '* → /',
      'max → min',
      '1 → 2',
      '1 → 0',
      '2 → 3',
      '2 → 1',
    ]);
  });

  it('swaps each question outcome between block and warning', () => {
    const names = ruleMutants(schemaSet)
      .filter((m) => m.path[0] === 'outcome_tables' && m.path.at(-1) === 'outcome')
      .map((m) => m.mutation);
    expect(names.length).toBe(schemaSet.outcome_tables.reduce((n, t) => n + t.questions.length, 0));
    expect(new Set(names)).toEqual(new Set(['block → warning', 'warning → block']));
  });
});

describe('withReplacement', () => {
  it('writes the node at the path and leaves the original set untouched', () => {
    const before = JSON.stringify(schemaSet.cross_rules);
    const mutated = withReplacement(schemaSet, ['cross_rules', 0, 'assert'], true);
    expect(mutated.cross_rules[0].assert).toBe(true);
    expect(JSON.stringify(schemaSet.cross_rules)).toBe(before);
    expect(mutated.schemas).toBe(schemaSet.schemas);
  });
});

describe('runMutation', () => {
  const bases = caseBases(examples, exampleContexts);
  const stairs = {
    or: [{ '!=': [{ var: 'doc.foundation_type' }, 'Slab'] }, { '>': [{ var: 'doc.condo_floor' }, 1] }],
  };
  const withCases = (cases: NonNullable<SchemaSet['cases']>): SchemaSet => ({
    ...schemaSet,
    applicability: { stairs_leading_to_front_door: stairs },
    required_when: {},
    cross_rules: [],
    field_rules: [],
    computed: {},
    outcome_tables: [],
    cases,
  });
  const onFloor = (floor: number, shown: boolean) => ({
    id: `floor-${floor}`,
    over: 'primary',
    doc: { foundation_type: 'Slab', condo_floor: floor },
    expect: { applicable: { stairs_leading_to_front_door: shown } },
  });

  it('kills what a case pins, keeps what none pins, and scores without the equivalents', () => {
    const weak = runMutation(withCases([{ id: 'c', cases: [onFloor(5, true)] }]), bases);
    expect(weak.mutants.filter((m) => m.status === 'survived').map(mutantName)).toContain(
      '/applicability/stairs_leading_to_front_door/or/1 > → >=',
    );
    const strong = runMutation(
      withCases([
        {
          id: 'c',
          cases: [
            onFloor(1, false),
            onFloor(2, true),
            { ...onFloor(1, true), id: 'crawl', doc: { foundation_type: 'Crawlspace', condo_floor: 1 } },
          ],
          equivalent_mutants: [
            { at: '/applicability/stairs_leading_to_front_door/or/1/>/1', mutation: '1 → 0', reason: 'test' },
          ],
        },
      ]),
      bases,
    );
    // The forms' and status conditions of the set are mutated too; only the stairs condition has cases.
    const ofStairs = (report: typeof weak) =>
      summarise(report.mutants.filter((m) => m.site[0] === 'applicability'));
    expect(ofStairs(strong)).toMatchObject({ survived: 0, equivalent: 1, score: 1 });
    expect(ofStairs(strong).killed).toBe(ofStairs(strong).mutants.length - 1);
    expect(ofStairs(weak).score).toBeLessThan(1);
  });
});
