import { Alert, Text } from '@mantine/core';
import type { IChangeEvent, ThemeProps } from '@rjsf/core';
import { withTheme } from '@rjsf/core';
import { Theme as MantineTheme } from '@rjsf/mantine';
import type { UiSchema } from '@rjsf/utils';
import { type JSX, useCallback, useId, useMemo, useRef, useState } from 'react';
import { clearHiddenFields } from '../clear-hidden-fields.ts';
import type { CompiledSchemaSet } from '../compile-schema-set.ts';
import { computeFields } from '../compute-fields.ts';
import { explainMessage } from '../explain-message.ts';
import { formFor } from '../form-for.ts';
import { isApplicable } from '../is-applicable.ts';
import { isRequired } from '../is-required.ts';
import { messagesByField } from '../messages-by-field.ts';
import type { Doc, FormDefinition, RuleContext } from '../types.ts';
import { validateDocument } from '../validate-document.ts';
import { buildFormLayout, type FormLayout } from './build-form-layout.ts';
import { EngineFieldTemplate } from './engine-field-template.tsx';
import { ExplainMessageContext } from './explain-context.ts';
import { mergeFieldChanges } from './merge-field-changes.ts';
import { rjsfValidator } from './rjsf-validator.ts';
import { SectionsTemplate, type VisibleSection } from './sections-template.tsx';
import { engineWidgets } from './widget-registry.ts';

export interface SchemaFormProps {
  compiled: CompiledSchemaSet;
  ctx: RuleContext;
  /** The whole document; fields the form hides stay in it untouched. */
  value: Doc;
  /**
   * Called with the whole document after each edit: computed fields re-evaluated, hidden fields kept
   * unless their schema says `x-clear-when-hidden` (then null once they stop applying).
   */
  onChange: (doc: Doc) => void;
  /** Show every field's first message, touched or not (e.g. after a failed launch). */
  showAllErrors: boolean;
  /** Render every field read-only. */
  disabled?: boolean;
  /** Offer a "Why this message" trace beside each shown message (explainMessage; for admins). */
  explainMessages?: boolean;
  /** A short note shown with a field's help, per field (e.g. where a pre-filled value came from). */
  fieldNotes?: Readonly<Record<string, string>>;
  /**
   * Prefix of the element ids: field `f` renders with id `${idPrefix}_f` (a radio group's first
   * radio `${idPrefix}_f-0`), so a caller can move focus to a field. Default: unique per form.
   */
  idPrefix?: string;
}

const engineTheme: ThemeProps<Doc> = {
  ...(MantineTheme as ThemeProps<Doc>),
  widgets: { ...MantineTheme.widgets, ...engineWidgets },
  templates: { ...MantineTheme.templates, FieldTemplate: EngineFieldTemplate },
};

const ThemedForm = withTheme<Doc>(engineTheme);

/**
 * Renders the form `formFor(compiled, ctx)` picks for a document: titled sections on a 12-column
 * grid, a widget per field, fields shown only while `isApplicable`, required markers from
 * `isRequired`, and each field's first `validateDocument` message once it was touched (or all
 * with `showAllErrors`). An error state replaces the form when no form matches `ctx`.
 * SPEC §5 (validation rules, conditional removal) through the schema set.
 */
export function SchemaForm(props: SchemaFormProps): JSX.Element {
  const { compiled, ctx } = props;
  const { product, application_type, status } = ctx;
  // Callers often build ctx inline; only its values decide the form and the rules.
  const stableCtx = useMemo<RuleContext>(
    () => ({ product, application_type, status }),
    [product, application_type, status],
  );
  const picked = useMemo((): { form: FormDefinition } | { error: string } => {
    try {
      return { form: formFor(compiled, stableCtx) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [compiled, stableCtx]);

  if ('error' in picked) {
    return (
      <Alert color="red" title="This form cannot be shown" role="alert">
        {picked.error}
      </Alert>
    );
  }
  return <SchemaFormBody {...props} ctx={stableCtx} form={picked.form} />;
}

interface FieldUiCacheEntry {
  base: UiSchema;
  key: string;
  ui: UiSchema;
}

function SchemaFormBody(props: SchemaFormProps & { form: FormDefinition }): JSX.Element {
  const {
    compiled,
    ctx,
    value,
    onChange,
    showAllErrors,
    disabled = false,
    explainMessages = false,
    fieldNotes,
    form,
  } = props;
  const generatedPrefix = `sf${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const idPrefix = props.idPrefix ?? generatedPrefix;
  const layout = useMemo(() => buildFormLayout(compiled, form), [compiled, form]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());

  // One validation per document: `value` is a new object exactly when something changed.
  const messages = useMemo(() => validateDocument(compiled, value, ctx), [compiled, value, ctx]);
  const firstMessages = useMemo(() => messagesByField(messages), [messages]);
  const status = useMemo(() => fieldStatus(compiled, layout, value, ctx), [compiled, layout, value, ctx]);

  // Reuse each field's ui object while its own state is unchanged, so RJSF's memoised fields
  // skip re-rendering and only the edited field (and fields whose state changed) render per keystroke.
  const uiCache = useRef(new Map<string, FieldUiCacheEntry>());
  const uiSchema = useMemo((): UiSchema => {
    const root: UiSchema = {
      'ui:order': layout.fields,
      'ui:ObjectFieldTemplate': SectionsTemplate,
      'ui:submitButtonOptions': { norender: true },
      'ui:options': { sections: visibleSections(form, layout, status.visible) },
    };
    for (const field of layout.fields) {
      const base = layout.fieldUi[field];
      const required = status.required.has(field);
      const shown = showAllErrors || touched.has(field) ? firstMessages[field] : undefined;
      const note = fieldNotes?.[field];
      const key = `${required ? 1 : 0}|${shown ?? ''}|${note ?? ''}`;
      let entry = uiCache.current.get(field);
      if (!entry || entry.base !== base || entry.key !== key) {
        const baseOptions = (base['ui:options'] ?? {}) as Record<string, unknown>;
        const help = [baseOptions.help, note].filter(Boolean).join(' · ') || undefined;
        entry = {
          base,
          key,
          ui: { ...base, 'ui:options': { ...baseOptions, help, markRequired: required, errorText: shown } },
        };
        uiCache.current.set(field, entry);
      }
      root[field] = entry.ui;
    }
    return root;
  }, [form, layout, status, firstMessages, touched, showAllErrors, fieldNotes]);

  const latest = useRef({ value, compiled, ctx, onChange, fields: layout.fields });
  latest.current = { value, compiled, ctx, onChange, fields: layout.fields };

  const markTouched = useCallback((fields: string[]) => {
    if (fields.length === 0) return;
    setTouched((prev) => (fields.every((f) => prev.has(f)) ? prev : new Set([...prev, ...fields])));
  }, []);

  const handleChange = useCallback(
    (event: IChangeEvent<Doc>) => {
      const current = latest.current;
      const { doc: merged, changed } = mergeFieldChanges(current.value, event.formData ?? {}, current.fields);
      if (changed.length === 0) return;
      const doc = clearHiddenFields(
        current.compiled,
        current.value,
        computeFields(current.compiled, merged, current.ctx),
        current.ctx,
      );
      current.value = doc;
      markTouched(changed);
      current.onChange(doc);
    },
    [markTouched],
  );

  const handleBlur = useCallback(
    (id: string) => {
      const field = id.startsWith(`${idPrefix}_`) ? id.slice(idPrefix.length + 1) : undefined;
      if (field && latest.current.fields.includes(field)) markTouched([field]);
    },
    [idPrefix, markTouched],
  );

  // Reads the latest document when asked, so offering explanations costs nothing per keystroke.
  const explain = useMemo(
    () =>
      explainMessages
        ? (field: string) =>
            explainMessage(latest.current.compiled, latest.current.value, latest.current.ctx, field)
        : null,
    [explainMessages],
  );

  if (layout.fields.length === 0) {
    return <Text c="dimmed">This form has no fields.</Text>;
  }
  return (
    <ExplainMessageContext.Provider value={explain}>
      <ThemedForm
        tagName="div"
        schema={layout.schema}
        uiSchema={uiSchema}
        formData={value}
        validator={rjsfValidator}
        idPrefix={idPrefix}
        onChange={handleChange}
        onBlur={handleBlur}
        noHtml5Validate
        noValidate
        showErrorList={false}
        readonly={disabled}
      />
    </ExplainMessageContext.Provider>
  );
}

interface FieldStatus {
  visible: ReadonlySet<string>;
  required: ReadonlySet<string>;
}

/** Which of the form's fields show and which carry a required marker, for one document. */
function fieldStatus(
  compiled: CompiledSchemaSet,
  layout: FormLayout,
  doc: Doc,
  ctx: RuleContext,
): FieldStatus {
  const visible = new Set<string>();
  const required = new Set<string>();
  for (const field of layout.fields) {
    if (!isApplicable(compiled, field, doc, ctx)) continue;
    visible.add(field);
    if (isRequired(compiled, field, doc, ctx)) required.add(field);
  }
  return { visible, required };
}

/** The form's sections with only their shown fields; sections left empty are dropped. */
function visibleSections(
  form: FormDefinition,
  layout: FormLayout,
  visible: ReadonlySet<string>,
): VisibleSection[] {
  // A field listed twice renders once, where it first appears (RJSF has one widget per field).
  const placed = new Set<string>();
  return form.sections
    .map((section) => ({
      id: section.id,
      title: section.title,
      fields: section.fields
        .filter(
          (field) => visible.has(field) && field in layout.spans && !placed.has(field) && placed.add(field),
        )
        .map((name) => ({ name, span: layout.spans[name] })),
    }))
    .filter((section) => section.fields.length > 0);
}
