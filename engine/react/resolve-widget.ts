import { fieldOptions } from '../field-options.ts';
import type { FormFieldUi, JsonSchema } from '../types.ts';
import { fieldType } from './field-type.ts';

/**
 * The widget name for a field: the field schema's `x-widget`, then the form's `ui[field].widget`,
 * then one chosen by type (option list -> select, boolean -> yes-no, number/integer -> number,
 * `format: date` -> date, anything else -> text). A name not in `known` is skipped, so a typo
 * in a schema falls back to the next choice instead of breaking the form.
 * Widget names are the keys of `engineWidgets` (engine/react/widget-registry.ts).
 */
export function resolveWidget(
  schema: JsonSchema,
  ui: FormFieldUi | undefined,
  known: ReadonlySet<string>,
): string {
  for (const named of [schema['x-widget'], ui?.widget]) {
    if (typeof named === 'string' && known.has(named)) return named;
  }
  if (fieldOptions(schema)) return 'select';
  const type = fieldType(schema);
  if (type === 'boolean') return 'yes-no';
  if (type === 'number' || type === 'integer') return 'number';
  if (schema.format === 'date') return 'date';
  return 'text';
}
