import type { WidgetProps } from '@rjsf/utils';
import { ChoiceGroup } from './choice-group.tsx';

/** A short option list (`enum`/`oneOf`) shown as radio buttons; emits the chosen option's value. */
export function RadioWidget(props: WidgetProps) {
  return <ChoiceGroup widget={props} choices={props.options.enumOptions ?? []} />;
}
