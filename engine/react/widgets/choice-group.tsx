import { Group, Radio } from '@mantine/core';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useWidgetBlur } from '../use-widget-blur.ts';
import { widgetInputProps } from '../widget-input-props.ts';
import { optionIndex } from './option-index.ts';

/**
 * A labelled radio group over `choices` (the group is a `role="radiogroup"` named by the field
 * label, so `getByLabel(label)` finds it). Options are keyed by position, so each value keeps its
 * JSON type. Read-only and disabled both lock the radios. Shared by RadioWidget and YesNoWidget.
 * With a message the radiogroup and each of its radios are `aria-invalid` (WCAG 3.3.1, 4.1.2;
 * issue 46): a reader meets the state on the group and on the radio it lands on. Mantine renders
 * the group element itself and passes no props to it, so the attribute is set on it after each
 * render; a radio takes it as a prop (Mantine passes it to the input).
 */
export function ChoiceGroup(props: { widget: WidgetProps; choices: readonly EnumOptionsType[] }) {
  const { widget, choices } = props;
  const { onChange, value } = widget;
  const blur = useWidgetBlur(widget);
  const input = widgetInputProps(widget);
  const handleChange = useCallback(
    (next: string) => onChange(choices[Number(next)]?.value ?? null),
    [onChange, choices],
  );
  const index = optionIndex(choices, value);
  const locked = input.disabled || input.readOnly;
  const wrapper = useRef<HTMLDivElement>(null);
  const invalid = input.error !== undefined;
  useLayoutEffect(() => {
    const group = wrapper.current?.querySelector('[role="radiogroup"]');
    if (invalid) group?.setAttribute('aria-invalid', 'true');
    else group?.removeAttribute('aria-invalid');
  }, [invalid]);
  return (
    <Radio.Group
      ref={wrapper}
      id={input.id}
      name={input.name}
      label={input.label}
      withAsterisk={input.withAsterisk}
      error={input.error}
      errorProps={input.errorProps}
      description={input.description}
      readOnly={input.readOnly}
      value={index >= 0 ? String(index) : ''}
      onChange={handleChange}
    >
      <Group gap="lg" mt={6} mih={36}>
        {choices.map((choice, i) => (
          <Radio
            key={String(choice.value)}
            id={`${input.id}-${i}`}
            value={String(i)}
            label={choice.label}
            disabled={locked}
            aria-invalid={invalid || undefined}
            onBlur={blur.onBlur}
            onFocus={blur.onFocus}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
