/**
 * Adding and removing a field without JSON (issue 37, portal/features/schema-studio/model/add-field.ts):
 * the added field compiles with its label and options, sits where it was placed in each form, is
 * required or optional as asked; a wrong key, a taken key or a duplicate option is named; removing
 * a field takes it out of the forms and adds a drop step that empties stored documents of it.
 */
import { describe, expect, it } from 'vitest';
import {
  compileSchemaSet,
  formFor,
  migrateDocument,
  migrationsBetween,
  validateDocument,
} from '../../engine/index.ts';
import {
  addField,
  type NewField,
  newFieldProblem,
  removeField,
} from '../../portal/features/schema-studio/model/add-field.ts';
import { examples, schemaSet } from '../../schemas/schema-set.ts';

const primary = schemaSet.forms.find((form) => form.id === 'primary');
const section = primary?.sections[1];
const ctx = { product: 'Primary', application_type: 'flood', status: 'new' };

const pump: NewField = {
  key: 'sump_pump',
  label: 'Sump Pump',
  type: 'string',
  options: [
    { value: 'yes', label: 'Yes, working' },
    { value: 'no', label: 'No' },
  ],
  placements: [{ formId: 'primary', sectionId: section?.id ?? '', position: 1 }],
  required: true,
};

describe('adding a field without JSON', () => {
  it('declares it with its label and options and places it where asked, required', () => {
    const keys = compileSchemaSet(schemaSet).fields;
    expect(newFieldProblem(schemaSet, keys, pump)).toBeNull();
    const compiled = compileSchemaSet(addField(schemaSet, pump));
    expect(compiled.properties.sump_pump).toMatchObject({ title: 'Sump Pump', type: 'string' });
    const placed = formFor(compiled, ctx).sections.find((s) => s.id === section?.id);
    expect(placed?.fields[1]).toBe('sump_pump');
    const messages = validateDocument(compiled, examples.primary, ctx);
    expect(messages.map((m) => m.field)).toContain('sump_pump');
    expect(validateDocument(compiled, { ...examples.primary, sump_pump: 'yes' }, ctx)).toEqual(
      validateDocument(compileSchemaSet(schemaSet), examples.primary, ctx),
    );
    expect(validateDocument(compiled, { ...examples.primary, sump_pump: 'maybe' }, ctx)[0]?.field).toBe(
      'sump_pump',
    );
  });

  it('lists an optional field as optional in its form', () => {
    const set = addField(schemaSet, { ...pump, required: false });
    expect(set.forms.find((form) => form.id === 'primary')?.optional).toContain('sump_pump');
    expect(validateDocument(compileSchemaSet(set), examples.primary, ctx)).toEqual([]);
  });

  it('names what is wrong: the key, a taken key, a missing label, a doubled option, no form', () => {
    const keys = compileSchemaSet(schemaSet).fields;
    expect(newFieldProblem(schemaSet, keys, { ...pump, key: 'Sump Pump' })).toMatch(/lower-case/);
    expect(newFieldProblem(schemaSet, keys, { ...pump, key: 'sqft' })).toMatch(/exists already/);
    expect(newFieldProblem(schemaSet, keys, { ...pump, label: ' ' })).toMatch(/label/);
    expect(
      newFieldProblem(schemaSet, keys, {
        ...pump,
        options: [...pump.options, { value: 'yes', label: 'Again' }],
      }),
    ).toMatch(/same value/);
    expect(newFieldProblem(schemaSet, keys, { ...pump, placements: [] })).toMatch(/at least one form/);
  });

  it('removes a field with its migration step: stored values are dropped on upgrade', () => {
    const withPump = addField(schemaSet, pump);
    const without = removeField(withPump, 'sump_pump');
    const compiled = compileSchemaSet(without);
    expect(compiled.fields).not.toContain('sump_pump');
    expect(without.forms.flatMap((form) => form.sections.flatMap((s) => s.fields))).not.toContain(
      'sump_pump',
    );
    const steps = migrationsBetween(withPump, without).flatMap((migration) => migration.steps);
    expect(steps).toEqual([{ drop: { field: 'sump_pump' } }]);
    const stored = { ...examples.primary, sump_pump: 'yes' };
    expect(migrateDocument(stored, migrationsBetween(withPump, without))).toEqual(examples.primary);
  });
});
