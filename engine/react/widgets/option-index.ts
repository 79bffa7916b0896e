import type { EnumOptionsType } from '@rjsf/utils';

/**
 * Position of `value` in an option list, or -1. Exact match first; then a match by text, so a
 * document holding "5000" still shows the 5000 option.
 */
export function optionIndex(choices: readonly EnumOptionsType[], value: unknown): number {
  if (value === null || value === undefined || value === '') return -1;
  const exact = choices.findIndex((choice) => Object.is(choice.value, value));
  if (exact >= 0) return exact;
  return choices.findIndex((choice) => String(choice.value) === String(value));
}
