import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldOptions } from '../../engine/field-options.ts';
import { fieldType } from '../../engine/react/field-type.ts';
import { resolveWidget } from '../../engine/react/resolve-widget.ts';
import { WIDGET_NAME_SET } from '../../engine/widget-names.ts';

describe('resolveWidget', () => {
  it('prefers the schema x-widget, then the form ui widget, then the type', () => {
    const schema = { type: 'number', 'x-widget': 'money' };
    expect(resolveWidget(schema, { widget: 'number' }, WIDGET_NAME_SET)).toBe('money');
    expect(resolveWidget({ type: 'string' }, { widget: 'textarea' }, WIDGET_NAME_SET)).toBe('textarea');
    expect(resolveWidget({ type: 'string', enum: ['a'] }, undefined, WIDGET_NAME_SET)).toBe('select');
    expect(resolveWidget({ oneOf: [{ const: 1, title: 'One' }] }, undefined, WIDGET_NAME_SET)).toBe('select');
    expect(resolveWidget({ type: 'boolean' }, undefined, WIDGET_NAME_SET)).toBe('yes-no');
    expect(resolveWidget({ type: ['integer', 'null'] }, undefined, WIDGET_NAME_SET)).toBe('number');
    expect(resolveWidget({ type: 'string', format: 'date' }, undefined, WIDGET_NAME_SET)).toBe('date');
    expect(resolveWidget({ type: 'string' }, undefined, WIDGET_NAME_SET)).toBe('text');
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
        const name = resolveWidget(s, widget === null ? undefined : { widget }, WIDGET_NAME_SET);
        expect(WIDGET_NAME_SET.has(name)).toBe(true);
        if (typeof s['x-widget'] === 'string' && WIDGET_NAME_SET.has(s['x-widget'])) {
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
