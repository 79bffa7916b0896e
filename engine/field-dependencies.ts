import { docFieldsRead } from './logic-nodes.ts';
import type { JsonLogic, SchemaSet } from './types.ts';

/**
 * What each condition, rule and computed field of a schema set reads of a document, and the
 * reverse: whose checks a change to one field can affect. Built once by compileSchemaSet from the
 * `var`s of the set's JSON-logic (docFieldsRead), so an edit re-checks and re-computes only what it
 * can change (document-checks.ts). A read that cannot be told statically counts as reading every
 * field. Generic: derived from the set's data alone. Issue 18 (keystroke cost).
 */
export interface FieldDependencies {
  /**
   * Field -> the other fields whose check reads it: their applicability, `required_when`, and the
   * `when`, `params` and `assert` of their field and cross rules.
   */
  checkReaders: ReadonlyMap<string, readonly string[]>;
  /** Fields whose check reads something that cannot be told statically: re-checked after any change. */
  checkedAlways: readonly string[];
  /** Field -> what its applicability condition reads (null: cannot tell); absent when it has none. */
  applicabilityReads: ReadonlyMap<string, ReadonlySet<string> | null>;
  /** Computed field -> what its expression reads (null: cannot tell). */
  computedReads: ReadonlyMap<string, ReadonlySet<string> | null>;
  /**
   * False when a computed field reads itself or one declared after it (the lint's `computed-cycle`
   * and `computed-order`): then only evaluating all of them in order gives computeFields' result.
   */
  computedInOrder: boolean;
  /** What `rules_apply_when` reads (null: cannot tell); empty when the set has none. */
  gateReads: ReadonlySet<string> | null;
}

/** The dependencies of a set that compileSchemaSet has already checked (names, operators). */
export function fieldDependencies(set: SchemaSet): FieldDependencies {
  const checkReads = new Map<string, Set<string> | null>();
  const addCheckReads = (field: string, expression: JsonLogic): void => {
    if (expression === undefined) return;
    const reads = docFieldsRead(expression);
    const known = checkReads.get(field);
    if (known === null) return;
    if (reads === null) {
      checkReads.set(field, null);
      return;
    }
    const merged = known ?? new Set<string>();
    for (const read of reads) merged.add(read);
    checkReads.set(field, merged);
  };
  const applicabilityReads = new Map<string, ReadonlySet<string> | null>();
  for (const [field, condition] of Object.entries(set.applicability ?? {})) {
    applicabilityReads.set(field, docFieldsRead(condition));
    addCheckReads(field, condition);
  }
  for (const [field, condition] of Object.entries(set.required_when ?? {})) addCheckReads(field, condition);
  for (const rule of [...(set.field_rules ?? []), ...(set.cross_rules ?? [])]) {
    addCheckReads(rule.field, rule.when);
    for (const param of Object.values(rule.params ?? {})) addCheckReads(rule.field, param);
    addCheckReads(rule.field, rule.assert);
  }

  const readers = new Map<string, string[]>();
  const checkedAlways: string[] = [];
  for (const [field, reads] of checkReads) {
    if (reads === null) {
      checkedAlways.push(field);
      continue;
    }
    for (const read of reads) {
      if (read === field) continue;
      const list = readers.get(read) ?? [];
      list.push(field);
      readers.set(read, list);
    }
  }

  const order = Object.keys(set.computed ?? {});
  const computedReads = new Map<string, ReadonlySet<string> | null>();
  let computedInOrder = true;
  order.forEach((field, index) => {
    const reads = docFieldsRead(set.computed[field]);
    computedReads.set(field, reads);
    for (const read of reads ?? []) {
      if (order.indexOf(read) >= index) computedInOrder = false;
    }
  });

  return {
    checkReaders: readers,
    checkedAlways,
    applicabilityReads,
    computedReads,
    computedInOrder,
    gateReads: set.rules_apply_when === undefined ? new Set() : docFieldsRead(set.rules_apply_when),
  };
}

/** True when `reads` (null: cannot tell) may include a field of `changed`; undefined reads nothing. */
export function readsAny(
  reads: ReadonlySet<string> | null | undefined,
  changed: ReadonlySet<string>,
): boolean {
  if (reads === undefined) return false;
  if (reads === null) return true;
  const [small, large] = reads.size < changed.size ? [reads, changed] : [changed, reads];
  for (const field of small) if (large.has(field)) return true;
  return false;
}
