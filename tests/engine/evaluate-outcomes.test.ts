import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { evaluateOutcomes } from '../../engine/evaluate-outcomes.ts';
import { basicSet, liteCtx, mainCtx } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('evaluateOutcomes', () => {
  it('returns the matching questions of the tables that apply, in order', () => {
    expect(evaluateOutcomes(compiled, { answer: 'Yes', flag: true, kind: 'c' }, mainCtx)).toEqual([
      {
        table_id: 'main-questions',
        question_id: 'answer-yes',
        field: 'answer',
        outcome: 'block',
        question: 'Is the answer yes?',
        message: 'Blocked by a yes.',
      },
      {
        table_id: 'main-questions',
        question_id: 'flag-set',
        field: 'flag',
        outcome: 'warning',
        question: 'Is the flag set?',
        message: 'Flag needs a look.',
      },
    ]);
    expect(
      evaluateOutcomes(compiled, { answer: 'Yes', kind: 'c' }, liteCtx).map((o) => o.question_id),
    ).toEqual(['kind-c']);
  });

  it('ignores answers that differ, even loosely equal ones', () => {
    expect(evaluateOutcomes(compiled, { answer: 'No', flag: 1 }, mainCtx)).toEqual([]);
    expect(evaluateOutcomes(compiled, { answer: 'yes', flag: 'true' }, mainCtx)).toEqual([]);
  });

  it('ignores a question whose field does not apply', () => {
    const set = basicSet();
    set.applicability.answer = { '!=': [{ var: 'doc.kind' }, 'b'] };
    const conditional = compileSchemaSet(set);
    expect(evaluateOutcomes(conditional, { answer: 'Yes', kind: 'b' }, mainCtx)).toEqual([]);
    expect(evaluateOutcomes(conditional, { answer: 'Yes', kind: 'a' }, mainCtx)).toHaveLength(1);
  });

  it('compares array answers by value', () => {
    const set = basicSet();
    set.outcome_tables[0].questions[0] = {
      ...set.outcome_tables[0].questions[0],
      field: 'tags',
      when_answer: ['x', 'y'],
    };
    const arrays = compileSchemaSet(set);
    expect(evaluateOutcomes(arrays, { tags: ['x', 'y'] }, mainCtx)).toHaveLength(1);
    expect(evaluateOutcomes(arrays, { tags: ['y', 'x'] }, mainCtx)).toHaveLength(0);
  });

  it('yields a block exactly when the answer is Yes (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('Yes', 'No', null, undefined, '', 'YES'), (answer) => {
        const blocks = evaluateOutcomes(compiled, { answer }, mainCtx).filter((o) => o.outcome === 'block');
        expect(blocks.length).toBe(answer === 'Yes' ? 1 : 0);
      }),
    );
  });
});
