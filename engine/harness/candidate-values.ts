import { optionsOf, typesOf } from '../lint/lint-context.ts';
import { logicSites } from '../lint/logic-sites.ts';
import { docFieldOf, logicNodes } from '../logic-nodes.ts';
import type { Doc, JsonSchema, SchemaSet } from '../types.ts';

const MAX_PER_FIELD = 40;

/**
 * Values worth trying for each field when looking for a document that makes a rule fire or not:
 * empty values; the options of a closed list; the numbers the set compares the field with (and
 * its own bounds), each ±1; texts whose lengths sit on and beside the lengths the rules compare;
 * the strings it is compared with; a valid and an invalid e-mail and date; yes/no; and every value
 * the example documents hold. At most 40 per field, deterministic. Issue 10, schema lint.
 */
export function candidateValues(
  set: SchemaSet,
  properties: Record<string, JsonSchema>,
  examples: Doc[],
): Map<string, unknown[]> {
  const numbers = new Map<string, Set<number>>();
  const strings = new Map<string, Set<string>>();
  const add = <T>(map: Map<string, Set<T>>, field: string, value: T): void => {
    let entry = map.get(field);
    if (!entry) {
      entry = new Set();
      map.set(field, entry);
    }
    entry.add(value);
  };
  for (const site of logicSites(set)) {
    const literalNumbers = new Set<number>();
    const nodes = logicNodes(site.expression, site.path);
    for (const node of nodes)
      for (const arg of node.args) if (typeof arg === 'number') literalNumbers.add(arg);
    for (const value of Object.values(site.rule?.params ?? {}))
      if (typeof value === 'number') literalNumbers.add(value);
    for (const node of nodes) {
      const fields = node.args.map(docFieldOf).filter((field): field is string => field !== undefined);
      const lengthOf = node.op === 'length' ? docFieldOf(node.args[0]) : undefined;
      for (const field of fields) {
        for (const arg of node.args) if (typeof arg === 'string') add(strings, field, arg);
        for (const n of literalNumbers) add(numbers, field, n);
      }
      if (lengthOf !== undefined) for (const n of literalNumbers) add(numbers, lengthOf, n);
    }
    if (site.rule) for (const n of literalNumbers) add(numbers, site.rule.field, n);
  }
  const candidates = new Map<string, unknown[]>();
  for (const [field, schema] of Object.entries(properties)) {
    const values: unknown[] = [null, ''];
    for (const example of examples) if (field in example) values.push(example[field]);
    const types = typesOf(schema);
    const options = optionsOf(schema);
    if (schema.type === 'array') {
      values.push([]);
      for (const option of options ?? []) values.push([option]);
      if (options) values.push([...options]);
    } else if (options) {
      values.push(...options);
    }
    const bounds = [
      schema.minimum,
      schema.maximum,
      schema.exclusiveMinimum,
      schema.exclusiveMaximum,
      schema.minLength,
      schema.maxLength,
    ].filter((value): value is number => typeof value === 'number');
    const known = [...(numbers.get(field) ?? []), ...bounds, 0, 1];
    if (types.includes('number') || types.includes('integer')) {
      for (const n of known) values.push(n - 1, n, n + 1);
      if (types.includes('number')) for (const n of known) values.push(n + 0.5);
    }
    if (types.includes('string') && !options) {
      if (schema.format === 'date') values.push('2000-01-01', '1900-01-01', '2100-12-31', 'not a date');
      else {
        values.push(...(strings.get(field) ?? []), 'a', 'Sample text', 'a@b.co', 'not-an-email');
        for (const n of known) {
          if (n < 0 || n > 200) continue;
          for (const length of [n - 1, n, n + 1])
            if (length >= 0) values.push('1'.repeat(length), 'x'.repeat(length));
        }
      }
    }
    if (types.includes('boolean')) values.push(true, false);
    candidates.set(field, dedupe(values).slice(0, MAX_PER_FIELD));
  }
  return candidates;
}

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
