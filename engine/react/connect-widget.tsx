import type { Widget, WidgetProps } from '@rjsf/utils';
import { deepEquals } from '@rjsf/utils';
import { memo, useCallback, useMemo, useRef } from 'react';
import { useFieldView, useFormStore } from './form-store-context.ts';

/** Widget props RJSF passes that no engine widget reads, and that change with every RJSF render. */
const UNREAD_PROPS = new Set(['registry', 'formContext']);

/**
 * True when a widget would draw the same from `next` as from `prev`: functions the same object,
 * data (schema, uiSchema, options, value) deep-equal, RJSF's registry and form context ignored.
 * A recompiled schema set (the studio's preview, on every edit) hands each widget fresh but equal
 * schema and options objects; without this every Mantine input re-rendered (ADR 600).
 */
function sameWidgetProps(prev: WidgetProps, next: WidgetProps): boolean {
  const keys = new Set([...Object.keys(prev), ...Object.keys(next)]);
  for (const key of keys) {
    if (UNREAD_PROPS.has(key)) continue;
    const a = prev[key as keyof WidgetProps];
    const b = next[key as keyof WidgetProps];
    if (a === b) continue;
    if (typeof a === 'function' || typeof b === 'function' || !deepEquals(a, b)) return false;
  }
  return true;
}

/**
 * Wraps an engine widget so it reads its value, required marker, message and note from the form's
 * store (one subscription per field) and writes edits to it, instead of through RJSF's form state:
 * a keystroke then re-renders this widget and the ones whose view it changed, and RJSF's Form not
 * at all (ADR 520). A widget RJSF renders for a name the store does not know (an item of an array
 * field) keeps RJSF's own value and onChange. The inner widget re-renders only when what it draws
 * from changed (sameWidgetProps). The result is a plain function, as RJSF requires.
 */
export function connectWidget(Inner: Widget): Widget {
  const MemoInner = memo(Inner, sameWidgetProps);
  function ConnectedWidget(props: WidgetProps) {
    const { name, options } = props;
    const store = useFormStore();
    const view = useFieldView(store, name);
    // The same function across stores (a new one per compiled set), so a recompile alone does not
    // re-render the input; it writes to the store of the latest render.
    const latestStore = useRef(store);
    latestStore.current = store;
    const setValue = useCallback(
      (value: unknown) => latestStore.current.edit({ [name]: value }, [name]),
      [name],
    );
    const viewOptions = useMemo(() => {
      if (!view) return options;
      const help = [options.help, view.note].filter(Boolean).join(' · ') || undefined;
      return { ...options, help, markRequired: view.required, errorText: view.errorText };
    }, [options, view]);
    if (!view) return <MemoInner {...props} />;
    return <MemoInner {...props} value={view.value} onChange={setValue} options={viewOptions} />;
  }
  ConnectedWidget.displayName = `Connected(${Inner.displayName ?? Inner.name})`;
  return ConnectedWidget;
}
