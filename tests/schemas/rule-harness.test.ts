/**
 * The generic rule harness (issue 10 part 2) on the shipped set and on seeded sets: every rule,
 * condition, computed field, question and default is shown firing and not firing; a rule added
 * with no way to fire, or an example that does not hold, fails the run naming it.
 */
import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { runRuleHarness } from '../../engine/harness/run-rule-harness.ts';
import type { SchemaSet } from '../../engine/types.ts';
import manifest from '../../schemas/schema-set.json' with { type: 'json' };
import { examples, schemaSet } from '../../schemas/schema-set.ts';

const options = { examples, exampleContexts: manifest.example_contexts };

function harness(edit: (set: SchemaSet) => void) {
  const set = structuredClone(schemaSet);
  edit(set);
  return runRuleHarness(set, options).problems.map((problem) => [problem.kind, problem.path]);
}

describe('runRuleHarness', () => {
  it('shows every item of the shipped set firing and not firing', () => {
    const started = performance.now();
    const report = runRuleHarness(schemaSet, options);
    const ms = Math.round(performance.now() - started);
    console.log(`rule harness: ${report.items} items, ${report.documents} documents, ${ms} ms`);
    expect(report.problems).toEqual([]);
    expect(report.items).toBeGreaterThan(140);
  });

  it('judges the set it is given compiled (the lint passes its own compile) as it judges the set alone', () => {
    const set = structuredClone(schemaSet);
    set.field_rules.push({ id: 'sqft-always-fine', field: 'sqft', assert: true, message: 'numeric' });
    const alone = runRuleHarness(set, options);
    const given = runRuleHarness(set, { ...options, compiled: compileSchemaSet(set) });
    expect(given.problems).toEqual(alone.problems);
    expect(given.problems.map((problem) => problem.kind)).toEqual(['rule-never-fails']);
    expect([given.items, given.documents]).toEqual([alone.items, alone.documents]);
  });

  it('fails on a rule added with no way to fire, naming it', () => {
    const problems = harness((set) => {
      set.field_rules.push({ id: 'sqft-always-fine', field: 'sqft', assert: true, message: 'numeric' });
    });
    expect(problems).toEqual([['rule-never-fails', ['field_rules', schemaSet.field_rules.length]]]);
  });

  it('fails on a rule that fires on everything', () => {
    const problems = harness((set) => {
      set.cross_rules.push({ id: 'sqft-never-fine', field: 'sqft', assert: false, message: 'numeric' });
    });
    expect(problems).toEqual([['rule-always-fails', ['cross_rules', schemaSet.cross_rules.length]]]);
  });

  it('fails on a condition that never changes and a question that never applies', () => {
    const problems = harness((set) => {
      set.applicability.sqft = { '==': [1, 1] };
      set.outcome_tables[0].questions[0].when_answer = 'Maybe';
      delete set.outcome_tables[0].questions[0].examples;
    });
    expect(problems).toEqual([
      ['applicability-never-false', ['applicability', 'sqft']],
      ['question-never-applies', ['outcome_tables', 0, 'questions', 0]],
    ]);
  });

  it('checks the examples a rule and a question carry in their JSON', () => {
    const problems = harness((set) => {
      const rule = set.cross_rules.find((r) => r.id === 'building-replacement-cost-minimum');
      if (!rule?.examples) throw new Error('the rule carries examples');
      rule.examples[0].message = 'Building Replacement Cost must be greater then or equal to $5';
      const question = set.outcome_tables[0].questions[0];
      if (!question.examples) throw new Error('the question carries examples');
      question.examples[1].outcome = 'warning';
    });
    const index = schemaSet.cross_rules.findIndex((r) => r.id === 'building-replacement-cost-minimum');
    expect(problems).toEqual([
      ['example-mismatch', ['cross_rules', index, 'examples', 0]],
      ['example-mismatch', ['outcome_tables', 0, 'questions', 0, 'examples', 1]],
    ]);
  });
});
