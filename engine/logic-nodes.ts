/**
 * Generic walks over JSON-logic expressions: operator nodes with their paths, the document fields
 * and ctx keys they read. Used by the lint and explainMessage. docs/schema-format.md.
 */
import type { JsonLogic } from './types.ts';

/** A path into a JSON value, as segments (`['and', 0, '<']`). */
export type LogicPath = (string | number)[];

/** One operator node of an expression: `{ op: args }` with args always as a list, and its path. */
export interface LogicNode {
  op: string;
  args: unknown[];
  path: LogicPath;
}

const ITEM_SCOPED = new Set(['all', 'none', 'some', 'filter', 'map', 'reduce']);

/**
 * Every operator node of an expression, depth first, with its path below `base` (args of a
 * one-argument operator written without a list keep the operator's path). Bodies evaluated per
 * array item (`map`, `all`, ...) are not entered: their `var`s read the item.
 */
export function logicNodes(expression: JsonLogic, base: LogicPath): LogicNode[] {
  const nodes: LogicNode[] = [];
  const visit = (node: unknown, path: LogicPath): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        visit(item, [...path, index]);
      });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length !== 1) return;
    const op = keys[0];
    const raw = (node as Record<string, unknown>)[op];
    const listed = Array.isArray(raw);
    const args = listed ? raw : [raw];
    nodes.push({ op, args, path: [...path, op] });
    if (op === 'var') return;
    const argPath = (index: number): LogicPath => (listed ? [...path, op, index] : [...path, op]);
    args.forEach((arg, index) => {
      if (ITEM_SCOPED.has(op) && index > 0) return;
      visit(arg, argPath(index));
    });
  };
  visit(expression, base);
  return nodes;
}

/** The document field a `{"var": "doc.<field>"}` node reads, else undefined. */
export function docFieldOf(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const keys = Object.keys(node);
  if (keys.length !== 1 || keys[0] !== 'var') return undefined;
  const raw = (node as { var: unknown }).var;
  const name = Array.isArray(raw) ? raw[0] : raw;
  if (typeof name !== 'string' || !name.startsWith('doc.')) return undefined;
  return name.slice(4).split('.')[0];
}

/** The ctx key a `{"var": "ctx.<key>"}` node reads, else undefined. */
export function ctxKeyOf(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const raw = (node as { var?: unknown }).var;
  const name = Array.isArray(raw) ? raw[0] : raw;
  if (Object.keys(node).length !== 1 || typeof name !== 'string' || !name.startsWith('ctx.'))
    return undefined;
  return name.slice(4);
}

/** Every document field an expression reads (outside per-item bodies), in first-read order. */
export function fieldsRead(expression: JsonLogic): string[] {
  const fields: string[] = [];
  for (const node of logicNodes(expression, [])) {
    if (node.op !== 'var') continue;
    const field = docFieldOf({ var: node.args.length === 1 ? node.args[0] : node.args });
    if (field !== undefined && !fields.includes(field)) fields.push(field);
  }
  return fields;
}

/** True for a JSON-logic operand that is a plain literal (no operator object). */
export function isLiteral(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(isLiteral);
  return Object.keys(value).length !== 1;
}

/**
 * Every document field an expression may read, for deciding what a change can affect: the
 * `doc.<field>` of each `var` (its default included), or null when that cannot be told from the
 * expression alone (a `var` whose name is computed, one reading all of `doc` or the whole data, a
 * `missing`/`missing_some`, whose names are values). Bodies evaluated per array item read the
 * item, not the document, except through a `var`'s default. Unlike fieldsRead, never too few.
 */
export function docFieldsRead(expression: JsonLogic): ReadonlySet<string> | null {
  const fields = new Set<string>();
  const visit = (node: unknown, itemScoped: boolean): boolean => {
    if (Array.isArray(node)) return node.every((item) => visit(item, itemScoped));
    if (node === null || typeof node !== 'object') return true;
    const keys = Object.keys(node);
    if (keys.length !== 1) return true;
    const op = keys[0];
    const raw = (node as Record<string, unknown>)[op];
    const args = Array.isArray(raw) ? raw : [raw];
    if (op === 'var') {
      if (!visit(args.slice(1), itemScoped)) return false;
      if (itemScoped) return true;
      const name = args[0];
      if (typeof name !== 'string' || name === '') return false;
      const [root, field] = name.split('.');
      if (root !== 'doc') return true;
      if (!field) return false;
      fields.add(field);
      return true;
    }
    if ((op === 'missing' || op === 'missing_some') && !itemScoped) return false;
    if (ITEM_SCOPED.has(op)) return visit(args[0], itemScoped) && visit(args.slice(1), true);
    return visit(args, itemScoped);
  };
  return visit(expression, false) ? fields : null;
}
