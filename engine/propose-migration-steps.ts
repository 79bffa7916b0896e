import { flattenFieldSchemas } from './compile-schema-set.ts';
import { type FieldOption, fieldOptions } from './field-options.ts';
import type { JsonSchema, MigrationStep, SchemaSet } from './types.ts';
import { type WithdrawnOptions, withdrawnOptions } from './withdrawn-options.ts';

/** A proposed step with the reason in words, for product staff to accept or leave. */
export interface ProposedStep {
  step: MigrationStep;
  reason: string;
}

const typeOf = (schema: JsonSchema): string => JSON.stringify(schema.type ?? null);
const optionsOf = (schema: JsonSchema): string =>
  JSON.stringify((fieldOptions(schema) ?? []).map((option) => option.value));

/**
 * What a withdrawn option's documents move to: the remaining text option with its label (the value
 * was changed, the label kept); else, when the field lost as many options as it gained, the one
 * gained in the same place (a value renamed in place: "Crawlspace" -> "Crawl space"); else, for a
 * number, the nearest remaining number; undefined when none fits.
 */
function replacement(removed: FieldOption, { gone, now, added }: WithdrawnOptions): unknown {
  if (typeof removed.value !== 'number') {
    const sameLabel = now.find((option) => option.label === removed.label);
    if (sameLabel) return sameLabel.value;
  }
  if (added.length === gone.length) return added[gone.indexOf(removed)].value;
  if (typeof removed.value !== 'number') return undefined;
  const numbers = now.filter((option) => typeof option.value === 'number');
  if (numbers.length === 0) return undefined;
  return numbers.reduce((best, option) =>
    Math.abs((option.value as number) - (removed.value as number)) <
    Math.abs((best.value as number) - (removed.value as number))
      ? option
      : best,
  ).value;
}

/**
 * The migration steps that would carry documents of `before` to `after`, proposed from their
 * difference: a field removed while one of the same type and options (and, among several, the
 * same label) was added -> `rename`; any other removed field -> `drop`; option values a field no
 * longer offers -> `remap` to the remaining option with the same label, the option gained in the
 * same place, or the nearest remaining number (values with no such option are left for a person
 * to decide, named in the reason);
 * a field added with a default -> `set_default`. Steps already present in `after`'s migrations are
 * not proposed again. Generic; throws SchemaSetError when a set's schemas do not resolve.
 * Issue 11 (migrations between the draft and the last published version).
 */
export function proposeMigrationSteps(before: SchemaSet, after: SchemaSet): ProposedStep[] {
  const a = flattenFieldSchemas(before).properties;
  const b = flattenFieldSchemas(after).properties;
  const removed = Object.keys(a).filter((field) => !(field in b));
  const added = Object.keys(b).filter((field) => !(field in a));
  const proposals: ProposedStep[] = [];
  const renamedTo = new Set<string>();

  for (const field of removed) {
    const alike = added.filter(
      (candidate) =>
        !renamedTo.has(candidate) &&
        typeOf(a[field]) === typeOf(b[candidate]) &&
        optionsOf(a[field]) === optionsOf(b[candidate]),
    );
    const target =
      alike.length === 1 ? alike[0] : alike.find((candidate) => b[candidate].title === a[field].title);
    if (target) {
      renamedTo.add(target);
      proposals.push({
        step: { rename: { from: field, to: target } },
        reason: `"${field}" was removed and "${target}" of the same kind added: carry its values over`,
      });
    } else {
      proposals.push({ step: { drop: { field } }, reason: `"${field}" was removed: drop its stored values` });
    }
  }

  for (const withdrawn of withdrawnOptions(before, after)) {
    const { field, gone } = withdrawn;
    const values: Record<string, unknown> = {};
    const undecided: string[] = [];
    for (const option of gone) {
      const to = replacement(option, withdrawn);
      if (to === undefined) undecided.push(String(option.value));
      else values[String(option.value)] = to;
    }
    if (Object.keys(values).length > 0) {
      proposals.push({
        step: { remap: { field, values } },
        reason: `"${field}" no longer offers ${gone.map((option) => JSON.stringify(option.value)).join(', ')}${
          undecided.length > 0 ? `; decide yourself for ${undecided.join(', ')}` : ''
        }`,
      });
    }
  }

  for (const field of added) {
    if (renamedTo.has(field) || !('default' in b[field])) continue;
    proposals.push({
      step: { set_default: { field, value: b[field].default } },
      reason: `"${field}" was added with a default: give earlier documents that value`,
    });
  }

  const existing = new Set(
    (after.migrations ?? []).flatMap((migration) => migration.steps).map((step) => JSON.stringify(step)),
  );
  return proposals.filter((proposal) => !existing.has(JSON.stringify(proposal.step)));
}
