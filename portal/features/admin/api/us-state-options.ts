/** The state choices of the approved and licensed states pickers, from the schema constants. */
import usStates from '../../../../schemas/constants/us-states.json';

/** One state choice: two-letter code and name. */
export interface StateOption {
  value: string;
  label: string;
}

/** Every state and territory of schemas/constants/us-states.json, in its order. */
export const US_STATE_OPTIONS: readonly StateOption[] = (
  usStates.oneOf as { const: string; title: string }[]
).map((entry) => ({ value: entry.const, label: entry.title }));

/** The name of state `code`, or the code itself when unknown. */
export function stateName(code: string): string {
  return US_STATE_OPTIONS.find((option) => option.value === code)?.label ?? code;
}
