/**
 * The widget names a field schema may give in `x-widget` or a form in `ui[field].widget`: the keys
 * of engine/react's widget registry (which is typed by this list, so the two cannot drift), kept
 * here so the pure lint can check names without importing React. docs/schema-format.md.
 */
export const WIDGET_NAMES = [
  'money',
  'phone',
  'yes-no',
  'select',
  'radio',
  'number',
  'text',
  'textarea',
  'date',
] as const;

/** One widget name. */
export type WidgetName = (typeof WIDGET_NAMES)[number];

/** `WIDGET_NAMES` as a set, for membership tests. */
export const WIDGET_NAME_SET: ReadonlySet<string> = new Set(WIDGET_NAMES);
