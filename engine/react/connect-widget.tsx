import type { Widget, WidgetProps } from '@rjsf/utils';
import { useCallback, useMemo } from 'react';
import { useFieldView, useFormStore } from './form-store-context.ts';

/**
 * Wraps an engine widget so it reads its value, required marker, message and note from the form's
 * store (one subscription per field) and writes edits to it, instead of through RJSF's form state:
 * a keystroke then re-renders this widget and the ones whose view it changed, and RJSF's Form not
 * at all (ADR 520). A widget RJSF renders for a name the store does not know (an item of an array
 * field) keeps RJSF's own value and onChange. The result is a plain function, as RJSF requires.
 */
export function connectWidget(Inner: Widget): Widget {
  function ConnectedWidget(props: WidgetProps) {
    const { name, options } = props;
    const store = useFormStore();
    const view = useFieldView(store, name);
    const setValue = useCallback((value: unknown) => store.edit({ [name]: value }, [name]), [store, name]);
    const viewOptions = useMemo(() => {
      if (!view) return options;
      const help = [options.help, view.note].filter(Boolean).join(' · ') || undefined;
      return { ...options, help, markRequired: view.required, errorText: view.errorText };
    }, [options, view]);
    if (!view) return <Inner {...props} />;
    return <Inner {...props} value={view.value} onChange={setValue} options={viewOptions} />;
  }
  ConnectedWidget.displayName = `Connected(${Inner.displayName ?? Inner.name})`;
  return ConnectedWidget;
}
