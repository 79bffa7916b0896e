import jsonLogic from 'json-logic-js';
import { evaluateLogic } from './evaluate-logic.ts';
import { isTruthy } from './is-truthy.ts';
import { operators } from './operators.ts';
import type { JsonLogic } from './types.ts';

/** A JSON-logic expression prepared once, evaluated many times over `{ doc, ctx, params? }`. */
export type CompiledLogic = (data: unknown) => unknown;

type Operation = (...args: unknown[]) => unknown;

/**
 * json-logic-js 2.0's own operations, copied with their exact semantics (loose `==`, parseFloat in
 * `+`/`*`, 3-argument `<`/`<=`, `in` over strings and arrays) so a compiled tree skips the
 * interpreter's per-node dispatch. tests/engine/compile-logic.test.ts checks equality with
 * json-logic-js on random expressions.
 */
const BUILT_INS: Record<string, Operation> = {
  // biome-ignore lint/suspicious/noDoubleEquals: json-logic's == is JavaScript's loose equality.
  '==': (a, b) => a == b,
  '===': (a, b) => a === b,
  // biome-ignore lint/suspicious/noDoubleEquals: json-logic's != is JavaScript's loose inequality.
  '!=': (a, b) => a != b,
  '!==': (a, b) => a !== b,
  '>': (a, b) => (a as number) > (b as number),
  '>=': (a, b) => (a as number) >= (b as number),
  '<': (a, b, c) =>
    c === undefined
      ? (a as number) < (b as number)
      : (a as number) < (b as number) && (b as number) < (c as number),
  '<=': (a, b, c) =>
    c === undefined
      ? (a as number) <= (b as number)
      : (a as number) <= (b as number) && (b as number) <= (c as number),
  '!!': (a) => isTruthy(a),
  '!': (a) => !isTruthy(a),
  '%': (a, b) => (a as number) % (b as number),
  in: (a, b) => {
    if (!b || typeof (b as { indexOf?: unknown }).indexOf === 'undefined') return false;
    return (b as unknown[]).indexOf(a) !== -1;
  },
  cat: (...args) => args.join(''),
  '+': (...args) =>
    args.reduce<number>((a, b) => Number.parseFloat(a as never) + Number.parseFloat(b as never), 0),
  // Without an initial value, as json-logic-js: `{"*": []}` throws like it does.
  '*': (...args) =>
    (args as number[]).reduce((a, b) => Number.parseFloat(a as never) * Number.parseFloat(b as never)),
  '-': (a, b) => (b === undefined ? -(a as number) : (a as number) - (b as number)),
  '/': (a, b) => (a as number) / (b as number),
  min: (...args) => Math.min(...(args as number[])),
  max: (...args) => Math.max(...(args as number[])),
};

/**
 * Compiles a JSON-logic expression into a closure tree, once: literals become constants, a plain
 * `{"var": "a.b"}` a direct property walk (null when missing), `if`/`and`/`or` short-circuit as
 * json-logic-js does, the comparison/arithmetic built-ins and the engine's operators call their
 * function directly; anything else (`var` with a default, `missing`, `map`, `substr`, ...) is handed
 * to json-logic-js for that sub-tree. Results equal evaluateLogic's; an unknown operator throws
 * when evaluated, like json-logic-js. docs/schema-format.md.
 */
export function compileLogic(expression: JsonLogic): CompiledLogic {
  if (Array.isArray(expression)) {
    const items = expression.map(compileLogic);
    return (data) => items.map((item) => item(data));
  }
  if (!jsonLogic.is_logic(expression)) return () => expression;
  const op = Object.keys(expression as object)[0];
  const raw = (expression as Record<string, unknown>)[op];
  const values = Array.isArray(raw) ? raw : [raw];

  if (op === 'var') {
    const path = plainVarPath(values);
    if (path) return varReader(path);
  } else if (op === 'if' || op === '?:') {
    const branches = values.map(compileLogic);
    return (data) => {
      let i = 0;
      for (; i < branches.length - 1; i += 2) {
        if (isTruthy(branches[i](data))) return branches[i + 1](data);
      }
      return branches.length === i + 1 ? branches[i](data) : null;
    };
  } else if (op === 'and' || op === 'or') {
    const parts = values.map(compileLogic);
    const stopOn = op === 'or';
    return (data) => {
      let current: unknown;
      for (const part of parts) {
        current = part(data);
        if (isTruthy(current) === stopOn) return current;
      }
      return current;
    };
  } else {
    const operation = Object.hasOwn(BUILT_INS, op)
      ? BUILT_INS[op]
      : Object.hasOwn(operators, op)
        ? operators[op]
        : undefined;
    if (operation) {
      const args = values.map(compileLogic);
      if (args.length === 1) {
        const [only] = args;
        return (data) => operation(only(data));
      }
      if (args.length === 2) {
        const [first, second] = args;
        return (data) => operation(first(data), second(data));
      }
      return (data) => operation(...args.map((arg) => arg(data)));
    }
  }
  return (data) => evaluateLogic(expression, data);
}

/** The dotted path of a `var` without a default, else undefined (json-logic-js handles the rest). */
function plainVarPath(values: unknown[]): string[] | undefined {
  if (values.length !== 1) return undefined;
  const [arg] = values;
  if (typeof arg !== 'string' || arg === '') return undefined;
  return arg.split('.');
}

function varReader(path: string[]): CompiledLogic {
  if (path.length === 2) {
    const [outer, inner] = path;
    return (data) => {
      if (data === null || data === undefined) return null;
      const parent = (data as Record<string, unknown>)[outer];
      if (parent === null || parent === undefined) return null;
      const value = (parent as Record<string, unknown>)[inner];
      return value === undefined ? null : value;
    };
  }
  return (data) => {
    let current: unknown = data;
    for (const key of path) {
      if (current === null || current === undefined) return null;
      current = (current as Record<string, unknown>)[key];
    }
    return current === undefined ? null : current;
  };
}
