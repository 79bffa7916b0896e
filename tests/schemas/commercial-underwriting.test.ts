import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateOutcomes } from '../../engine/evaluate-outcomes.ts';
import { formFor } from '../../engine/form-for.ts';
import { isRequired } from '../../engine/is-required.ts';
import type { OutcomeQuestion } from '../../engine/types.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { examples, schemaSet } from '../../schemas/schema-set.ts';
import { compiled, contexts, exampleWith, messagesOn } from './schema-test-kit.ts';

const ctx = contexts.commercial;
const table = schemaSet.outcome_tables.find((t) => t.id === 'commercial');
if (!table) throw new Error('no commercial underwriting table');
const questions: OutcomeQuestion[] = table.questions;
const allNo = Object.fromEntries(questions.map((q) => [q.field, 'No']));

/**
 * The thirteen SPEC §5 commercial questions in the spec's order, with the outcome decided in
 * docs/decisions/050 and the exact message the agent sees.
 */
const DECIDED: [string, string, 'block' | 'warning', string][] = [
  [
    'prior loss',
    'underwriting_prior_flood_loss',
    'warning',
    'Prior flood losses may change eligibility and price: quotes are preliminary until the carrier reviews the claim, its amount and the improvements made since.',
  ],
  [
    'within 1 mile of a closed basin lake',
    'underwriting_lake_within_1_mile',
    'warning',
    'Closed basin lakes can flood for months: buildings within 1 mile of one are referred to an underwriter, and some carriers decline.',
  ],
  ['CBRA zone', 'underwriting_cbra_zone', 'block', 'There is no market for properties in a CBRA zone.'],
  [
    'non-participating community',
    'underwriting_non_participating_community',
    'warning',
    'The community does not participate in the NFIP: only private flood markets can quote, and some carriers may decline.',
  ],
  [
    'otherwise protected area',
    'underwriting_opa',
    'block',
    'Buildings in an otherwise protected area (OPA) of the Coastal Barrier Resources System are not eligible in these programs.',
  ],
  [
    'suspended or emergency status community',
    'underwriting_suspended_community',
    'warning',
    'The community is suspended or in the NFIP emergency program: NFIP coverage is unavailable or limited, so only private markets can quote, after underwriter review.',
  ],
  [
    'replacing a grandfathered NFIP policy',
    'underwriting_grandfathered_policy',
    'warning',
    'Replacing a grandfathered NFIP policy can cost the insured its grandfathered or discounted NFIP rating if they ever return to the NFIP: have the insured confirm the switch before binding.',
  ],
  [
    'over water',
    'underwriting_over_water',
    'block',
    'Buildings over water are not eligible for private flood programs.',
  ],
  [
    'condemned',
    'underwriting_condemned',
    'block',
    'Condemned buildings are not eligible: a building ordered vacated or demolished cannot be insured in these programs.',
  ],
  [
    'foreclosure',
    'underwriting_foreclosure',
    'warning',
    'The property is in foreclosure: carriers may decline or ask for proof of the insurable interest before binding.',
  ],
  [
    'floor-to-ceiling wood paneling',
    'underwriting_wood_paneling',
    'warning',
    'Floor-to-ceiling wood paneling is costly to replace after a flood: the underwriter reviews the building and may adjust the terms or the price.',
  ],
  [
    'frontal dune',
    'underwriting_frontal_dune',
    'block',
    'Buildings on or seaward of a primary frontal dune face wave action and dune erosion: they are not eligible in these programs.',
  ],
  [
    'within 5 miles of a river',
    'underwriting_river_within_5_miles',
    'warning',
    "Buildings within 5 miles of a river are referred to an underwriter with the river's name and distance: riverine flooding may change eligibility and price.",
  ],
];

describe('SPEC §5 commercial underwriting questions', () => {
  it('asks the thirteen questions in the spec order, with the decided outcomes and messages', () => {
    expect(questions.map((q) => [q.field, q.outcome, q.message])).toEqual(
      DECIDED.map(([, field, outcome, text]) => [field, outcome, text]),
    );
    expect(new Set(questions.map((q) => q.id)).size).toBe(13);
    expect(questions.every((q) => q.when_answer === 'Yes')).toBe(true);
  });

  it('blocks exactly over water, CBRA, OPA, condemned and frontal dune', () => {
    expect(questions.filter((q) => q.outcome === 'block').map((q) => q.field)).toEqual([
      'underwriting_cbra_zone',
      'underwriting_opa',
      'underwriting_over_water',
      'underwriting_condemned',
      'underwriting_frontal_dune',
    ]);
  });

  it.each(DECIDED)('%s: Yes gives its outcome and message, No gives none', (_name, field, outcome, text) => {
    const yes = evaluateOutcomes(compiled, exampleWith('commercial', { ...allNo, [field]: 'Yes' }), ctx);
    expect(yes.map((o) => [o.table_id, o.field, o.outcome, o.message])).toEqual([
      ['commercial', field, outcome, text],
    ]);
    expect(yes[0].question).toBe(compiled.properties[field].title);
    expect(evaluateOutcomes(compiled, exampleWith('commercial', { ...allNo, [field]: 'No' }), ctx)).toEqual(
      [],
    );
  });

  it('gives every Yes answer exactly its outcome, in question order (property)', () => {
    fc.assert(
      fc.property(fc.subarray(questions), (yes) => {
        const answers = Object.fromEntries(questions.map((q) => [q.field, yes.includes(q) ? 'Yes' : 'No']));
        const outcomes = evaluateOutcomes(compiled, exampleWith('commercial', answers), ctx);
        expect(outcomes.map((o) => [o.question_id, o.outcome, o.message])).toEqual(
          yes.map((q) => [q.id, q.outcome, q.message]),
        );
        expect(outcomes.some((o) => o.outcome === 'block')).toBe(yes.some((q) => q.outcome === 'block'));
      }),
      { numRuns: 150 },
    );
  });

  it('makes each question a required Yes/No field of the Underwriting section, titled as asked', () => {
    const section = formFor(compiled, ctx).sections.find((s) => s.id === 'underwriting');
    for (const q of questions) {
      expect(section?.fields, q.field).toContain(q.field);
      expect(isRequired(compiled, q.field, examples.commercial, ctx), q.field).toBe(true);
      expect(compiled.properties[q.field]).toMatchObject({ enum: ['Yes', 'No'], 'x-widget': 'yes-no' });
      expect(compiled.properties[q.field].title).toBe(q.question);
      const unanswered = exampleWith('commercial', { [q.field]: undefined });
      expect(messagesOn('commercial', unanswered, q.field)).toEqual([`${q.question} is required`]);
      expect(messagesOn('commercial', exampleWith('commercial', { [q.field]: 'Maybe' }), q.field)).toEqual([
        `${q.question} must be one of the listed options`,
      ]);
    }
  });

  it('requires every unanswered question, in form order (property)', () => {
    fc.assert(
      fc.property(fc.subarray(questions), (unanswered) => {
        const doc = exampleWith(
          'commercial',
          Object.fromEntries(unanswered.map((q) => [q.field, undefined])),
        );
        expect(validateDocument(compiled, doc, ctx).map((m) => m.field)).toEqual(
          questions.filter((q) => unanswered.includes(q)).map((q) => q.field),
        );
      }),
      { numRuns: 80 },
    );
  });

  it('runs only for Commercial flood, and no other table runs for Commercial', () => {
    const everythingYes = Object.fromEntries(
      schemaSet.outcome_tables.flatMap((t) => t.questions.map((q) => [q.field, 'Yes'])),
    );
    const ids = (name: 'primary' | 'excess' | 'mobile' | 'home' | 'commercial') =>
      new Set(
        evaluateOutcomes(compiled, exampleWith(name, everythingYes), contexts[name]).map((o) => o.table_id),
      );
    expect(ids('commercial')).toEqual(new Set(['commercial']));
    for (const name of ['primary', 'excess', 'mobile', 'home'] as const) {
      expect(ids(name).has('commercial'), name).toBe(false);
    }
  });
});

describe('schemas/examples/commercial.json', () => {
  it('is a Mixed Used or Main Street building in Florida that validates clean with no outcome', () => {
    const doc = examples.commercial;
    expect(['Mixed Used', 'Main Street']).toContain(doc.commercial_building_type);
    expect(doc.state).toBe('FL');
    expect(validateDocument(compiled, doc, ctx)).toEqual([]);
    expect(evaluateOutcomes(compiled, doc, ctx)).toEqual([]);
    for (const q of questions) expect(doc[q.field], q.field).toBe('No');
  });
});

describe('commercial messages shared with the other flood tables', () => {
  it('reads word for word the same for CBRA, non-participating community, over water and foreclosure', () => {
    const others = schemaSet.outcome_tables.filter((t) => t.id !== 'commercial').flatMap((t) => t.questions);
    for (const field of [
      'underwriting_cbra_zone',
      'underwriting_non_participating_community',
      'underwriting_over_water',
      'underwriting_foreclosure',
    ]) {
      const own = questions.find((q) => q.field === field);
      const elsewhere = others.filter((q) => q.field === field);
      expect(elsewhere.length, field).toBeGreaterThan(0);
      for (const q of elsewhere) expect([q.outcome, q.message], field).toEqual([own?.outcome, own?.message]);
    }
  });
});
