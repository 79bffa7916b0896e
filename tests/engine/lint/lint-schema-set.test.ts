/**
 * The schema lint (issue 10): the shipped set lints clean, and each kind of problem, seeded into a
 * copy of the real set by one edit, is found with the right path.
 */
import { describe, expect, it } from 'vitest';
import type { LintProblem } from '../../../engine/lint/lint-problem.ts';
import { lintSchemaSet } from '../../../engine/lint/lint-schema-set.ts';
import type { JsonSchema, Rule, SchemaSet } from '../../../engine/types.ts';
import manifest from '../../../schemas/schema-set.json' with { type: 'json' };
import { examples, schemaSet } from '../../../schemas/schema-set.ts';

const lintOptions = { examples, exampleContexts: manifest.example_contexts };

function lint(edit: (set: SchemaSet) => void): LintProblem[] {
  const set = structuredClone(schemaSet);
  edit(set);
  return lintSchemaSet(set, lintOptions);
}

/** The section schema and its index that defines `field`. */
function definition(set: SchemaSet, field: string): { index: number; property: JsonSchema } {
  const index = set.schemas.findIndex(
    (schema) => (schema.properties as Record<string, JsonSchema> | undefined)?.[field],
  );
  return { index, property: (set.schemas[index].properties as Record<string, JsonSchema>)[field] };
}

function formIndex(set: SchemaSet, id: string): number {
  return set.forms.findIndex((form) => form.id === id);
}

describe('lintSchemaSet on the shipped set', () => {
  it('finds nothing', () => {
    expect(lintSchemaSet(schemaSet, lintOptions)).toEqual([]);
  });
});

describe('lintSchemaSet on seeded problems', () => {
  const cases: {
    name: string;
    edit: (set: SchemaSet) => void;
    kind: string;
    path: (set: SchemaSet) => (string | number)[];
  }[] = [
    {
      name: 'an assert no value satisfies (sqft > 10 and sqft < 5)',
      edit: (set) => {
        set.field_rules.push({
          id: 'sqft-impossible',
          field: 'sqft',
          assert: { and: [{ '>': [{ var: 'doc.sqft' }, 10] }, { '<': [{ var: 'doc.sqft' }, 5] }] },
          message: 'numeric',
        });
      },
      kind: 'never-true',
      path: (set) => ['field_rules', set.field_rules.length - 1, 'assert', 'and'],
    },
    {
      name: 'an enum compared with a value not in its list ("Elevatd")',
      edit: (set) => {
        set.applicability.condo_floor = { '==': [{ var: 'doc.occupancy_type' }, 'Condo Unitt'] };
      },
      kind: 'unknown-option',
      path: () => ['applicability', 'condo_floor', '=='],
    },
    {
      name: 'applicability false on a required field',
      edit: (set) => {
        set.applicability.first_name = false;
      },
      kind: 'never-true',
      path: () => ['applicability', 'first_name'],
    },
    {
      name: 'a placeholder typo in the message an x-required-message names',
      edit: (set) => {
        set.messages.owned_type_cannot_be_empty = '{lable} cannot be empty!';
      },
      kind: 'unknown-placeholder',
      path: () => ['messages', 'owned_type_cannot_be_empty'],
    },
    {
      name: 'an x-required-message naming a key messages.json lacks',
      edit: (set) => {
        definition(set, 'first_name').property['x-required-message'] = 'first_name_please';
      },
      kind: 'unknown-message-key',
      path: (set) => [
        'schemas',
        definition(set, 'first_name').index,
        'properties',
        'first_name',
        'x-required-message',
      ],
    },
    {
      name: "a placeholder typo in the message a form's required_message names",
      edit: (set) => {
        set.messages.field_name_cannot_be_empty = '{feild_name} cannot be empty!';
      },
      kind: 'unknown-placeholder',
      path: () => ['messages', 'field_name_cannot_be_empty'],
    },
    {
      name: "a form's required_message naming a key messages.json lacks",
      edit: (set) => {
        set.forms[formIndex(set, 'primary')].required_message = 'primary_required';
      },
      kind: 'unknown-message-key',
      path: (set) => ['forms', formIndex(set, 'primary'), 'required_message'],
    },
    {
      name: 'a message nothing uses',
      edit: (set) => {
        set.messages.old_text = 'Nobody reads me';
      },
      kind: 'unused-message',
      path: () => ['messages', 'old_text'],
    },
    {
      name: 'an x-messages entry for a check that does not exist',
      edit: (set) => {
        definition(set, 'sqft').property['x-messages'] = { numerc: 'numeric' };
      },
      kind: 'unknown-message-key',
      path: (set) => ['schemas', definition(set, 'sqft').index, 'properties', 'sqft', 'x-messages', 'numerc'],
    },
    {
      name: 'a placeholder typo in messages.json',
      edit: (set) => {
        set.messages.between = '{label} must be between {min} and {maxx}';
      },
      kind: 'unknown-placeholder',
      path: () => ['messages', 'between'],
    },
    {
      name: 'a default that is not an option',
      edit: (set) => {
        definition(set, 'occupancy_type').property.default = 'Castle';
      },
      kind: 'invalid-default',
      path: (set) => [
        'schemas',
        definition(set, 'occupancy_type').index,
        'properties',
        'occupancy_type',
        'default',
      ],
    },
    {
      name: 'a default of the wrong type',
      edit: (set) => {
        definition(set, 'sqft').property.default = 'large';
      },
      kind: 'invalid-default',
      path: (set) => ['schemas', definition(set, 'sqft').index, 'properties', 'sqft', 'default'],
    },
    {
      name: 'outcome "stop"',
      edit: (set) => {
        (set.outcome_tables[0].questions[0] as { outcome: string }).outcome = 'stop';
      },
      kind: 'invalid-outcome',
      path: () => ['outcome_tables', 0, 'questions', 0, 'outcome'],
    },
    {
      name: 'a field in no form',
      edit: (set) => {
        for (const form of set.forms) {
          for (const section of form.sections)
            section.fields = section.fields.filter((field) => field !== 'roof_year');
        }
      },
      kind: 'field-in-no-form',
      path: (set) => ['schemas', definition(set, 'roof_year').index, 'properties', 'roof_year'],
    },
    {
      name: 'a required computed field',
      edit: (set) => {
        const form = set.forms[formIndex(set, 'primary')];
        form.optional = (form.optional ?? []).filter((field) => field !== 'elevation_difference');
      },
      kind: 'required-computed',
      path: (set) => {
        const form = set.forms[formIndex(set, 'primary')];
        const j = form.sections.findIndex((section) => section.fields.includes('elevation_difference'));
        return [
          'forms',
          formIndex(set, 'primary'),
          'sections',
          j,
          'fields',
          form.sections[j].fields.indexOf('elevation_difference'),
        ];
      },
    },
    {
      name: 'a rule on a computed field',
      edit: (set) => {
        set.field_rules.push({
          id: 'difference-positive',
          field: 'elevation_difference',
          assert: { '>=': [{ var: 'doc.elevation_difference' }, 0] },
          message: 'numeric',
        });
      },
      kind: 'rule-on-computed',
      path: (set) => ['field_rules', set.field_rules.length - 1, 'field'],
    },
    {
      name: 'a widget typo in a field schema',
      edit: (set) => {
        definition(set, 'phone').property['x-widget'] = 'phnoe';
      },
      kind: 'unknown-widget',
      path: (set) => ['schemas', definition(set, 'phone').index, 'properties', 'phone', 'x-widget'],
    },
    {
      name: 'a widget typo in a form',
      edit: (set) => {
        set.forms[0].ui = { ...set.forms[0].ui, first_name: { widget: 'txt' } };
      },
      kind: 'unknown-widget',
      path: () => ['forms', 0, 'ui', 'first_name', 'widget'],
    },
    {
      name: 'span 40',
      edit: (set) => {
        set.forms[1].ui = { ...set.forms[1].ui, first_name: { span: 40 } };
      },
      kind: 'invalid-span',
      path: () => ['forms', 1, 'ui', 'first_name', 'span'],
    },
    {
      name: 'a cycle between computed fields',
      edit: (set) => {
        set.computed.elevation_difference = { '+': [{ var: 'doc.elevation_difference_from_bfe' }, 1] };
        set.computed.elevation_difference_from_bfe = { '+': [{ var: 'doc.elevation_difference' }, 1] };
      },
      kind: 'computed-cycle',
      path: () => ['computed', 'elevation_difference'],
    },
    {
      name: 'a computed field reading one computed after it',
      edit: (set) => {
        set.computed.elevation_difference = { '+': [{ var: 'doc.elevation_difference_from_bfe' }, 1] };
      },
      kind: 'computed-order',
      path: () => ['computed', 'elevation_difference'],
    },
    {
      name: 'an unknown field in a form',
      edit: (set) => {
        set.forms[2].sections[0].fields.push('frist_name');
      },
      kind: 'unknown-field',
      path: (set) => ['forms', 2, 'sections', 0, 'fields', set.forms[2].sections[0].fields.length - 1],
    },
    {
      name: 'an unknown field in a rule',
      edit: (set) => {
        set.field_rules[0].field = 'buisness_name';
      },
      kind: 'unknown-field',
      path: () => ['field_rules', 0, 'field'],
    },
    {
      name: 'an unknown field in a condition',
      edit: (set) => {
        set.applicability.condo_floor = { '==': [{ var: 'doc.occupancy_typ' }, 'Condo Unit'] };
      },
      kind: 'unknown-name',
      path: () => ['applicability', 'condo_floor'],
    },
    {
      name: 'an unknown field in required_when',
      edit: (set) => {
        set.required_when = { ...set.required_when, bfe_elevaton: true };
      },
      kind: 'unknown-field',
      path: () => ['required_when', 'bfe_elevaton'],
    },
    {
      name: 'an operator applied to the wrong type (text compared with a number)',
      edit: (set) => {
        set.applicability.condo_floor = { '>': [{ var: 'doc.first_name' }, 3] };
      },
      kind: 'operand-type',
      path: () => ['applicability', 'condo_floor', '>'],
    },
    {
      name: 'a number field compared with a word',
      edit: (set) => {
        set.applicability.condo_floor = { '===': [{ var: 'doc.sqft' }, 'many'] };
      },
      kind: 'operand-type',
      path: () => ['applicability', 'condo_floor', '==='],
    },
    {
      name: 'an unreachable form (an earlier form always wins)',
      edit: (set) => {
        set.forms.splice(1, 0, { ...structuredClone(set.forms[1]), id: 'primary-copy' });
      },
      kind: 'unreachable-form',
      path: () => ['forms', 2, 'when'],
    },
    {
      name: 'a rule that can never fail (dead)',
      edit: (set) => {
        set.field_rules.push({
          id: 'sqft-numeric',
          field: 'sqft',
          assert: { is_numeric: { var: 'doc.sqft' } },
          message: 'numeric',
          skip_empty: true,
        });
      },
      kind: 'rule-never-fails',
      path: (set) => ['field_rules', set.field_rules.length - 1],
    },
    {
      name: 'a rule that always fails',
      edit: (set) => {
        set.field_rules.push({
          id: 'sqft-never',
          field: 'sqft',
          assert: { '<': [{ var: 'doc.sqft' }, -1e12] },
          message: 'numeric',
          skip_empty: true,
        });
      },
      kind: 'rule-always-fails',
      path: (set) => ['field_rules', set.field_rules.length - 1],
    },
    {
      name: 'a rule that never runs',
      edit: (set) => {
        set.field_rules.push({
          id: 'sqft-when-never',
          field: 'sqft',
          when: { '==': [{ var: 'ctx.product' }, 'Boat'] },
          assert: { '>': [{ var: 'doc.sqft' }, 1] },
          message: 'numeric',
        } as Rule);
      },
      kind: 'rule-never-runs',
      path: (set) => ['field_rules', set.field_rules.length - 1],
    },
    {
      name: 'an unknown param placeholder in a rule message',
      edit: (set) => {
        set.messages[set.cross_rules[0].message] = `${set.messages[set.cross_rules[0].message]} {amout}`;
      },
      kind: 'unknown-placeholder',
      path: (set) => ['messages', set.cross_rules[0].message],
    },
    {
      name: 'an outcome answer not among the options',
      edit: (set) => {
        set.outcome_tables[0].questions[0].when_answer = 'Yess';
      },
      kind: 'unknown-option',
      path: () => ['outcome_tables', 0, 'questions', 0, 'when_answer'],
    },
    {
      name: 'a migration dropping a field the set still has',
      edit: (set) => {
        set.migrations = [{ id: 'drop-phone', steps: [{ drop: { field: 'phone' } }] }];
      },
      kind: 'invalid-migration',
      path: () => ['migrations', 0, 'steps', 0],
    },
    {
      name: 'a migration remapping to a value that is not an option',
      edit: (set) => {
        set.migrations = [
          { id: 'remap', steps: [{ remap: { field: 'occupancy_type', values: { Castle: 'Palace' } } }] },
        ];
      },
      kind: 'invalid-migration',
      path: () => ['migrations', 0, 'steps', 0],
    },
    {
      name: 'two rules sharing an id',
      edit: (set) => {
        set.cross_rules.push({ ...set.field_rules[0] });
      },
      kind: 'duplicate-rule-id',
      path: (set) => ['cross_rules', set.cross_rules.length - 1, 'id'],
    },
  ];

  for (const { name, edit, kind, path } of cases) {
    it(`finds ${name}`, () => {
      const set = structuredClone(schemaSet);
      edit(set);
      const problems = lintSchemaSet(set, lintOptions);
      expect(problems.map((problem) => [problem.kind, problem.path])).toContainEqual([kind, path(set)]);
    });
  }

  it('reports every problem, not only the first', () => {
    const problems = lint((set) => {
      set.forms[0].ui = { ...set.forms[0].ui, first_name: { span: 0 }, last_name: { span: 13 } };
      set.messages.email = '{labell} bad';
    });
    expect(problems.map((problem) => problem.kind).sort()).toEqual([
      'invalid-span',
      'invalid-span',
      'unknown-placeholder',
    ]);
  });

  it('reports a set whose references do not resolve as one compile problem, without throwing', () => {
    const problems = lint((set) => {
      set.root_schema_id = 'https://nowhere.test/root.json';
    });
    expect(problems).toEqual([
      { path: ['schemas'], kind: 'compile', message: expect.stringContaining('root schema') },
    ]);
  });
});
