/**
 * Safe rule changes (issue 37), properties over generated drafts of the shipped set: a draft that
 * removes or renames an option value a stored draft or a value mapping uses, with no remap, leaves
 * that value unmoved (the publish refuses it: stranded-values.ts) and the lint names the mapping;
 * with the remap the studio proposes, every stored draft and the mappings move to the new value,
 * which the draft's compiled set takes. A label renamed through the studio's options editor
 * changes no stored value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenFieldSchemas } from '../../engine/compile-schema-set.ts';
import { fieldOptions } from '../../engine/field-options.ts';
import {
  compileSchemaSet,
  lintSchemaSet,
  type MappedField,
  migrateDocument,
  migrateValueMappings,
  migrationsBetween,
  proposeMigrationSteps,
  type SchemaSet,
  unmovedWithdrawnOptions,
  validateTypes,
} from '../../engine/index.ts';
import { optionSource, setFieldOptions } from '../../portal/features/schema-studio/model/edit-schema-set.ts';
import { examples, schemaSet } from '../../schemas/schema-set.ts';

/** Fields that a value mapping writes with a word table, and whose options are text. */
const mappedFields = Object.values(schemaSet.value_mappings ?? {})
  .flatMap((mapping) => Object.values(mapping.groups).flat())
  .filter((entry): entry is MappedField & { values: Record<string, unknown> } => !!entry.values)
  .map((entry) => entry.field)
  .filter((field) =>
    (optionSource(schemaSet, field)?.options ?? []).every((option) => typeof option.value === 'string'),
  );

/** The mapped values of `field` in a set's mappings. */
const mappedValues = (set: SchemaSet, field: string) =>
  Object.values(set.value_mappings ?? {})
    .flatMap((mapping) => Object.values(mapping.groups).flat())
    .filter((entry) => entry.field === field)
    .flatMap((entry) => Object.values(entry.values ?? {}));

/** A draft in which one value a mapping writes was renamed (or removed), and a stored draft holding it. */
const drafts = fc
  .record({
    field: fc.constantFrom(...mappedFields),
    pick: fc.nat(),
    rename: fc.option(
      fc.string({ minLength: 1, maxLength: 12 }).map((text) => `${text.trim() || 'x'} (new)`),
      {
        nil: undefined,
      },
    ),
  })
  .map(({ field, pick, rename }) => {
    const source = optionSource(schemaSet, field);
    const used = [...new Set(mappedValues(schemaSet, field).filter((value) => value !== ''))];
    const value = used[pick % used.length] as string;
    const options = (source?.options ?? []).flatMap((option) =>
      option.value !== value ? [option] : rename === undefined ? [] : [{ value: rename, label: rename }],
    );
    return { field, value, rename, draft: setFieldOptions(schemaSet, field, options) };
  });

describe('a draft that withdraws a value in use', () => {
  it('without a remap leaves it unmoved and the lint names the mapping that writes it', () => {
    fc.assert(
      fc.property(drafts, ({ field, value, draft }) => {
        const unmoved = unmovedWithdrawnOptions(schemaSet, draft).find((entry) => entry.field === field);
        expect(unmoved?.gone.map((option) => option.value)).toContain(value);
        const problems = lintSchemaSet(draft).filter(
          (problem) => problem.kind === 'mapping-value-not-an-option',
        );
        expect(problems.some((problem) => problem.message.includes(JSON.stringify(value)))).toBe(true);
        expect(problems.every((problem) => problem.path[0] === 'value_mappings')).toBe(true);
      }),
      { numRuns: 12 },
    );
  });

  it('with a remap moves every stored draft and the mappings to a value the draft takes', () => {
    fc.assert(
      fc.property(drafts, ({ field, value, rename, draft }) => {
        const to = rename ?? (fieldOptions(flattenFieldSchemas(draft).properties[field]) ?? [])[0].value;
        // A shared list (yes-no) is withdrawn for every field that references it: each mapped one is remapped.
        const sharing = [field, ...(optionSource(schemaSet, field)?.sharedWith ?? [])].filter((other) =>
          mappedFields.includes(other),
        );
        const steps = sharing.map((other) => ({ remap: { field: other, values: { [value]: to } } }));
        const migration = { id: 'moved', steps };
        const remapped = migrateValueMappings({ ...draft, migrations: [migration] }, [migration]);
        expect(unmovedWithdrawnOptions(schemaSet, remapped).some((entry) => entry.field === field)).toBe(
          false,
        );
        expect(mappedValues(remapped, field)).not.toContain(value);
        expect(mappedValues(remapped, field)).toContain(to);
        expect(lintSchemaSet(remapped).filter((problem) => problem.kind.startsWith('mapping-'))).toEqual([]);
        // A stored draft holding the old value moves and saves under the draft's set.
        const stored = { ...examples.primary, [field]: value };
        const moved = migrateDocument(stored, migrationsBetween(schemaSet, remapped));
        expect(moved[field]).toBe(to);
        expect(validateTypes(compileSchemaSet(remapped), { [field]: moved[field] })).toEqual([]);
      }),
      { numRuns: 8 },
    );
  });

  it('is proposed as a remap to the value renamed in place', () => {
    fc.assert(
      fc.property(
        drafts.filter(({ rename }) => rename !== undefined),
        ({ field, value, rename, draft }) => {
          const remaps = proposeMigrationSteps(schemaSet, draft).flatMap(({ step }) =>
            'remap' in step && step.remap.field === field ? [step.remap.values] : [],
          );
          expect(remaps).toEqual([{ [value]: rename }]);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('a label renamed in the options editor', () => {
  it('keeps every stored value: the plain list becomes value and label pairs', () => {
    const source = optionSource(schemaSet, 'foundation_type');
    const relabelled = setFieldOptions(
      schemaSet,
      'foundation_type',
      (source?.options ?? []).map((option) =>
        option.value === 'Crawlspace' ? { ...option, label: 'Crawl space' } : option,
      ),
    );
    expect(optionSource(relabelled, 'foundation_type')?.options).toContainEqual({
      value: 'Crawlspace',
      label: 'Crawl space',
    });
    expect(unmovedWithdrawnOptions(schemaSet, relabelled)).toEqual([]);
    expect(proposeMigrationSteps(schemaSet, relabelled)).toEqual([]);
    expect(lintSchemaSet(relabelled).filter((problem) => problem.kind.startsWith('mapping-'))).toEqual([]);
  });
});
