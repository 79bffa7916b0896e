import type { WidgetProps } from '@rjsf/utils';
import { createElement, type ReactNode } from 'react';
import { FieldMessage } from './field-message.tsx';
import { widgetFieldState } from './widget-field-state.ts';

/** The props every Mantine input of a widget shares: id (the `<label for>` target), label, marker, message. */
export interface WidgetInputProps {
  id: string;
  name: string;
  label: string;
  withAsterisk: boolean;
  /** The engine's message (with the "why" affordance where the form offers it), or undefined. */
  error: ReactNode;
  /** The message is a block (a div, not Mantine's <p>), so the "why" trace may hold lists. */
  errorProps: { component: 'div' };
  description: string | undefined;
  disabled: boolean;
  readOnly: boolean;
  placeholder: string | undefined;
  autoFocus: boolean;
}

/**
 * Maps RJSF widget props and the engine's field state (widgetFieldState) onto Mantine input props.
 * The label is the field schema `title` (RJSF passes it as `label`), so `getByLabel` finds the input.
 */
export function widgetInputProps(props: WidgetProps): WidgetInputProps {
  const { markRequired, errorText, help } = widgetFieldState(props.options);
  return {
    id: props.id,
    name: props.htmlName ?? props.id,
    label: props.label,
    withAsterisk: markRequired,
    error:
      errorText === undefined
        ? undefined
        : createElement(FieldMessage, { field: props.name, text: errorText }),
    errorProps: { component: 'div' },
    description: help,
    disabled: Boolean(props.disabled),
    readOnly: Boolean(props.readonly),
    placeholder: props.placeholder || undefined,
    autoFocus: Boolean(props.autofocus),
  };
}
