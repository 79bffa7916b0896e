import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { fieldType } from '../field-type.ts';
import { ChoiceGroup } from './choice-group.tsx';

const YES_NO_TEXT: EnumOptionsType[] = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];
const YES_NO_BOOLEAN: EnumOptionsType[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

/**
 * A Yes/No question as two radios. Emits "Yes"/"No" for a text field, true/false for a boolean
 * field, or the field's own two options when its schema lists them.
 */
export function YesNoWidget(props: WidgetProps) {
  const listed = props.options.enumOptions;
  const choices =
    listed && listed.length > 0
      ? listed
      : fieldType(props.schema) === 'boolean'
        ? YES_NO_BOOLEAN
        : YES_NO_TEXT;
  return <ChoiceGroup widget={props} choices={choices} />;
}
