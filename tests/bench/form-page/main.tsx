/**
 * The form benchmark's page: `?form=engine` renders the portal's SchemaForm (engine/react) over the
 * commercial example document, `?form=rjsf` a stock @rjsf/mantine Form with liveValidate on the
 * same JSON Schema (the one SchemaForm hands to RJSF), both controlled by a parent holding the
 * document, as the portal does. Each keystroke's keydown-to-commit time (ms, performance.now()
 * from a capturing keydown listener to the parent's layout effect after the commit that holds the
 * new document) is pushed to `window.formBench.samples`; `ready` turns true once mounted.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import Form from '@rjsf/mantine';
import validator from '@rjsf/validator-ajv8';
import { StrictMode, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { compileSchemaSet } from '../../../engine/compile-schema-set.ts';
import { formFor } from '../../../engine/form-for.ts';
import { buildFormLayout } from '../../../engine/react/build-form-layout.ts';
import { SchemaForm } from '../../../engine/react/schema-form.tsx';
import type { Doc, RuleContext } from '../../../engine/types.ts';
import { theme } from '../../../portal/lib/theme.ts';
import { examples, schemaSet } from '../../../schemas/schema-set.ts';

declare global {
  interface Window {
    formBench: { samples: number[]; ready: boolean };
  }
}

const bench = { samples: [] as number[], ready: false };
window.formBench = bench;
let keyDownAt: number | null = null;
document.addEventListener(
  'keydown',
  () => {
    keyDownAt = performance.now();
  },
  true,
);

const compiled = compileSchemaSet(schemaSet);
const ctx: RuleContext = { product: 'Commercial', application_type: 'flood', status: 'new' };
const layout = buildFormLayout(compiled, formFor(compiled, ctx));

/** Records the keystroke's time once the document it produced is committed. */
function useCommitTiming(doc: Doc) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: it must run after each new document's commit
  useLayoutEffect(() => {
    if (keyDownAt === null) return;
    bench.samples.push(performance.now() - keyDownAt);
    keyDownAt = null;
  }, [doc]);
  useLayoutEffect(() => {
    bench.ready = true;
  }, []);
}

function EngineForm() {
  const [doc, setDoc] = useState<Doc>(examples.commercial);
  useCommitTiming(doc);
  return <SchemaForm compiled={compiled} ctx={ctx} value={doc} onChange={setDoc} showAllErrors={false} />;
}

function StockRjsfForm() {
  const [doc, setDoc] = useState<Doc>(examples.commercial);
  useCommitTiming(doc);
  return (
    <Form
      schema={layout.schema}
      formData={doc}
      validator={validator}
      liveValidate
      noHtml5Validate
      onChange={(event) => setDoc(event.formData as Doc)}
    />
  );
}

const which = new URLSearchParams(location.search).get('form');
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      {which === 'rjsf' ? <StockRjsfForm /> : <EngineForm />}
    </MantineProvider>
  </StrictMode>,
);
