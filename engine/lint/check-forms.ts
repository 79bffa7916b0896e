import { WIDGET_NAME_SET } from '../widget-names.ts';
import { formContexts } from './form-contexts.ts';
import type { LintContext } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';

/**
 * What the forms show: a field in no form (nobody can ever fill it: `field-in-no-form`), a widget
 * name no widget has (`unknown-widget`: it would silently fall back), a span outside 1..12 of the
 * 12-column grid (`invalid-span`), a form no context ever chooses because earlier forms always win
 * or its `when` never holds (`unreachable-form`). Issue 10, schema lint.
 */
export function checkForms(context: LintContext): LintProblem[] {
  const { set } = context;
  const problems: LintProblem[] = [];
  const shown = new Set(
    (set.forms ?? []).flatMap((form) => form.sections.flatMap((section) => section.fields)),
  );
  for (const [field, path] of context.fieldPaths) {
    if (context.fields.has(field) && !shown.has(field)) {
      problems.push({
        path,
        kind: 'field-in-no-form',
        message: `"${field}" is in no form, so it can never be filled`,
      });
    }
    const widget = context.properties[field]?.['x-widget'];
    if (widget !== undefined && !WIDGET_NAME_SET.has(String(widget))) {
      problems.push({ path: [...path, 'x-widget'], kind: 'unknown-widget', message: unknownWidget(widget) });
    }
  }
  (set.forms ?? []).forEach((form, index) => {
    for (const [field, ui] of Object.entries(form.ui ?? {})) {
      if (ui.widget !== undefined && !WIDGET_NAME_SET.has(ui.widget)) {
        problems.push({
          path: ['forms', index, 'ui', field, 'widget'],
          kind: 'unknown-widget',
          message: unknownWidget(ui.widget),
        });
      }
      if (ui.span !== undefined && !(Number.isInteger(ui.span) && ui.span >= 1 && ui.span <= 12)) {
        problems.push({
          path: ['forms', index, 'ui', field, 'span'],
          kind: 'invalid-span',
          message: `span ${JSON.stringify(ui.span)} of "${field}" in form "${form.id}" is not a whole number from 1 to 12`,
        });
      }
    }
  });
  formContexts(set).forEach((contexts, index) => {
    if (contexts.length === 0) {
      problems.push({
        path: ['forms', index, 'when'],
        kind: 'unreachable-form',
        message: `form "${set.forms[index].id}" is never chosen: no context makes its "when" the first that holds`,
      });
    }
  });
  return problems;
}

function unknownWidget(widget: unknown): string {
  return `widget ${JSON.stringify(widget)} does not exist (known: ${[...WIDGET_NAME_SET].join(', ')})`;
}
