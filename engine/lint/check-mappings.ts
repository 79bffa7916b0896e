import { isEmptyValue } from '../is-empty-value.ts';
import type { LintContext } from './lint-context.ts';
import { optionsOf } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';

/**
 * Value mappings that would write what this set does not take: an entry naming a field the set
 * does not have (kind `mapping-unknown-field`), and a translated value that is not one of the
 * field's options (kind `mapping-value-not-an-option`, at the value's own key, so the place reads
 * `mappings/<name>.json#/groups/<group>/<i>/values/<words>`). An empty translation ("" or null)
 * means "the source says nothing" and is allowed. Issue 37 (one versioned home for every mapping).
 */
export function checkMappings(context: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  for (const [name, mapping] of Object.entries(context.set.value_mappings ?? {})) {
    for (const [group, entries] of Object.entries(mapping.groups ?? {})) {
      entries.forEach((entry, index) => {
        const path = ['value_mappings', name, 'groups', group, index];
        if (!context.fields.has(entry.field)) {
          problems.push({
            path: [...path, 'field'],
            kind: 'mapping-unknown-field',
            message: `the mapping "${name}" fills "${entry.field}", which is not a field`,
          });
          return;
        }
        const options = optionsOf(context.properties[entry.field]);
        if (!options || !entry.values) return;
        for (const [words, value] of Object.entries(entry.values)) {
          if (isEmptyValue(value) || options.some((option) => option === value)) continue;
          problems.push({
            path: [...path, 'values', words],
            kind: 'mapping-value-not-an-option',
            message: `the mapping "${name}" writes ${JSON.stringify(value)} into "${entry.field}" for "${words}", which is not one of its options (${options.map((option) => JSON.stringify(option)).join(', ')})`,
          });
        }
      });
    }
  }
  return problems;
}
