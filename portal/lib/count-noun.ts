/**
 * A count with its noun in the singular or the plural as English has it ("1 change", "0 changes",
 * "2 changes"; Intl.PluralRules for en-US), for the counts the portal writes in its text, and the
 * verb that agrees with it. `plural` defaults to the singular with an s.
 */
const ENGLISH_PLURALS = new Intl.PluralRules('en-US');

/** True when English uses the singular for `count` (1, and only 1). */
export function takesSingular(count: number): boolean {
  return ENGLISH_PLURALS.select(count) === 'one';
}

/** `count` and its noun: "1 line", "3 lines", "2 own examples". */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${takesSingular(count) ? singular : plural}`;
}
