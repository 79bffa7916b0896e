import type { CompiledSchemaSet } from '../compile-schema-set.ts';
import { checkDocument, type DocumentChecks, editDocument, recheckDocument } from '../document-checks.ts';
import type { Doc, FormDefinition, RuleContext } from '../types.ts';
import type { FormLayout } from './build-form-layout.ts';
import { mergeFieldChanges } from './merge-field-changes.ts';

/** What one field's widget shows; the same object while none of it changes. */
export interface FieldView {
  value: unknown;
  /** Required marker (isRequired). */
  required: boolean;
  /** The field's message once shown (touched, or every message shown), else undefined. */
  errorText?: string;
  /** The caller's note for the field (SchemaForm `fieldNotes`), else undefined. */
  note?: string;
}

/** One section as the sections template draws it: only the fields to show, with their span. */
export interface VisibleSection {
  id: string;
  title: string;
  fields: { name: string; span: number }[];
}

/** A SchemaForm's document with its checks and per-field views, to which widgets subscribe one field each. */
export interface FormStore {
  /** The document the form holds: the caller's, with every edit since applied. */
  doc(): Doc;
  /** True for a field the form renders (a field of the layout). */
  has(field: string): boolean;
  /** The view of a layout field, or undefined for any other name. */
  view(field: string): FieldView | undefined;
  /** The sections with only their applicable fields; a new array only when that changes. */
  sections(): VisibleSection[];
  /** Calls `listener` after the field's view changed; returns the unsubscribe. */
  subscribeField(field: string, listener: () => void): () => void;
  /** Calls `listener` after the visible sections changed; returns the unsubscribe. */
  subscribeSections(listener: () => void): () => void;
  /**
   * The user set `fields` to their values in `reported` (a cleared value becomes null): computed
   * fields, hidden-field clearing and checks follow, the fields count as touched, and `emit` gets
   * the new document. Nothing happens when no value differs.
   */
  edit(reported: Doc, fields: readonly string[]): void;
  /** A document from the caller that the form did not make (reload, merge, filled data). */
  replace(doc: Doc): void;
  /** Marks fields touched: their messages show from now on. */
  touch(fields: readonly string[]): void;
  setShowAllErrors(show: boolean): void;
  setNotes(notes: Readonly<Record<string, string>> | undefined): void;
  /** Messages from outside the engine (a save the server refused), shown at their fields before any other. */
  setFieldErrors(errors: Readonly<Record<string, string>> | undefined): void;
  /** The fields touched so far (kept when a new store replaces this one). */
  touched(): ReadonlySet<string>;
}

export interface FormStoreOptions {
  compiled: CompiledSchemaSet;
  ctx: RuleContext;
  form: FormDefinition;
  layout: FormLayout;
  doc: Doc;
  showAllErrors: boolean;
  notes?: Readonly<Record<string, string>>;
  /** Messages from outside the engine by field, shown whether the field was touched or not. */
  fieldErrors?: Readonly<Record<string, string>>;
  touched?: ReadonlySet<string>;
  /** Receives each document an edit makes. */
  emit: (doc: Doc) => void;
}

/**
 * Creates the store of one SchemaForm (one compiled set, ctx and form): the engine's checks of the
 * document kept edit by edit (document-checks.ts: only what an edit can affect is re-checked), and
 * a view per field that changes identity only when its value, required marker, shown message or
 * note changes, so a keystroke re-renders only the widgets whose view changed (ADR 520).
 * Throws like formFor when no form matches ctx.
 */
export function createFormStore(options: FormStoreOptions): FormStore {
  const { compiled, ctx, form, layout, emit } = options;
  const layoutFields = new Set(layout.fields);
  let checks: DocumentChecks = checkDocument(compiled, options.doc, ctx);
  let showAll = options.showAllErrors;
  let notes = options.notes;
  let fieldErrors = options.fieldErrors;
  const touched = new Set(options.touched ?? []);
  const views = new Map<string, FieldView>();
  const fieldListeners = new Map<string, Set<() => void>>();
  const sectionListeners = new Set<() => void>();

  const viewOf = (field: string): FieldView => {
    const check = checks.fields.get(field);
    const shown =
      fieldErrors?.[field] ?? (showAll || touched.has(field) ? check?.message?.message : undefined);
    return {
      value: checks.doc[field],
      required: check?.required ?? false,
      errorText: shown,
      note: notes?.[field],
    };
  };
  const visibleSections = (): VisibleSection[] => {
    // A field listed twice renders once, where it first appears (RJSF has one widget per field).
    const placed = new Set<string>();
    return form.sections
      .map((section) => ({
        id: section.id,
        title: section.title,
        fields: section.fields
          .filter(
            (field) =>
              checks.fields.get(field)?.applicable === true &&
              field in layout.spans &&
              !placed.has(field) &&
              placed.add(field),
          )
          .map((name) => ({ name, span: layout.spans[name] })),
      }))
      .filter((section) => section.fields.length > 0);
  };
  for (const field of layout.fields) views.set(field, viewOf(field));
  let sections = visibleSections();

  /** Re-derives the views of `fields` (and the sections when applicability moved), then notifies. */
  const refresh = (fields: Iterable<string>, previous: DocumentChecks | null): void => {
    const notify: string[] = [];
    let sectionsMoved = false;
    for (const field of fields) {
      const old = views.get(field);
      if (!old) continue;
      if (previous && previous.fields.get(field)?.applicable !== checks.fields.get(field)?.applicable) {
        sectionsMoved = true;
      }
      const next = viewOf(field);
      if (
        Object.is(old.value, next.value) &&
        old.required === next.required &&
        old.errorText === next.errorText &&
        old.note === next.note
      ) {
        continue;
      }
      views.set(field, next);
      notify.push(field);
    }
    if (sectionsMoved) sections = visibleSections();
    for (const field of notify) for (const listener of fieldListeners.get(field) ?? []) listener();
    if (sectionsMoved) for (const listener of sectionListeners) listener();
  };
  const stepped = (next: DocumentChecks, extra: readonly string[] = []): void => {
    const previous = checks;
    checks = next;
    refresh(new Set([...next.changed, ...next.rechecked, ...extra]), previous);
  };

  return {
    doc: () => checks.doc,
    has: (field) => layoutFields.has(field),
    view: (field) => views.get(field),
    sections: () => sections,
    subscribeField(field, listener) {
      let listeners = fieldListeners.get(field);
      if (!listeners) {
        listeners = new Set();
        fieldListeners.set(field, listeners);
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeSections(listener) {
      sectionListeners.add(listener);
      return () => sectionListeners.delete(listener);
    },
    edit(reported, fields) {
      const { doc: merged, changed } = mergeFieldChanges(checks.doc, reported, fields);
      if (changed.length === 0) return;
      const fresh = changed.filter((field) => !touched.has(field));
      for (const field of fresh) touched.add(field);
      stepped(editDocument(compiled, checks, merged, changed), fresh);
      emit(checks.doc);
    },
    replace(doc) {
      if (doc !== checks.doc) stepped(recheckDocument(compiled, checks, doc));
    },
    touch(fields) {
      const fresh = fields.filter((field) => layoutFields.has(field) && !touched.has(field));
      for (const field of fresh) touched.add(field);
      refresh(fresh, null);
    },
    setShowAllErrors(show) {
      if (show === showAll) return;
      showAll = show;
      refresh(layout.fields, null);
    },
    setNotes(next) {
      if (next === notes) return;
      const keys = new Set([...Object.keys(notes ?? {}), ...Object.keys(next ?? {})]);
      notes = next;
      refresh(keys, null);
    },
    setFieldErrors(next) {
      if (next === fieldErrors) return;
      const keys = new Set([...Object.keys(fieldErrors ?? {}), ...Object.keys(next ?? {})]);
      fieldErrors = next;
      refresh(keys, null);
    },
    touched: () => touched,
  };
}
