import type { UIOptionsType } from '@rjsf/utils';

/** What the engine says about one field, carried to its widget in `options` (by connectWidget). */
export interface WidgetFieldState {
  /** Show the required marker (engine `isRequired`, not JSON Schema `required`). */
  markRequired: boolean;
  /** The message to show under the field, or undefined while it stays quiet. */
  errorText?: string;
  /** Help text under the label (form `ui[field].help`). */
  help?: string;
}

/**
 * Reads the engine's field state out of a widget's `options` (the field's `ui:options` with the
 * store's view merged in by connectWidget). Missing entries read as "not required, no message".
 */
export function widgetFieldState(options: UIOptionsType | undefined): WidgetFieldState {
  const markRequired = options?.markRequired === true;
  const errorText = typeof options?.errorText === 'string' ? options.errorText : undefined;
  const help = typeof options?.help === 'string' ? options.help : undefined;
  return { markRequired, errorText, help };
}
