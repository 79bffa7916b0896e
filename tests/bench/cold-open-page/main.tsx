/**
 * The cold-open benchmark's page (tests/bench/cold-open-bench.ts): the schema set compiled and all
 * code loaded at page load, then `window.coldOpen.open(form)` mounts a fresh form over a freshly
 * parsed copy of the complete commercial example: `engine` the portal's SchemaForm (engine/react),
 * `rjsf` a stock @rjsf/mantine Form with liveValidate on the same JSON Schema (the one SchemaForm
 * hands to RJSF), both under a MantineProvider mounted once (as the portal's root is) and held by a
 * parent owning the document, as the portal does. `open` resolves with ms since t0 =
 * performance.now() just before the state update that mounts the form:
 * - `rendered`: the parent's mount layout effect (the form's first commit);
 * - `interactive`: after that commit, in the next task, layout is forced (style + layout of the
 *   whole page), then one character is typed into the form's first text field, FIELD (focus, the native
 *   value setter, a bubbling `input` event, which is what React reads of a keystroke) and
 *   `interactive` is taken at the parent's layout effect of the commit holding the document with
 *   that character. Any work React or the widgets left for after the first commit (passive
 *   effects, follow-up renders) is flushed before that keystroke's commit and so counted;
 * - `complete`: the commit after which every section is rendered: the first commit when the form
 *   holds no `aria-busy="true"` element (the stock form, or SchemaForm with everything in its first
 *   commit), else the removal of the last `aria-busy` (SchemaForm's progressive sections, ADR 650),
 *   seen by a MutationObserver (a microtask right after that commit's DOM writes). The open resolves
 *   once both are known, so no form work spills into the next open.
 * `field` names the typed input's id. The previous form is unmounted before each open.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import Form from '@rjsf/mantine';
import validator from '@rjsf/validator-ajv8';
import { type JSX, StrictMode, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { compileSchemaSet } from '../../../engine/compile-schema-set.ts';
import { formFor } from '../../../engine/form-for.ts';
import { buildFormLayout } from '../../../engine/react/build-form-layout.ts';
import { SchemaForm } from '../../../engine/react/schema-form.tsx';
import type { Doc, RuleContext } from '../../../engine/types.ts';
import { theme } from '../../../portal/lib/theme.ts';
import { examples, schemaSet } from '../../../schemas/schema-set.ts';

type FormKind = 'engine' | 'rjsf';

/** One open's times, ms from t0, and the id of the input typed into. */
export interface ColdOpenSample {
  rendered: number;
  interactive: number;
  complete: number;
  field: string;
}

declare global {
  interface Window {
    coldOpen: { ready: boolean; open: (form: FormKind) => Promise<ColdOpenSample> };
  }
}

const compiled = compileSchemaSet(schemaSet);
const ctx: RuleContext = { product: 'Commercial', application_type: 'flood', status: 'new' };
const layout = buildFormLayout(compiled, formFor(compiled, ctx));
/** The document as it arrives from the API: parsed afresh for each open, before t0. */
const exampleJson = JSON.stringify(examples.commercial);
/**
 * The form's first text field (its first field, `owned_type`, is a radio group in SchemaForm); the
 * field form-bench types into, present in both forms.
 */
export const FIELD = 'business_name';
const FIELD_INPUT = { engine: `[data-field="${FIELD}"] input`, rjsf: `#root_${FIELD}` };
const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
const setTextAreaValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;

interface Opening {
  key: number;
  form: FormKind;
  doc: Doc;
  t0: number;
  resolve: (sample: ColdOpenSample) => void;
}

/** The input of FIELD under `root`. */
function firstField(root: HTMLElement, form: FormKind): HTMLInputElement | HTMLTextAreaElement {
  const input = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(FIELD_INPUT[form]);
  if (!input) throw new Error(`The ${form} form has no input ${FIELD_INPUT[form]}`);
  return input;
}

/** Types one character into `input` as a keystroke would (the commit may happen before this returns). */
function typeInto(input: HTMLInputElement | HTMLTextAreaElement): void {
  input.focus();
  const setter = input instanceof HTMLTextAreaElement ? setTextAreaValue : setInputValue;
  setter?.call(input, `${input.value}x`);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Calls `done` with the time of the first commit after which `root` holds no `aria-busy="true"`
 * element: now if it holds none.
 */
function whenComplete(root: HTMLElement, done: (at: number) => void): void {
  const busy = () => root.querySelector('[aria-busy="true"]') !== null;
  if (!busy()) {
    done(performance.now());
    return;
  }
  const observer = new MutationObserver(() => {
    if (busy()) return;
    observer.disconnect();
    done(performance.now());
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
}

/** Holds the document as the portal's application page does, and times the open. */
function OpenedForm({ opening }: { opening: Opening }): JSX.Element {
  const [doc, setDoc] = useState<Doc>(opening.doc);
  const [timing] = useState(() => ({ rendered: 0, interactive: 0, complete: 0, field: '' }));
  useLayoutEffect(() => {
    const finish = () => {
      if (timing.interactive > 0 && timing.complete > 0) opening.resolve({ ...timing });
    };
    if (doc === opening.doc) {
      timing.rendered = performance.now() - opening.t0;
      const root = document.getElementById('form');
      if (!root) throw new Error('Missing #form element');
      whenComplete(root, (at) => {
        timing.complete = at - opening.t0;
        finish();
      });
      setTimeout(() => {
        void document.body.offsetHeight;
        const input = firstField(root, opening.form);
        timing.field = input.id;
        typeInto(input);
      }, 0);
    } else if (timing.interactive === 0) {
      timing.interactive = performance.now() - opening.t0;
      finish();
    }
  }, [doc, opening, timing]);
  return (
    <div id="form">
      {opening.form === 'engine' ? (
        <SchemaForm compiled={compiled} ctx={ctx} value={doc} onChange={setDoc} showAllErrors={false} />
      ) : (
        <Form
          schema={layout.schema}
          formData={doc}
          validator={validator}
          liveValidate
          noHtml5Validate
          onChange={(event) => setDoc(event.formData as Doc)}
        />
      )}
    </div>
  );
}

let open: (opening: Opening | null) => void = () => {
  throw new Error('The page is not mounted yet');
};
let opened = 0;

function Page(): JSX.Element {
  const [opening, setOpening] = useState<Opening | null>(null);
  open = setOpening;
  useLayoutEffect(() => {
    window.coldOpen.ready = true;
  }, []);
  return opening ? <OpenedForm key={opening.key} opening={opening} /> : <div />;
}

window.coldOpen = {
  ready: false,
  async open(form) {
    flushSync(() => open(null));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const doc = JSON.parse(exampleJson) as Doc;
    return new Promise<ColdOpenSample>((resolve) => {
      opened += 1;
      open({ key: opened, form, doc, t0: performance.now(), resolve });
    });
  },
};

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Page />
    </MantineProvider>
  </StrictMode>,
);
