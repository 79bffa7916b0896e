import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileLogic } from '../../engine/compile-logic.ts';
import { evaluateLogic } from '../../engine/evaluate-logic.ts';

const value = fc.oneof(
  fc.constantFrom(null, undefined, '', 0, 1, -2.5, 'a', '12', '2026-01-31', true, false, [], ['a', 1]),
  fc.integer(),
  fc.string({ maxLength: 4 }),
);
const varExpr = fc
  .tuple(
    fc.constantFrom('doc.a', 'doc.b', 'doc.a.x', 'ctx.product', 'doc', 'missing.deep', 'doc.b.length'),
    fc.boolean(),
  )
  .map(([path, wrapped]) => ({ var: wrapped ? [path] : path }));
const BINARY = [
  '==',
  '===',
  '!=',
  '!==',
  '<',
  '>',
  '>=',
  '<=',
  '+',
  '-',
  '*',
  '/',
  '%',
  'in',
  'cat',
  'min',
  'max',
];
const CUSTOM_BINARY = ['matches', 'days_between'];
const UNARY = ['!', '!!', '-', 'length', 'is_empty', 'is_email', 'is_numeric', 'to_number', 'strict_number'];
const expression: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { maxDepth: 4, depthSize: 'medium', withCrossShrink: true },
    value,
    varExpr,
    fc
      .tuple(fc.constantFrom(...BINARY, ...CUSTOM_BINARY), tie('node'), tie('node'))
      .map(([op, a, b]) => ({ [op]: [a, b] })),
    fc.tuple(fc.constantFrom(...UNARY), tie('node')).map(([op, a]) => ({ [op]: a })),
    fc
      .tuple(fc.constantFrom('<', '<=', 'if', '?:'), tie('node'), tie('node'), tie('node'))
      .map(([op, a, b, c]) => ({
        [op]: [a, b, c],
      })),
    fc
      .tuple(fc.constantFrom('and', 'or', 'if', '+', '*'), fc.array(tie('node'), { maxLength: 4 }))
      .map(([op, list]) => ({
        [op]: list,
      })),
    fc.tuple(tie('node'), fc.constantFrom(['a', 'b'], 'abc')).map(([a, list]) => ({ in: [a, list] })),
    value.map((fallback) => ({ var: ['doc.a', fallback] })),
  ),
})).node;

/** Runs both evaluators; the compiled one must return the same value or throw likewise. */
function sameAsInterpreter(expr: unknown, doc: Record<string, unknown>): void {
  const data = { doc, ctx: { product: 'P' } };
  let expected: unknown;
  let threw = false;
  try {
    expected = evaluateLogic(expr, data);
  } catch {
    threw = true;
  }
  if (threw) expect(() => compileLogic(expr)(data)).toThrow();
  else expect(compileLogic(expr)(data)).toEqual(expected);
}

const docArb = fc.record({ a: value, b: value }, { requiredKeys: [] });
const operand = fc.oneof(value, varExpr);

describe('compileLogic', () => {
  it('evaluates a plain var like json-logic-js, null when missing', () => {
    const read = compileLogic({ var: 'doc.a.b' });
    expect(read({ doc: { a: { b: 0 } } })).toBe(0);
    expect(read({ doc: { a: null } })).toBeNull();
    expect(read({ doc: {} })).toBeNull();
    expect(read(null)).toBeNull();
  });

  it('returns a literal without evaluating it', () => {
    expect(compileLogic(true)({})).toBe(true);
    expect(compileLogic('x')({})).toBe('x');
  });

  it('gives the same result as evaluateLogic for any expression and data (property)', () => {
    fc.assert(fc.property(expression, docArb, sameAsInterpreter), { numRuns: 2000 });
  });

  it('agrees on every operator applied to tricky operands (property)', () => {
    const ops = fc.constantFrom(...BINARY, ...CUSTOM_BINARY, ...UNARY, 'and', 'or', 'if', '?:');
    fc.assert(
      fc.property(ops, fc.array(operand, { maxLength: 3 }), docArb, (op, args, doc) =>
        sameAsInterpreter({ [op]: args }, doc),
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps json-logic loose equality', () => {
    expect(compileLogic({ '==': [0, ''] })({})).toBe(true);
    expect(compileLogic({ '!=': [{ var: 'x' }, 'null'] })({})).toBe(true);
    expect(compileLogic({ '==': [{ var: 'x' }, null] })({})).toBe(true);
  });
});
