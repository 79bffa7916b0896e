import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateOutcomes } from '../../engine/evaluate-outcomes.ts';
import { formFor } from '../../engine/form-for.ts';
import { isRequired } from '../../engine/is-required.ts';
import type { OutcomeQuestion } from '../../engine/types.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import { compiled, contexts, type ExampleName, exampleWith, messagesOn } from './schema-test-kit.ts';

const table = (id: string) => {
  const found = schemaSet.outcome_tables.find((t) => t.id === id);
  if (!found) throw new Error(id);
  return found;
};
const rows = (id: string) => table(id).questions.map((q) => [q.field, q.outcome]);

describe('SPEC §5 underwriting tables', () => {
  it('mobile home: free-standing, prior loss, over water, CBRA, non-participating, foreclosure', () => {
    expect(rows('mobile')).toEqual([
      ['underwriting_free_standing_mobile_home', 'block'],
      ['underwriting_prior_flood_loss', 'warning'],
      ['underwriting_over_water', 'block'],
      ['underwriting_cbra_zone', 'block'],
      ['underwriting_non_participating_community', 'warning'],
      ['underwriting_foreclosure', 'warning'],
    ]);
    const [freeStanding, priorLoss, , cbra] = table('mobile').questions;
    expect(freeStanding.message).toBe('Not eligible for private flood programs; quote manually in NFIP.');
    expect(priorLoss.message).toMatch(/preliminary.*update the claim information with the carrier/);
    expect(cbra.message).toMatch(/no market/);
  });

  it('primary and excess: mobile home type, prior loss, over water, under construction, CBRA, non-participating', () => {
    expect(rows('primary-excess')).toEqual([
      ['underwriting_mobile_home_type', 'block'],
      ['underwriting_prior_flood_loss', 'warning'],
      ['underwriting_over_water', 'block'],
      ['underwriting_under_construction', 'warning'],
      ['underwriting_cbra_zone', 'block'],
      ['underwriting_non_participating_community', 'warning'],
    ]);
    expect(table('primary-excess').questions[0].message).toMatch(/Mobile Home product/);
  });

  it('home: prior loss is a warning', () => {
    expect(rows('home')).toEqual([['underwriting_prior_loss', 'warning']]);
  });

  const cases: [ExampleName, string][] = [
    ['mobile', 'mobile'],
    ['primary', 'primary-excess'],
    ['excess', 'primary-excess'],
    ['home', 'home'],
  ];

  it.each(cases)('%s: every Yes answer gives exactly its outcome; No gives none', (name, id) => {
    const questions: OutcomeQuestion[] = table(id).questions;
    fc.assert(
      fc.property(fc.subarray(questions), (yes) => {
        const answers = Object.fromEntries(questions.map((q) => [q.field, yes.includes(q) ? 'Yes' : 'No']));
        const outcomes = evaluateOutcomes(compiled, exampleWith(name, answers), contexts[name]);
        expect(outcomes.map((o) => [o.question_id, o.outcome, o.message, o.table_id])).toEqual(
          yes.map((q) => [q.id, q.outcome, q.message, id]),
        );
      }),
      { numRuns: 60 },
    );
  });

  it.each(cases)('%s: the questions are required and shown in the Underwriting section', (name, id) => {
    const form = formFor(compiled, contexts[name]);
    const section = form.sections.find((s) => s.id === 'underwriting');
    for (const question of table(id).questions) {
      expect(section?.fields, question.field).toContain(question.field);
      expect(isRequired(compiled, question.field, exampleWith(name), contexts[name]), question.field).toBe(
        true,
      );
      expect(compiled.properties[question.field].title).toBe(question.question);
      const unanswered = exampleWith(name, { [question.field]: undefined });
      expect(messagesOn(name, unanswered, question.field)).toHaveLength(1);
    }
  });

  it('gives every row a message and an outcome the engine knows', () => {
    for (const t of schemaSet.outcome_tables) {
      for (const q of t.questions) {
        expect(['block', 'warning']).toContain(q.outcome);
        expect(q.when_answer).toBe('Yes');
        expect(q.message.length).toBeGreaterThan(20);
      }
    }
  });

  it('asks no flood table of a home application and no home table of a flood one', () => {
    const answers = { underwriting_prior_flood_loss: 'Yes', underwriting_prior_loss: 'Yes' };
    expect(
      evaluateOutcomes(compiled, exampleWith('home', answers), contexts.home).map((o) => o.table_id),
    ).toEqual(['home']);
    expect(
      evaluateOutcomes(compiled, exampleWith('primary', answers), contexts.primary).map((o) => o.table_id),
    ).toEqual(['primary-excess']);
  });
});
