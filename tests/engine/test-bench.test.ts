/**
 * The rule test bench (issue 11, engine/harness/test-bench.ts): per item and document whether it
 * fires with the message it gives; own examples hold on the shipped set and fail when the rule changes.
 */
import { describe, expect, it } from 'vitest';
import { type BenchDocument, compileSchemaSet, runTestBench } from '../../engine/index.ts';
import { exampleContexts, examples, schemaSet } from '../../schemas/schema-set.ts';

const bases: BenchDocument[] = Object.entries(examples).map(([name, doc]) => ({
  name,
  doc,
  ctx: exampleContexts[name as keyof typeof exampleContexts],
}));
const shortPhone: BenchDocument = {
  name: 'short phone',
  doc: { ...examples.primary, phone: '123' },
  ctx: exampleContexts.primary,
};

describe('runTestBench', () => {
  const rows = runTestBench(compileSchemaSet(schemaSet), [...bases, shortPhone], bases);
  const row = (label: string) => rows.find((candidate) => candidate.label === label);

  it('tells which documents a rule fires on, with the message each gets', () => {
    const phone = row('rule "phone-min-length"');
    expect(phone?.results.find((result) => result.document === 'short phone')).toEqual({
      document: 'short phone',
      outcome: 'fires',
      message: schemaSet.messages.invalid_phone_number,
    });
    expect(
      phone?.results.filter((result) => result.document !== 'short phone').map((r) => r.outcome),
    ).toEqual(bases.map(() => 'quiet'));
  });

  it('covers rules, conditions, computed fields and questions, and every own example holds', () => {
    const kinds = new Set(rows.map((candidate) => candidate.label.split(' ')[0]));
    expect([...kinds]).toEqual(
      expect.arrayContaining(['rule', 'applicability', 'required_when', 'computed', 'question']),
    );
    expect(rows.flatMap((candidate) => candidate.examples).filter((example) => example.mismatch)).toEqual([]);
    expect(rows.some((candidate) => candidate.examples.length > 0)).toBe(true);
  });

  it('reports an own example that no longer holds', () => {
    const changed = {
      ...schemaSet,
      messages: { ...schemaSet.messages, building_replacement_cost_minimum: 'Too low: {amount}' },
    };
    const mismatches = runTestBench(compileSchemaSet(changed), bases, bases)
      .find((candidate) => candidate.label === 'rule "building-replacement-cost-minimum"')
      ?.examples.filter((example) => example.mismatch);
    expect(mismatches?.[0]?.mismatch).toMatch(/the rule says "Too low: \$\d/);
  });
});
