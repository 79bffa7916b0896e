import { contextKeysOf } from '../compile-schema-set.ts';
import { evaluateLogic } from '../evaluate-logic.ts';
import { isTruthy } from '../is-truthy.ts';
import { ctxKeyOf, isLiteral, logicNodes } from '../logic-nodes.ts';
import type { RuleContext, SchemaSet } from '../types.ts';
import { logicSites } from './logic-sites.ts';

/** A context value no condition names: stands for "anything else". */
const OTHER = '\u0000other';

/**
 * For each form (by index), the contexts in which it is the chosen form (the first whose `when`
 * holds). Contexts are every combination of the values the set's conditions compare each ctx key
 * with, plus "anything else" per key, so every distinguishable case is tried. A form with no
 * context is unreachable. A `when` that throws counts as false. Issue 10, schema lint.
 */
export function formContexts(set: SchemaSet): RuleContext[][] {
  const values = new Map<string, Set<unknown>>(
    [...contextKeysOf(set)].map((key) => [key, new Set<unknown>([OTHER])]),
  );
  for (const site of logicSites(set)) {
    for (const node of logicNodes(site.expression, site.path)) {
      if (!['==', '===', '!=', '!==', 'in'].includes(node.op) || node.args.length !== 2) continue;
      const [a, b] = node.args;
      const key = ctxKeyOf(a) ?? ctxKeyOf(b);
      if (key === undefined || !values.has(key)) continue;
      const other = ctxKeyOf(a) !== undefined ? b : a;
      if (!isLiteral(other)) continue;
      for (const value of Array.isArray(other) && node.op === 'in' ? other : [other])
        values.get(key)?.add(value);
    }
  }
  let contexts: Record<string, unknown>[] = [{}];
  for (const [key, options] of values) {
    contexts = contexts.flatMap((partial) => [...options].map((value) => ({ ...partial, [key]: value })));
  }
  const byForm: RuleContext[][] = (set.forms ?? []).map(() => []);
  for (const ctx of contexts) {
    const index = (set.forms ?? []).findIndex((form) => {
      try {
        return isTruthy(evaluateLogic(form.when, { ctx }));
      } catch {
        return false;
      }
    });
    if (index >= 0) byForm[index].push(ctx as unknown as RuleContext);
  }
  return byForm;
}
