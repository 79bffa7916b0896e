/**
 * Mutants of a schema set's rules (issue 37, `npm run schemas:mutate`): each one small change to one
 * JSON-logic node or outcome, of the kind a slip of the hand makes, so a run of the cases against
 * each tells which behaviours no case pins. Generic: the operators are JSON-logic's, not the product's.
 */
import { type LintPath, lintPointer } from '../lint/lint-problem.ts';
import { logicSites } from '../lint/logic-sites.ts';
import type { JsonLogic, SchemaSet } from '../types.ts';

/** One mutant: where (the node's path in the set), what changed, and the node that replaces it. */
export interface RuleMutant {
  /** Path in the SchemaSet of the node replaced (`['cross_rules', 0, 'assert']`). */
  path: LintPath;
  /** The logic site (rule part, condition, question) the node belongs to: what the studio groups by. */
  site: LintPath;
  /** What changed, in the operator's words (`>= → >`, `125 → 126`, `and → or`). */
  mutation: string;
  /** The node written in place of the original at `path`. */
  replacement: unknown;
  /**
   * `main`: the operators the mutation score counts; `held-out`: others (a condition made constant,
   * a text compared changed, a number moved by ten steps) kept apart to check that cases written
   * against the main operators also catch slips nobody aimed at.
   */
  group: 'main' | 'held-out';
}

/** Boundary flips (`<` ↔ `<=`), then negations (`<` → `>=`): each comparison's two main mutants. */
const RELATIONAL: Record<string, [boundary: string, negation: string]> = {
  '<': ['<=', '>='],
  '<=': ['<', '>'],
  '>': ['>=', '<='],
  '>=': ['>', '<'],
};
/** Operators swapped for their counterpart: equality negated, logic and arithmetic exchanged. */
const SWAPS: Record<string, string> = {
  '==': '!=',
  '!=': '==',
  '===': '!==',
  '!==': '===',
  and: 'or',
  or: 'and',
  '+': '-',
  '-': '+',
  '*': '/',
  '/': '*',
  min: 'max',
  max: 'min',
};
/** Operators whose arguments are read per array item: their bodies are left alone. */
const ITEM_SCOPED = new Set(['all', 'none', 'some', 'filter', 'map', 'reduce']);

/**
 * Every mutant of `set`, in logic-site order (engine/lint/logic-sites.ts) then outcome questions:
 * per comparison a boundary flip and a negation, `==`/`!=` negated, `and`/`or` swapped, `+`/`-`,
 * `*`/`/` and `min`/`max` exchanged, a `!` dropped, an `in` negated, an `if`'s branches swapped,
 * each number operand moved one step up and one down, and each question's outcome block ↔ warning
 * (group `main`); and per site the condition made `true` and `false`, each compared text emptied and
 * each number moved ten steps (group `held-out`). Forms' `when` are included: a form chosen wrongly
 * is a mutant like another.
 */
export function ruleMutants(set: SchemaSet): RuleMutant[] {
  const mutants: RuleMutant[] = [];
  for (const site of logicSites(set)) {
    const add = (path: LintPath, mutation: string, replacement: unknown, group: RuleMutant['group']) =>
      mutants.push({ path, site: site.path, mutation, replacement, group });
    if (site.role !== 'rule-param' && site.role !== 'computed') {
      add(site.path, 'condition → true', true, 'held-out');
      add(site.path, 'condition → false', false, 'held-out');
    }
    visit(site.expression, site.path, add);
  }
  (set.outcome_tables ?? []).forEach((table, i) => {
    (table.questions ?? []).forEach((question, j) => {
      const other = question.outcome === 'block' ? 'warning' : 'block';
      mutants.push({
        path: ['outcome_tables', i, 'questions', j, 'outcome'],
        site: ['outcome_tables', i, 'questions', j],
        mutation: `${question.outcome} → ${other}`,
        replacement: other,
        group: 'main',
      });
    });
  });
  return mutants;
}

type Add = (path: LintPath, mutation: string, replacement: unknown, group: RuleMutant['group']) => void;

function visit(node: JsonLogic, path: LintPath, add: Add): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const keys = Object.keys(node);
  if (keys.length !== 1) return;
  const op = keys[0];
  if (op === 'var' || ITEM_SCOPED.has(op)) return;
  const raw = (node as Record<string, unknown>)[op];
  const listed = Array.isArray(raw);
  const args: unknown[] = listed ? raw : [raw];
  const relational = RELATIONAL[op];
  if (relational) {
    add(path, `${op} → ${relational[0]}`, { [relational[0]]: raw }, 'main');
    add(path, `${op} → ${relational[1]}`, { [relational[1]]: raw }, 'main');
  }
  if (SWAPS[op]) add(path, `${op} → ${SWAPS[op]}`, { [SWAPS[op]]: raw }, 'main');
  if (op === '!') add(path, '! dropped', args[0], 'main');
  if (op === 'in') add(path, 'in → !in', { '!': node }, 'main');
  if (op === 'if' && args.length === 3)
    add(path, 'if branches swapped', { if: [args[0], args[2], args[1]] }, 'main');
  args.forEach((arg, index) => {
    const argPath = listed ? [...path, op, index] : [...path, op];
    if (typeof arg === 'number') {
      add(argPath, `${arg} → ${arg + 1}`, arg + 1, 'main');
      add(argPath, `${arg} → ${arg - 1}`, arg - 1, 'main');
      add(argPath, `${arg} → ${arg + 10}`, arg + 10, 'held-out');
    } else if (typeof arg === 'string' && arg !== '' && op !== 'var') {
      add(argPath, `"${arg}" → ""`, '', 'held-out');
    } else {
      visit(arg, argPath, add);
    }
  });
}

/** `set` with `replacement` at `path`, copying only the containers on the way (the rest is shared). */
export function withReplacement(set: SchemaSet, path: LintPath, replacement: unknown): SchemaSet {
  const copy = (container: unknown, depth: number): unknown => {
    if (depth === path.length) return replacement;
    const key = path[depth];
    if (Array.isArray(container)) {
      const next = [...container];
      next[key as number] = copy(container[key as number], depth + 1);
      return next;
    }
    const record = container as Record<string, unknown>;
    return { ...record, [key]: copy(record[key], depth + 1) };
  };
  return copy(set, 0) as SchemaSet;
}

/** A mutant's stable name: its node's JSON pointer in the set and the mutation (`/cross_rules/0/assert >= → >`). */
export function mutantName(mutant: Pick<RuleMutant, 'path' | 'mutation'>): string {
  return `${lintPointer(mutant.path)} ${mutant.mutation}`;
}
