import type { Widget } from '@rjsf/utils';
import type { WidgetName } from '../widget-names.ts';
import { connectWidget } from './connect-widget.tsx';
import { DateWidget } from './widgets/date-widget.tsx';
import { MoneyWidget } from './widgets/money-widget.tsx';
import { NumberWidget } from './widgets/number-widget.tsx';
import { PhoneWidget } from './widgets/phone-widget.tsx';
import { RadioWidget } from './widgets/radio-widget.tsx';
import { SelectWidget } from './widgets/select-widget.tsx';
import { TextWidget } from './widgets/text-widget.tsx';
import { TextareaWidget } from './widgets/textarea-widget.tsx';
import { YesNoWidget } from './widgets/yes-no-widget.tsx';

/**
 * Every widget a schema may name in `x-widget` or a form in `ui[field].widget`, by name. They
 * replace the @rjsf/mantine widgets of the same name (select, radio, text, textarea, date), so
 * RJSF's own fallbacks (booleans, multi-selects) render with them too. Each is connected to the
 * form's store (connectWidget). See engine/react/README.md.
 */
export const engineWidgets: Record<WidgetName, Widget> = {
  money: connectWidget(MoneyWidget),
  phone: connectWidget(PhoneWidget),
  'yes-no': connectWidget(YesNoWidget),
  select: connectWidget(SelectWidget),
  radio: connectWidget(RadioWidget),
  number: connectWidget(NumberWidget),
  text: connectWidget(TextWidget),
  textarea: connectWidget(TextareaWidget),
  date: connectWidget(DateWidget),
};
