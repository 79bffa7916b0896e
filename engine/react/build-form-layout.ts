import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { CompiledSchemaSet } from '../compile-schema-set.ts';
import { fieldOptions } from '../field-options.ts';
import type { FormDefinition, JsonSchema } from '../types.ts';
import { WIDGET_NAME_SET } from '../widget-names.ts';
import { fieldType } from './field-type.ts';
import { resolveWidget } from './resolve-widget.ts';

/** Grid span of a field the form gives no `ui[field].span` (half of 12 columns). */
export const DEFAULT_SPAN = 6;

/** What does not change while one form is being filled in. */
export interface FormLayout {
  /** Flat object schema of the form's fields for RJSF: types, titles, options, bounds; no defaults, no `required`. */
  schema: RJSFSchema;
  /** The form's fields, section by section, in order (the root `ui:order`). */
  fields: string[];
  /** Per field: `ui:widget`, `ui:enumNames`, `ui:readonly` (computed fields), `ui:placeholder`, `ui:options.help`. */
  fieldUi: Record<string, UiSchema>;
  /** Per field: grid columns from `sm` up (1-12). */
  spans: Record<string, number>;
}

const COPIED_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'maxLength',
  'format',
];

/**
 * Builds the RJSF schema and static ui of a form from `compiled.properties`. Defaults and
 * `required` are left out on purpose: the engine owns both (applyDefaults, isRequired), and RJSF
 * would otherwise write defaults into the document behind the caller's back. A form field with no
 * schema in `compiled.properties` is skipped. SPEC §5 (the form renders the schema set's fields).
 */
export function buildFormLayout(compiled: CompiledSchemaSet, form: FormDefinition): FormLayout {
  const properties: Record<string, RJSFSchema> = {};
  const fieldUi: Record<string, UiSchema> = {};
  const spans: Record<string, number> = {};
  const fields: string[] = [];
  const computed = new Set(Object.keys(compiled.set.computed ?? {}));

  for (const section of form.sections) {
    for (const field of section.fields) {
      const source = compiled.properties[field];
      if (!source || field in properties) continue;
      const ui = form.ui?.[field];
      const options = fieldOptions(source);
      const type = fieldType(source);
      const schema: RJSFSchema = { type, title: typeof source.title === 'string' ? source.title : field };
      for (const keyword of COPIED_KEYWORDS) {
        if (keyword in source) (schema as JsonSchema)[keyword] = source[keyword];
      }
      if (type === 'array') {
        const items = (source.items ?? {}) as JsonSchema;
        schema.items = options
          ? { type: fieldType(items), enum: options.map((o) => o.value) as RJSFSchema['enum'] }
          : { type: fieldType(items) };
        schema.uniqueItems = true;
      } else if (options) {
        schema.enum = options.map((o) => o.value) as RJSFSchema['enum'];
      }
      const enumNames = options?.map((o) => o.label);
      fieldUi[field] = {
        'ui:widget': resolveWidget(source, ui, WIDGET_NAME_SET),
        ...(enumNames && { 'ui:enumNames': enumNames }),
        ...(enumNames && type === 'array' && { items: { 'ui:enumNames': enumNames } }),
        ...(computed.has(field) && { 'ui:readonly': true }),
        ...(ui?.placeholder && { 'ui:placeholder': ui.placeholder }),
        ...(ui?.help && { 'ui:options': { help: ui.help } }),
      };
      const span = ui?.span;
      spans[field] = typeof span === 'number' && span >= 1 && span <= 12 ? Math.round(span) : DEFAULT_SPAN;
      properties[field] = schema;
      fields.push(field);
    }
  }
  return { schema: { type: 'object', properties }, fields, fieldUi, spans };
}
