/**
 * Test harness: renders SchemaForm inside MantineProvider (test env: no transitions, no portals)
 * with a parent that stores every document onChange emits, like a real caller.
 */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
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
}

interface ParentProps {
  options: HarnessOptions;
  emitted: Doc[];
  showAllErrors: boolean;
}

/** A caller holding the document in state, as the portal does. */
function Parent({ options, emitted, showAllErrors }: ParentProps) {
  const [doc, setDoc] = useState<Doc>(options.value);
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
    />
  );
}

/** Renders the form; `emitted` collects each document passed to onChange, `latest()` the current one. */
export function renderSchemaForm(options: HarnessOptions) {
  const emitted: Doc[] = [];
  const wrap = (showAllErrors: boolean) => (
    <MantineProvider env="test">
      <Parent options={options} emitted={emitted} showAllErrors={showAllErrors} />
    </MantineProvider>
  );
  const view = render(wrap(options.showAllErrors ?? false));
  return {
    ...view,
    emitted,
    latest: (): Doc => emitted.at(-1) ?? options.value,
    setShowAllErrors: (show: boolean) => view.rerender(wrap(show)),
  };
}
