import { Alert, Text } from '@mantine/core';
import type { IChangeEvent, ThemeProps } from '@rjsf/core';
import { withTheme } from '@rjsf/core';
import { Theme as MantineTheme } from '@rjsf/mantine';
import type { UiSchema } from '@rjsf/utils';
import { type JSX, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CompiledSchemaSet } from '../compile-schema-set.ts';
import { explainMessage } from '../explain-message.ts';
import { formFor } from '../form-for.ts';
import type { Doc, FormDefinition, RuleContext } from '../types.ts';
import { buildFormLayout } from './build-form-layout.ts';
import { EngineFieldTemplate } from './engine-field-template.tsx';
import { ExplainMessageContext } from './explain-context.ts';
import { createFormStore, type FormStore } from './form-store.ts';
import { FormStoreContext } from './form-store-context.ts';
import { mergeFieldChanges } from './merge-field-changes.ts';
import { rjsfValidator } from './rjsf-validator.ts';
import { SectionHeadingLevelContext, SectionsTemplate } from './sections-template.tsx';
import { EverySectionContext } from './use-sections-shown.ts';
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
   * Messages from outside the engine by field (a save the server refused), shown at the field in
   * place of its own message, touched or not.
   */
  fieldErrors?: Readonly<Record<string, string>>;
  /**
   * Prefix of the element ids: field `f` renders with id `${idPrefix}_f` (a radio group's first
   * radio `${idPrefix}_f-0`), so a caller can move focus to a field. Default: unique per form.
   */
  idPrefix?: string;
  /**
   * Render every section in the first commit instead of the first ones first and the rest in
   * low-priority transitions (ADR 650); for a preview whose reader looks anywhere in the form at once.
   */
  everySectionAtOnce?: boolean;
  /**
   * The heading level of the section titles: 3 (default) under a page's h1 and a heading of the
   * form's own, 2 where the form sits right under the page's h1 (issue 46).
   */
  sectionHeadingLevel?: 2 | 3;
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
    fieldErrors,
    form,
    everySectionAtOnce = false,
    sectionHeadingLevel = 3,
  } = props;
  const generatedPrefix = `sf${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const idPrefix = props.idPrefix ?? generatedPrefix;
  const layout = useMemo(() => buildFormLayout(compiled, form), [compiled, form]);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  // One store per set, ctx and form, created with the props of that render; the layout effect
  // below hands it every later document, message setting and note. Touched fields carry over.
  const lastStore = useRef<FormStore | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: value, showAllErrors, fieldNotes and fieldErrors reach an existing store through the layout effect
  const store = useMemo(
    () =>
      createFormStore({
        compiled,
        ctx,
        form,
        layout,
        doc: value,
        showAllErrors,
        notes: fieldNotes,
        fieldErrors,
        touched: lastStore.current?.touched(),
        emit: (doc) => latestOnChange.current(doc),
      }),
    [compiled, ctx, form, layout],
  );
  lastStore.current = store;

  // RJSF holds a copy of the document only for widgets the store does not serve (items of an
  // array field); it gets a new one when the caller replaces the document, never per keystroke.
  const [rjsfData, setRjsfData] = useState(value);
  const rjsfGiven = useRef(value);

  useLayoutEffect(() => {
    if (value !== store.doc()) {
      store.replace(value);
      rjsfGiven.current = value;
      setRjsfData(value);
    }
    store.setShowAllErrors(showAllErrors);
    store.setNotes(fieldNotes);
    store.setFieldErrors(fieldErrors);
  }, [store, value, showAllErrors, fieldNotes, fieldErrors]);

  const handleRjsfChange = useCallback(
    (event: IChangeEvent<Doc>) => {
      const reported = event.formData ?? {};
      const { changed } = mergeFieldChanges(rjsfGiven.current, reported, layout.fields);
      if (changed.length === 0) return;
      rjsfGiven.current = reported;
      setRjsfData(reported);
      store.edit(reported, changed);
    },
    [store, layout],
  );

  const handleBlur = useCallback(
    (id: string) => {
      const field = id.startsWith(`${idPrefix}_`) ? id.slice(idPrefix.length + 1) : undefined;
      if (field) store.touch([field]);
    },
    [idPrefix, store],
  );

  // Reads the latest document when asked, so offering explanations costs nothing per keystroke.
  const explain = useMemo(
    () => (explainMessages ? (field: string) => explainMessage(compiled, store.doc(), ctx, field) : null),
    [explainMessages, compiled, store, ctx],
  );

  // Static per layout: what changes per document reaches each widget through the store.
  const uiSchema = useMemo((): UiSchema => {
    const root: UiSchema = {
      'ui:order': layout.fields,
      'ui:ObjectFieldTemplate': SectionsTemplate,
      'ui:submitButtonOptions': { norender: true },
    };
    for (const field of layout.fields) root[field] = layout.fieldUi[field];
    return root;
  }, [layout]);

  // The same element while these hold, so a keystroke's re-render of this component stops here.
  const rendered = useMemo(
    () => (
      <ThemedForm
        tagName="div"
        schema={layout.schema}
        uiSchema={uiSchema}
        formData={rjsfData}
        validator={rjsfValidator}
        idPrefix={idPrefix}
        onChange={handleRjsfChange}
        onBlur={handleBlur}
        noHtml5Validate
        noValidate
        showErrorList={false}
        readonly={disabled}
      />
    ),
    [layout, uiSchema, rjsfData, idPrefix, handleRjsfChange, handleBlur, disabled],
  );

  if (layout.fields.length === 0) {
    return <Text c="dimmed">This form has no fields.</Text>;
  }
  return (
    <FormStoreContext.Provider value={store}>
      <ExplainMessageContext.Provider value={explain}>
        <EverySectionContext.Provider value={showAllErrors || everySectionAtOnce}>
          <SectionHeadingLevelContext.Provider value={sectionHeadingLevel}>
            {rendered}
          </SectionHeadingLevelContext.Provider>
        </EverySectionContext.Provider>
      </ExplainMessageContext.Provider>
    </FormStoreContext.Provider>
  );
}
