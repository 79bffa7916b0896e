import { describe, expect, it } from 'vitest';
import { type LogicScope, logicProblems } from '../../engine/logic-problems.ts';

const scope: LogicScope = {
  fields: new Set(['alpha', 'count']),
  ctxKeys: new Set(['product']),
  params: new Set(['amount']),
  doc: true,
};

describe('logicProblems', () => {
  it('accepts sound expressions, literals included', () => {
    expect(logicProblems({ '>=': [{ var: 'doc.count' }, { var: 'params.amount' }] }, scope)).toEqual([]);
    expect(logicProblems({ '==': [{ var: 'ctx.product' }, 'X'] }, scope)).toEqual([]);
    expect(logicProblems(true, scope)).toEqual([]);
    expect(logicProblems({ a: 1, b: 2 }, scope)).toEqual([]);
    expect(logicProblems({ var: ['doc.alpha.length', 0] }, scope)).toEqual([]);
  });

  it('names unknown operators, fields, ctx keys and params', () => {
    expect(
      logicProblems(
        {
          and: [
            { lenght: [1] },
            { var: 'doc.ghost' },
            { var: 'ctx.region' },
            { var: 'params.cap' },
            { var: 'other' },
          ],
        },
        scope,
      ),
    ).toEqual([
      'unknown operator "lenght"',
      'unknown field "ghost"',
      'unknown context key "region"',
      'unknown param "cap"',
      '"other" reads neither doc, ctx nor params',
    ]);
  });

  it('reads vars inside array operators relative to the item', () => {
    expect(logicProblems({ some: [{ var: 'doc.alpha' }, { '==': [{ var: '' }, 'x'] }] }, scope)).toEqual([]);
    expect(logicProblems({ map: [{ var: 'doc.alpha' }, { var: 'name' }] }, scope)).toEqual([]);
    expect(logicProblems({ map: [{ var: 'doc.nope' }, { var: 'name' }] }, scope)).toEqual([
      'unknown field "nope"',
    ]);
  });

  it('rejects params outside a rule, doc where only ctx is visible, and bad patterns', () => {
    expect(logicProblems({ var: 'params.amount' }, { ...scope, params: null })).toEqual([
      '"params.amount" used outside a rule',
    ]);
    expect(logicProblems({ var: 'doc.alpha' }, { ...scope, doc: false })).toEqual([
      '"doc.alpha" is not visible here (only ctx is)',
    ]);
    expect(logicProblems({ matches: [{ var: 'doc.alpha' }, '(['] }, scope)).toEqual([
      'invalid regular expression "(["',
    ]);
  });
});
