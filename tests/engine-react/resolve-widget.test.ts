import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldOptions } from '../../engine/react/field-options.ts';
import { fieldType } from '../../engine/react/field-type.ts';
import { resolveWidget } from '../../engine/react/resolve-widget.ts';
import { ENGINE_WIDGET_NAMES } from '../../engine/react/widget-registry.ts';

describe('resolveWidget', () => {
  it('prefers the schema x-widget, then the form ui widget, then the type', () => {
    const schema = { type: 'number', 'x-widget': 'money' };
    expect(resolveWidget(schema, { widget: 'number' }, ENGINE_WIDGET_NAMES)).toBe('money');
    expect(resolveWidget({ type: 'string' }, { widget: 'textarea' }, ENGINE_WIDGET_NAMES)).toBe('textarea');
    expect(resolveWidget({ type: 'string', enum: ['a'] }, undefined, ENGINE_WIDGET_NAMES)).toBe('select');
    expect(resolveWidget({ oneOf: [{ const: 1, title: 'One' }] }, undefined, ENGINE_WIDGET_NAMES)).toBe(
      'select',
    );
    expect(resolveWidget({ type: 'boolean' }, undefined, ENGINE_WIDGET_NAMES)).toBe('yes-no');
    expect(resolveWidget({ type: ['integer', 'null'] }, undefined, ENGINE_WIDGET_NAMES)).toBe('number');
    expect(resolveWidget({ type: 'string', format: 'date' }, undefined, ENGINE_WIDGET_NAMES)).toBe('date');
    expect(resolveWidget({ type: 'string' }, undefined, ENGINE_WIDGET_NAMES)).toBe('text');
  });

  it('always names a registered widget, whatever the schema and form ask for', () => {
    const schema = fc.record(
      {
        type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'array', ['string', 'null']),
        'x-widget': fc.string(),
        format: fc.constantFrom('date', 'email'),
        enum: fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 1, maxLength: 5 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(schema, fc.option(fc.string()), (s, widget) => {
        const name = resolveWidget(s, widget === null ? undefined : { widget }, ENGINE_WIDGET_NAMES);
        expect(ENGINE_WIDGET_NAMES.has(name)).toBe(true);
        if (typeof s['x-widget'] === 'string' && ENGINE_WIDGET_NAMES.has(s['x-widget'])) {
          expect(name).toBe(s['x-widget']);
        }
      }),
    );
  });
});

describe('fieldOptions and fieldType', () => {
  it('reads enum and oneOf consts with their titles', () => {
    expect(fieldOptions({ enum: [1000, 2000] })).toEqual([
      { value: 1000, label: '1000' },
      { value: 2000, label: '2000' },
    ]);
    expect(fieldOptions({ oneOf: [{ const: 'a', title: 'A' }, { const: 'b' }] })).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'b' },
    ]);
    expect(fieldOptions({ oneOf: [{ type: 'string' }] })).toBeUndefined();
    expect(fieldOptions({ type: 'string' })).toBeUndefined();
    expect(fieldType({ enum: [1000, 2000] })).toBe('integer');
    expect(fieldType({ enum: [1.5] })).toBe('number');
    expect(fieldType({ type: ['null', 'string'] })).toBe('string');
  });

  it('keeps every enum value, in order, as an option', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean())), (values) => {
        expect(fieldOptions({ enum: values })?.map((o) => o.value)).toEqual(values);
      }),
    );
  });
});
