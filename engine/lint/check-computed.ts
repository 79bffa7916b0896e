import { fieldsRead } from '../logic-nodes.ts';
import type { LintContext } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';
import { rulesWithPaths } from './logic-sites.ts';

/**
 * Computed fields used in ways that cannot work: one that reads itself through other computed
 * fields (`computed-cycle`), one that reads a computed field declared after it (evaluated in
 * declaration order, it would see a stale value: `computed-order`), one a form requires
 * (`required-computed`: nobody types it, so an empty input blocks the form) and a rule on a
 * computed field (`rule-on-computed`: its message names a field the user cannot change).
 * Issue 10, schema lint.
 */
export function checkComputed(context: LintContext): LintProblem[] {
  const { set } = context;
  const problems: LintProblem[] = [];
  const order = Object.keys(set.computed ?? {});
  const reads = new Map(
    order.map((field) => [
      field,
      fieldsRead(set.computed[field]).filter((read) => context.computed.has(read)),
    ]),
  );
  const reported = new Set<string>();
  for (const start of order) {
    const cycle = findCycle(start, reads);
    if (cycle && !cycle.some((field) => reported.has(field))) {
      for (const field of cycle) reported.add(field);
      problems.push({
        path: ['computed', start],
        kind: 'computed-cycle',
        message: `computed fields read each other in a circle: ${[...cycle, cycle[0]].join(' -> ')}`,
      });
    }
  }
  order.forEach((field, index) => {
    for (const read of reads.get(field) ?? []) {
      if (!reported.has(field) && order.indexOf(read) > index) {
        problems.push({
          path: ['computed', field],
          kind: 'computed-order',
          message: `computed "${field}" reads "${read}", which is computed after it`,
        });
      }
    }
  });
  (set.forms ?? []).forEach((form, index) => {
    const optional = new Set(form.optional ?? []);
    form.sections.forEach((section, j) => {
      section.fields.forEach((field, k) => {
        if (context.computed.has(field) && !optional.has(field)) {
          problems.push({
            path: ['forms', index, 'sections', j, 'fields', k],
            kind: 'required-computed',
            message: `computed "${field}" is required in form "${form.id}"; list it in "optional"`,
          });
        }
      });
    });
  });
  for (const { rule, path } of rulesWithPaths(set)) {
    if (context.computed.has(rule.field)) {
      problems.push({
        path: [...path, 'field'],
        kind: 'rule-on-computed',
        message: `rule "${rule.id}" checks computed "${rule.field}", which the user cannot change`,
      });
    }
  }
  return problems;
}

/** A cycle through `start` in the computed-read graph, as the fields on it, else undefined. */
function findCycle(start: string, reads: Map<string, string[]>): string[] | undefined {
  const walk = (field: string, trail: string[]): string[] | undefined => {
    for (const next of reads.get(field) ?? []) {
      if (next === start) return trail;
      if (!trail.includes(next)) {
        const found = walk(next, [...trail, next]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(start, [start]);
}
