/**
 * Typing stays cheap on a large form: a keystroke re-checks only the fields whose checks read the
 * edited one (here only itself) and re-renders only the edited field's widget (each widget
 * subscribes to its own field in the form's store; RJSF's Form does not render). Counted through
 * spies wrapping the real functions.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { EngineFieldTemplate } from '../../engine/react/engine-field-template.tsx';
import { SchemaForm } from '../../engine/react/schema-form.tsx';
import { widgetInputProps } from '../../engine/react/widget-input-props.ts';
import type { JsonSchema, SchemaSet } from '../../engine/types.ts';
import { fieldMessage } from '../../engine/validate-document.ts';
import { renderSchemaForm } from './render-schema-form.tsx';

vi.mock('../../engine/validate-document.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../engine/validate-document.ts')>();
  return { ...actual, fieldMessage: vi.fn(actual.fieldMessage) };
});
vi.mock('../../engine/react/engine-field-template.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../engine/react/engine-field-template.tsx')>();
  return { EngineFieldTemplate: vi.fn(actual.EngineFieldTemplate) };
});
vi.mock('../../engine/react/widget-input-props.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../engine/react/widget-input-props.ts')>();
  return { widgetInputProps: vi.fn(actual.widgetInputProps) };
});

const FIELD_COUNT = 200;

/** 200 fields across 10 sections, cycling through text, number, money, select and yes-no. */
function largeSchemaSet(): SchemaSet {
  const properties: Record<string, JsonSchema> = {};
  const names: string[] = [];
  for (let i = 0; i < FIELD_COUNT; i += 1) {
    const name = `field_${i}`;
    names.push(name);
    const title = `Field ${i}`;
    properties[name] = [
      { type: 'string', title },
      { type: 'integer', title, minimum: 0, maximum: 1000 },
      { type: 'number', title, 'x-widget': 'money' },
      { type: 'string', title, enum: ['a', 'b', 'c'] },
      { type: 'string', title, enum: ['Yes', 'No'], 'x-widget': 'yes-no' },
    ][i % 5];
  }
  return {
    schemas: [{ $id: 'https://example.test/large.schema.json', type: 'object', properties }],
    root_schema_id: 'https://example.test/large.schema.json',
    forms: [
      {
        id: 'large',
        when: true,
        sections: Array.from({ length: 10 }, (_, s) => ({
          id: `s${s}`,
          title: `Section ${s}`,
          fields: names.slice(s * 20, s * 20 + 20),
        })),
      },
    ],
    applicability: {},
    field_rules: [
      {
        id: 'field-0-length',
        field: 'field_0',
        assert: { '>=': [{ length: [{ var: 'doc.field_0' }] }, 3] },
        message: 'short',
        skip_empty: true,
      },
    ],
    cross_rules: [],
    computed: {},
    outcome_tables: [],
    field_groups: {},
    messages: { required: '{label} cannot be empty!', fallback: 'invalid data', short: '{label} is short' },
  };
}

const ctx = { product: 'large', application_type: 'sample', status: 'new' };
let compiled: ReturnType<typeof compileSchemaSet>;
beforeAll(() => {
  compiled = compileSchemaSet(largeSchemaSet());
});

describe('SchemaForm on a 200-field form', () => {
  it('re-checks and re-renders only the edited field per keystroke', () => {
    const mountStarted = performance.now();
    const view = renderSchemaForm({ compiled, ctx, value: {} });
    const mountMs = performance.now() - mountStarted;
    // Mounting renders each widget once and checks each field once, and reports no change of its own.
    expect(view.emitted).toHaveLength(0);
    expect(vi.mocked(fieldMessage)).toHaveBeenCalledTimes(FIELD_COUNT);
    expect(vi.mocked(widgetInputProps)).toHaveBeenCalledTimes(FIELD_COUNT);
    // Plain DOM queries: testing-library's role and label queries crawl a 200-field page for seconds.
    expect(view.container.querySelectorAll('fieldset')).toHaveLength(10);
    const label = [...view.container.querySelectorAll('label')].find((l) =>
      l.textContent?.startsWith('Field 0'),
    );
    const input = document.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
    expect(input.value).toBe('');
    const checks = vi.mocked(fieldMessage);
    const widgetRenders = vi.mocked(widgetInputProps);
    const typed = 'abcdefghij';
    const started = performance.now();
    for (let i = 1; i <= typed.length; i += 1) {
      checks.mockClear();
      widgetRenders.mockClear();
      fireEvent.change(input, { target: { value: typed.slice(0, i) } });
      // No other field's check reads field_0, so only its own is run again.
      expect(checks.mock.calls.map((call) => call[2])).toEqual(['field_0']);
      // The edited field renders once (its value and, while short, its message change); the other 199 do not.
      expect(widgetRenders).toHaveBeenCalledTimes(1);
    }
    const perKeystroke = (performance.now() - started) / typed.length;
    expect(view.latest().field_0).toBe(typed);
    // Relative to mounting, so a loaded shared machine does not fail it: measured about 0.1% of the
    // mount time per keystroke (13-19 ms under jsdom, 2-3% before ADR 520); re-rendering every field
    // would cost far more.
    expect(perKeystroke).toBeLessThan(mountMs / 5);
    console.info(
      `SchemaForm, 200 fields under jsdom: mount ${mountMs.toFixed(0)} ms, ${perKeystroke.toFixed(1)} ms per keystroke`,
    );
  });

  it('re-renders only the field whose label changed when the set is recompiled (the studio preview)', () => {
    const form = (set: ReturnType<typeof compileSchemaSet>) => (
      <MantineProvider env="test">
        <SchemaForm compiled={set} ctx={ctx} value={{}} onChange={() => {}} showAllErrors={false} />
      </MantineProvider>
    );
    const view = render(form(compiled));
    const widgetRenders = vi.mocked(widgetInputProps);
    const fieldRenders = vi.mocked(EngineFieldTemplate);
    widgetRenders.mockClear();
    fieldRenders.mockClear();
    view.rerender(form(compileSchemaSet(largeSchemaSet())));
    expect(widgetRenders).not.toHaveBeenCalled();
    expect(fieldRenders).not.toHaveBeenCalled();
    const relabelled = largeSchemaSet();
    const root = relabelled.schemas[0] as { properties: Record<string, JsonSchema> };
    root.properties.field_7 = { ...root.properties.field_7, title: 'Field seven' };
    view.rerender(form(compileSchemaSet(relabelled)));
    expect(widgetRenders.mock.calls.map((call) => call[0].name)).toEqual(['field_7']);
    // RJSF draws the form's root and that one field again, not all 200: the registry changed with
    // the root schema, which a grid cell leaves out of its comparison (sections-template.tsx, ADR 781).
    expect(fieldRenders.mock.calls.map((call) => call[0].id)).toEqual([
      expect.not.stringContaining('_field_'),
      expect.stringMatching(/_field_7$/),
    ]);
    expect(view.container.textContent).toContain('Field seven');
  });
});
