import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { FieldView, FormStore, VisibleSection } from './form-store.ts';

/** The store of the SchemaForm around a widget or template; null outside one. */
export const FormStoreContext = createContext<FormStore | null>(null);

const NO_SECTIONS: VisibleSection[] = [];
const nothing = () => () => {};

/** The enclosing form's store; throws outside a SchemaForm, where engine widgets have no data. */
export function useFormStore(): FormStore {
  const store = useContext(FormStoreContext);
  if (!store) throw new Error('Engine widgets and templates render only inside a SchemaForm');
  return store;
}

/**
 * The view of one field, re-rendering the caller only when that field's view changes (value,
 * required marker, shown message, note); undefined for a name the form does not render.
 */
export function useFieldView(store: FormStore, field: string): FieldView | undefined {
  const known = store.has(field);
  const subscribe = useCallback(
    (listener: () => void) => (known ? store.subscribeField(field, listener) : nothing()),
    [store, field, known],
  );
  return useSyncExternalStore(subscribe, () => store.view(field));
}

/** The form's sections with only their applicable fields, re-rendering only when those change. */
export function useVisibleSections(store: FormStore | null): VisibleSection[] {
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribeSections(listener) : nothing()),
    [store],
  );
  return useSyncExternalStore(subscribe, () => (store ? store.sections() : NO_SECTIONS));
}
