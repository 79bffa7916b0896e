/**
 * Test harness: renders SchemaForm inside MantineProvider (test env: no transitions, no portals)
 * with a parent that stores every document onChange emits, like a real caller.
 */
import { MantineProvider } from '@mantine/core';
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import type { CompiledSchemaSet } from '../../engine/compile-schema-set.ts';
import { SchemaForm } from '../../engine/react/schema-form.tsx';
import type { Doc, RuleContext } from '../../engine/types.ts';

export interface HarnessOptions {
  compiled: CompiledSchemaSet;
  ctx: RuleContext;
  value: Doc;
  showAllErrors?: boolean;
  disabled?: boolean;
  explainMessages?: boolean;
  sectionHeadingLevel?: 2 | 3;
}

interface ParentProps {
  options: HarnessOptions;
  emitted: Doc[];
  showAllErrors: boolean;
  /** Receives the parent's setter, so a test can replace the document as a reload does. */
  control: { replace?: (doc: Doc) => void };
}

/** A caller holding the document in state, as the portal does. */
function Parent({ options, emitted, showAllErrors, control }: ParentProps) {
  const [doc, setDoc] = useState<Doc>(options.value);
  control.replace = setDoc;
  return (
    <SchemaForm
      compiled={options.compiled}
      ctx={options.ctx}
      value={doc}
      onChange={(next) => {
        emitted.push(next);
        setDoc(next);
      }}
      showAllErrors={showAllErrors}
      disabled={options.disabled}
      explainMessages={options.explainMessages}
      sectionHeadingLevel={options.sectionHeadingLevel}
    />
  );
}

/**
 * Renders the form; `emitted` collects each document passed to onChange, `latest()` the current one,
 * `replace(doc)` hands the form a document it did not make (as a reload or a merge does).
 */
export function renderSchemaForm(options: HarnessOptions) {
  const emitted: Doc[] = [];
  const control: ParentProps['control'] = {};
  const wrap = (showAllErrors: boolean) => (
    <MantineProvider env="test">
      <Parent options={options} emitted={emitted} showAllErrors={showAllErrors} control={control} />
    </MantineProvider>
  );
  const view = render(wrap(options.showAllErrors ?? false));
  return {
    ...view,
    emitted,
    latest: (): Doc => emitted.at(-1) ?? options.value,
    setShowAllErrors: (show: boolean) => view.rerender(wrap(show)),
    replace: (doc: Doc) => act(() => control.replace?.(doc)),
  };
}
