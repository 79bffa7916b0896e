import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSchemaSet, SchemaSetError } from '../../engine/compile-schema-set.ts';
import { formFor } from '../../engine/form-for.ts';
import type { SchemaSet } from '../../engine/types.ts';
import { examples, schemaSet } from '../../schemas/schema-set.ts';
import { compiled, contexts } from './schema-test-kit.ts';

const SCHEMAS_DIR = join(import.meta.dirname, '../../schemas');
/** The constants files without a `$id`: data the set carries as `data_files` (docs/decisions/765). */
const DATA_ONLY_CONSTANTS = Object.keys(schemaSet.data_files ?? {}).map((file) =>
  file.slice('constants/'.length),
);

describe('schema set', () => {
  it('compiles with every schema carrying an $id and the root among them', () => {
    expect(compiled.fields.length).toBeGreaterThan(150);
    for (const schema of schemaSet.schemas) expect(typeof schema.$id).toBe('string');
    expect(schemaSet.schemas.map((s) => s.$id)).toContain(schemaSet.root_schema_id);
  });

  it('includes every application and constant schema file (data-only constants excepted)', () => {
    const ids = new Set(schemaSet.schemas.map((s) => s.$id));
    for (const dir of ['application', 'constants']) {
      for (const file of readdirSync(join(SCHEMAS_DIR, dir))) {
        if (DATA_ONLY_CONSTANTS.includes(file)) continue;
        const json = JSON.parse(readFileSync(join(SCHEMAS_DIR, dir, file), 'utf8'));
        expect(ids.has(json.$id), `${dir}/${file}`).toBe(true);
      }
    }
  });

  it('gives every field a title and inlines constant lists', () => {
    for (const [field, schema] of Object.entries(compiled.properties)) {
      expect(typeof schema.title, field).toBe('string');
      expect(JSON.stringify(schema), field).not.toContain('$ref');
    }
    expect(compiled.properties.deductible.oneOf).toHaveLength(5);
  });

  it('puts every field in at least one form', () => {
    const inForms = new Set(schemaSet.forms.flatMap((form) => form.sections.flatMap((s) => s.fields)));
    expect(compiled.fields.filter((field) => !inForms.has(field))).toEqual([]);
  });

  it('picks the form by product and application type', () => {
    expect(formFor(compiled, contexts.primary).id).toBe('primary');
    expect(formFor(compiled, contexts.excess).id).toBe('excess');
    expect(formFor(compiled, contexts.mobile).id).toBe('mobile');
    expect(formFor(compiled, contexts.commercial).id).toBe('commercial');
    expect(formFor(compiled, contexts.home).id).toBe('home');
    expect(formFor(compiled, { ...contexts.excess, application_type: 'home' }).id).toBe('home');
    expect(() => formFor(compiled, { product: 'Primary', application_type: 'life', status: 'new' })).toThrow(
      /No form for context/,
    );
  });

  it('orders sections the way an agent fills them', () => {
    const order = [
      'contact',
      'property',
      'building',
      'mobile-home',
      'elevation',
      'coverage',
      'mailing',
      'underwriting',
    ];
    for (const form of schemaSet.forms) {
      const known = form.sections.map((s) => s.id).filter((id) => order.includes(id));
      const sorted = [...known].sort((a, b) => order.indexOf(a) - order.indexOf(b));
      expect(known, form.id).toEqual(sorted);
      expect(form.sections.at(-1)?.id, form.id).toBe('underwriting');
    }
  });

  it('gives every form field a span of 1 to 12 columns', () => {
    for (const form of schemaSet.forms) {
      for (const field of form.sections.flatMap((s) => s.fields)) {
        const span = form.ui?.[field]?.span;
        expect(span, `${form.id}.${field}`).toBeGreaterThanOrEqual(1);
        expect(span, `${form.id}.${field}`).toBeLessThanOrEqual(12);
      }
    }
  });

  it('keeps examples to fields of the model', () => {
    for (const [name, doc] of Object.entries(examples)) {
      expect(
        Object.keys(doc).filter((key) => !(key in compiled.properties)),
        name,
      ).toEqual([]);
    }
  });

  it('rejects a rule on an unknown field, so a typo in JSON fails at start-up', () => {
    const broken: SchemaSet = {
      ...schemaSet,
      field_rules: [...schemaSet.field_rules, { id: 'typo', field: 'sqftt', assert: true, message: 'x' }],
    };
    expect(() => compileSchemaSet(broken)).toThrow(SchemaSetError);
  });
});
