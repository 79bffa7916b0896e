/** diffSchemaSets (issue 11, version diff): seeded edits of the real set, each reported once in words; no change, no entry. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSchemaSets } from '../../engine/diff-schema-sets.ts';
import type { JsonSchema, SchemaSet } from '../../engine/types.ts';
import { schemaSet } from '../../schemas/schema-set.ts';

function edited(edit: (set: SchemaSet) => void): SchemaSet {
  const set = structuredClone(schemaSet);
  edit(set);
  return set;
}

function property(set: SchemaSet, field: string): JsonSchema {
  for (const schema of set.schemas) {
    const found = (schema.properties as Record<string, JsonSchema> | undefined)?.[field];
    if (found) return found;
  }
  throw new Error(`no ${field}`);
}

describe('diffSchemaSets', () => {
  it('finds nothing between a set and its copy', () => {
    expect(diffSchemaSets(schemaSet, structuredClone(schemaSet))).toEqual([]);
  });

  it('names each case added, removed or changed by its file and id (issue 37)', () => {
    const after = edited((set) => {
      const [first, ...rest] = set.cases ?? [];
      first.cases[0] = { ...first.cases[0], title: 'retitled' };
      const removed = first.cases.splice(1, 1)[0];
      first.cases.push({ id: 'qa-new', over: 'primary', doc: {}, expect: { messages: [] } });
      set.cases = [first, ...rest];
      expect(removed).toBeDefined();
    });
    const [first] = schemaSet.cases ?? [];
    expect(diffSchemaSets(schemaSet, after).map((change) => change.sentence)).toEqual([
      `Case "${first.id}/${first.cases[0].id}" changed`,
      `Case "${first.id}/qa-new" added`,
      `Case "${first.id}/${first.cases[1].id}" removed`,
    ]);
  });

  it('says what changed, in words', () => {
    const after = edited((set) => {
      property(set, 'phone').title = 'Mobile phone';
      set.messages.invalid_phone_number = 'Check the phone number';
      const deductibles = set.schemas.find((schema) =>
        String(schema.$id).endsWith('constants/deductibles.json'),
      );
      if (!deductibles) throw new Error('no deductibles list');
      (deductibles.oneOf as unknown[]).push({ const: 50000, title: '$50,000' });
      set.field_rules = set.field_rules.filter((rule) => rule.id !== 'first-name-min-length');
      set.cross_rules[0].params = { amount: 1 };
      set.applicability.condo_floor = true;
      set.outcome_tables[0].questions[0].outcome = 'warning';
      set.migrations = [{ id: 'm1', steps: [] }];
    });
    expect(diffSchemaSets(schemaSet, after).map((change) => change.sentence)).toEqual([
      'Field "phone": label "Phone" -> "Mobile phone"',
      'Field "deductible": option 50000 added',
      'When it applies of "condo_floor" changed',
      `Rule "${schemaSet.cross_rules[0].id}": params changed`,
      'Rule "first-name-min-length" on "first_name" removed',
      'Message "invalid_phone_number": "Invalid Phone number!" -> "Check the phone number"',
      `Question "${schemaSet.outcome_tables[0].id}/${schemaSet.outcome_tables[0].questions[0].id}": outcome changed`,
      'Migration "m1" added (0 steps)',
    ]);
  });

  it('reports a message edit once, whichever key', () => {
    const keys = Object.keys(schemaSet.messages);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.string({ minLength: 1, maxLength: 20 }), (key, text) => {
        fc.pre(text !== schemaSet.messages[key]);
        const changes = diffSchemaSets(
          schemaSet,
          edited((set) => {
            set.messages[key] = text;
          }),
        );
        expect(changes).toEqual([
          { path: ['messages', key], change: 'changed', sentence: expect.stringContaining(key) },
        ]);
      }),
      { numRuns: 30 },
    );
  });
});
