/**
 * The schema studio's pure model (issue 11): the condition builder reads back what it writes
 * (property), reads the shipped set's conditions and says null for what it cannot show; edits of a
 * working copy land where the field is declared (shared option lists in their constants document),
 * leave everything else as it was, and compile; JSON errors and lint problems get their line; the
 * working copy kept in the browser comes back only for its base version.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  compileSchemaSet,
  evaluateLogic,
  lintPathLabel,
  lintSchemaSet,
  type SchemaSet,
  validateDocument,
} from '../../engine/index.ts';
import {
  type Condition,
  conditionFromLogic,
  conditionToLogic,
} from '../../portal/features/schema-studio/model/condition-model.ts';
import {
  declaredFieldSchema,
  optionSource,
  setFieldCondition,
  setFieldKeyword,
  setFieldOptions,
  setFormFieldUi,
  setMessage,
  setPart,
  setRequiredInForm,
} from '../../portal/features/schema-studio/model/edit-schema-set.ts';
import { lineOfPath, parseJsonWithLines } from '../../portal/features/schema-studio/model/json-lines.ts';
import {
  readWorkingCopy,
  writeWorkingCopy,
} from '../../portal/features/schema-studio/model/working-copy-store.ts';
import { exampleContexts, examples, schemaSet } from '../../schemas/schema-set.ts';

const variable = fc.constantFrom('doc.sqft', 'doc.occupancy_type', 'ctx.product');
const scalar = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.string({ maxLength: 8 }), fc.boolean());
const comparison: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({
    kind: fc.constant('compare' as const),
    variable,
    operator: fc.constantFrom('==', '!=', '>', '>=', '<', '<=' as const),
    value: scalar,
  }),
  fc.record({
    kind: fc.constant('compare' as const),
    variable,
    operator: fc.constantFrom('in', 'not in' as const),
    value: fc.array(scalar, { maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('compare' as const),
    variable,
    operator: fc.constantFrom('is set', 'is not set' as const),
  }),
);
const condition: fc.Arbitrary<Condition> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, comparison, tie('group')),
  group: fc.record({
    kind: fc.constant('group' as const),
    combinator: fc.constantFrom('all', 'any' as const),
    negated: fc.boolean(),
    items: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
  }),
})).node as fc.Arbitrary<Condition>;

describe('condition builder model', () => {
  it('reads back every condition it writes (property)', () => {
    fc.assert(
      fc.property(condition, (built) => {
        expect(conditionFromLogic(conditionToLogic(built))).toEqual(built);
      }),
    );
  });

  it('writes JSON-logic that means what the builder shows (property over documents)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), (sqft, bound) => {
        const logic = conditionToLogic({
          kind: 'group',
          combinator: 'all',
          negated: true,
          items: [{ kind: 'compare', variable: 'doc.sqft', operator: '>', value: bound }],
        });
        expect(evaluateLogic(logic, { doc: { sqft }, ctx: {} })).toBe(!(sqft > bound));
      }),
    );
    const notIn = conditionToLogic({
      kind: 'compare',
      variable: 'ctx.product',
      operator: 'not in',
      value: ['Mobile'],
    });
    expect(evaluateLogic(notIn, { doc: {}, ctx: { product: 'Mobile' } })).toBe(false);
    expect(evaluateLogic(notIn, { doc: {}, ctx: { product: 'Primary' } })).toBe(true);
  });

  it('shows the shipped applicability conditions and refuses arithmetic', () => {
    const shown = Object.values(schemaSet.applicability).filter(
      (logic) => conditionFromLogic(logic) !== null,
    );
    expect(shown.length).toBeGreaterThan(Object.keys(schemaSet.applicability).length / 2);
    expect(conditionFromLogic(schemaSet.applicability.condo_floor)).toEqual({
      kind: 'group',
      combinator: 'all',
      negated: false,
      items: [
        { kind: 'compare', variable: 'ctx.product', operator: '!=', value: 'Commercial' },
        { kind: 'compare', variable: 'doc.occupancy_type', operator: '==', value: 'Condo Unit' },
      ],
    });
    expect(conditionFromLogic({ '>': [{ var: 'doc.a' }, { '*': [{ var: 'doc.b' }, 2] }] })).toBeNull();
    expect(conditionFromLogic({ if: [true, 1, 2] })).toBeNull();
  });
});

describe('edits of a working copy', () => {
  it('changes a label where the field is declared and nothing else', () => {
    const edited = setFieldKeyword(schemaSet, 'phone', 'title', 'Mobile phone');
    expect(declaredFieldSchema(edited, 'phone').title).toBe('Mobile phone');
    expect(declaredFieldSchema(schemaSet, 'phone').title).not.toBe('Mobile phone');
    expect(edited.cross_rules).toBe(schemaSet.cross_rules);
    expect(compileSchemaSet(edited).properties.phone.title).toBe('Mobile phone');
  });

  it('adds a deductible option in the shared constants list, which every field using it offers', () => {
    const source = optionSource(schemaSet, 'deductible');
    expect(source?.sharedId).toMatch(/deductibles\.json$/);
    const edited = setFieldOptions(schemaSet, 'deductible', [
      ...(source?.options ?? []),
      { value: 50000, label: '$50,000' },
    ]);
    const compiled = compileSchemaSet(edited);
    expect(compiled.properties.deductible.oneOf).toContainEqual({ const: 50000, title: '$50,000' });
    const doc = { ...examples.primary, deductible: 50000 };
    expect(validateDocument(compiled, doc, exampleContexts.primary)).toEqual([]);
    expect(validateDocument(compileSchemaSet(schemaSet), doc, exampleContexts.primary)).not.toEqual([]);
  });

  it('makes a field optional in one form, sets its width and help, and conditions', () => {
    let edited = setRequiredInForm(schemaSet, 'primary', 'email', false);
    expect(edited.forms.find((form) => form.id === 'primary')?.optional).toContain('email');
    edited = setRequiredInForm(edited, 'primary', 'email', true);
    expect(edited.forms.find((form) => form.id === 'primary')?.optional ?? []).not.toContain('email');
    edited = setFormFieldUi(edited, 'primary', 'email', { span: 12, help: 'Where quotes go' });
    expect(edited.forms.find((form) => form.id === 'primary')?.ui?.email).toMatchObject({
      span: 12,
      help: 'Where quotes go',
    });
    edited = setFormFieldUi(edited, 'primary', 'email', { span: undefined, help: undefined });
    // Clearing every hint drops the entry: the field then takes the default width.
    expect(edited.forms.find((form) => form.id === 'primary')?.ui?.email).toBeUndefined();
    edited = setFieldCondition(edited, 'applicability', 'business_name', undefined);
    expect('business_name' in edited.applicability).toBe(false);
    // The edits leave the set well formed; only the cases that pin the old behaviour object (the
    // set carries its examples since ADR 765, so the lint runs its cases on them).
    const problems = lintSchemaSet(setMessage(edited, 'invalid_phone_number', 'Check the phone'));
    expect(problems.filter((problem) => problem.path[0] !== 'cases')).toEqual([]);
    expect(problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('expected ["Invalid Phone number!"], got ["Check the phone"]'),
        expect.stringContaining('"business_name" shown: expected false, got true'),
      ]),
    );
  });

  it('replaces a part from the raw JSON view', () => {
    const edited = setPart(schemaSet, ['messages', 'invalid_email'], 'Check the e-mail');
    expect(edited.messages.invalid_email).toBe('Check the e-mail');
    expect(setPart(schemaSet, [], { ...schemaSet, note: 1 } as SchemaSet)).toMatchObject({ note: 1 });
  });
});

describe('lines of the raw JSON view and places of problems', () => {
  it('gives each syntax error its line and column, and a path its line', () => {
    const result = parseJsonWithLines('{\n  "a": 1,\n  "b": \n}');
    expect('errors' in result && result.errors[0]).toMatchObject({ line: 4, column: 1 });
    expect(parseJsonWithLines('[1, 2]')).toEqual({ value: [1, 2] });
    expect(lineOfPath('{\n  "a": [\n    1,\n    {"b": 2}\n  ]\n}', ['a', 1, 'b'])).toBe(4);
    expect(lineOfPath('{"a": 1}', ['z'])).toBeNull();
  });

  it('names list items by their id in a problem path', () => {
    expect(lintPathLabel(schemaSet, ['cross_rules', 0, 'when'])).toBe(
      `cross_rules › ${schemaSet.cross_rules[0].id} › when`,
    );
    expect(lintPathLabel(schemaSet, ['schemas', 0, 'properties'])).toMatch(
      /^schemas › [\w.-]+\.json › properties$/,
    );
    expect(lintPathLabel(schemaSet, ['defaults', 'phone'])).toBe('defaults › phone');
  });
});

describe('the working copy kept in the browser', () => {
  beforeEach(() => localStorage.clear());

  it('comes back for its base version only, and is forgotten with null', () => {
    const edited = setMessage(schemaSet, 'invalid_email', 'Check the e-mail');
    expect(writeWorkingCopy(3, edited, new Date('2026-11-25T10:00:00Z'))).toBe(true);
    expect(readWorkingCopy(3)).toEqual({
      base_version: 3,
      schema_set: edited,
      saved_at: '2026-11-25T10:00:00.000Z',
    });
    expect(readWorkingCopy(4)).toBeNull();
    writeWorkingCopy(3, null);
    expect(readWorkingCopy(3)).toBeNull();
    localStorage.setItem('mga-portal-schema-studio-working-copy', '{"base_version":3,"schema_set":{}}');
    expect(readWorkingCopy(3)).toBeNull();
  });
});
