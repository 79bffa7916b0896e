/**
 * Migration steps proposed from the difference of two schema sets (issue 11): rename when a removed
 * field's twin was added, drop otherwise, remap withdrawn options to the nearest remaining one, set a
 * new field's default; steps already written are not proposed again, and the proposals upgrade a
 * document of the old set into one the new set accepts.
 */
import { describe, expect, it } from 'vitest';
import {
  compileSchemaSet,
  migrateDocument,
  proposeMigrationSteps,
  type SchemaSet,
  validateDocument,
} from '../../engine/index.ts';
import { exampleContexts, examples, schemaSet } from '../../schemas/schema-set.ts';

/** The shipped set with `change` applied to a deep copy. */
function edited(change: (set: SchemaSet) => void): SchemaSet {
  const copy = structuredClone(schemaSet);
  change(copy);
  return copy;
}

const schemaWith = (set: SchemaSet, field: string) =>
  set.schemas.find((schema) => field in ((schema.properties as Record<string, unknown>) ?? {})) as {
    properties: Record<string, Record<string, unknown>>;
  };

describe('proposeMigrationSteps', () => {
  it('proposes nothing for the same set', () => {
    expect(proposeMigrationSteps(schemaSet, schemaSet)).toEqual([]);
  });

  it('proposes a rename for a field renamed, and a drop for one removed', () => {
    const after = edited((set) => {
      const holder = schemaWith(set, 'requester_name');
      holder.properties.requested_by = holder.properties.requester_name;
      delete holder.properties.requester_name;
      delete schemaWith(set, 'requester_email').properties.requester_email;
      for (const form of set.forms) {
        for (const section of form.sections) {
          section.fields = section.fields
            .map((field) => (field === 'requester_name' ? 'requested_by' : field))
            .filter((field) => field !== 'requester_email');
        }
        form.optional = form.optional?.map((field) => (field === 'requester_name' ? 'requested_by' : field));
      }
    });
    const steps = proposeMigrationSteps(schemaSet, after).map((proposal) => proposal.step);
    expect(steps).toContainEqual({ rename: { from: 'requester_name', to: 'requested_by' } });
    expect(steps).toContainEqual({ drop: { field: 'requester_email' } });
  });

  it('remaps a withdrawn deductible to the nearest one offered, which the new set accepts', () => {
    const after = edited((set) => {
      const deductibles = set.schemas.find((schema) => String(schema.$id).endsWith('/deductibles.json')) as {
        oneOf: { const: number }[];
      };
      deductibles.oneOf = deductibles.oneOf.filter((option) => option.const !== 2000);
    });
    const proposals = proposeMigrationSteps(schemaSet, after);
    expect(proposals.map((proposal) => proposal.step)).toEqual([
      { remap: { field: 'deductible', values: { '2000': 1000 } } },
    ]);
    const old = { ...examples.primary, deductible: 2000 };
    expect(validateDocument(compileSchemaSet(after), old, exampleContexts.primary)).not.toEqual([]);
    const upgraded = migrateDocument(old, [{ id: 'm', steps: proposals.map((proposal) => proposal.step) }]);
    expect(validateDocument(compileSchemaSet(after), upgraded, exampleContexts.primary)).toEqual([]);
    // Once written into the draft, the step is not proposed again.
    const written = {
      ...after,
      migrations: [{ id: 'm', steps: proposals.map((proposal) => proposal.step) }],
    };
    expect(proposeMigrationSteps(schemaSet, written)).toEqual([]);
  });

  it('proposes the default of a new field', () => {
    const after = edited((set) => {
      schemaWith(set, 'phone').properties.preferred_contact = {
        type: 'string',
        title: 'Preferred contact',
        default: 'Phone',
      };
    });
    expect(proposeMigrationSteps(schemaSet, after).map((proposal) => proposal.step)).toEqual([
      { set_default: { field: 'preferred_contact', value: 'Phone' } },
    ]);
  });
});
