import type { LintContext } from './lint-context.ts';
import { optionsOf } from './lint-context.ts';
import type { LintPath, LintProblem } from './lint-problem.ts';

/**
 * Migrations that would damage documents of this set: two with one id, a step of unknown kind, a
 * rename or default into a field the set does not have, a drop of a field the set still has
 * (its answers would be erased), a remap to a value that is not an option of the field.
 * Kind `invalid-migration`. Issue 10 part 3.
 */
export function checkMigrations(context: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  const problem = (path: LintPath, message: string) =>
    problems.push({ path, kind: 'invalid-migration', message });
  const ids = new Set<string>();
  (context.set.migrations ?? []).forEach((migration, i) => {
    if (ids.has(migration.id))
      problem(['migrations', i, 'id'], `two migrations share the id "${migration.id}"`);
    ids.add(migration.id);
    migration.steps.forEach((step, j) => {
      const path: LintPath = ['migrations', i, 'steps', j];
      if ('rename' in step) {
        if (!context.fields.has(step.rename.to))
          problem(path, `renames to "${step.rename.to}", which is not a field`);
      } else if ('drop' in step) {
        if (context.fields.has(step.drop.field))
          problem(path, `drops "${step.drop.field}", which is still a field: its answers would be erased`);
      } else if ('remap' in step) {
        const options = optionsOf(context.properties[step.remap.field]);
        if (!context.fields.has(step.remap.field))
          problem(path, `remaps "${step.remap.field}", which is not a field`);
        for (const value of Object.values(step.remap.values)) {
          if (options && !options.some((option) => option === value)) {
            problem(
              path,
              `remaps "${step.remap.field}" to ${JSON.stringify(value)}, which is not one of its options`,
            );
          }
        }
      } else if ('set_default' in step) {
        if (!context.fields.has(step.set_default.field))
          problem(path, `sets "${step.set_default.field}", which is not a field`);
      } else {
        problem(path, `step ${JSON.stringify(step)} is not rename, drop, remap or set_default`);
      }
    });
  });
  return problems;
}
