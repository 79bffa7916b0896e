import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstMessage } from '../../engine/first-message.ts';
import { formFor } from '../../engine/form-for.ts';
import { messagesByField } from '../../engine/messages-by-field.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import { compiled, contexts, exampleNames, exampleWith } from './schema-test-kit.ts';

describe('order of messages (SPEC §5: the first failing message is shown)', () => {
  it.each(exampleNames)('%s: messages follow the form order for any set of removed fields', (name) => {
    const ctx = contexts[name];
    const order = formFor(compiled, ctx).sections.flatMap((s) => s.fields);
    const present = Object.keys(exampleWith(name));
    fc.assert(
      fc.property(fc.subarray(present, { minLength: 1 }), (removed) => {
        const doc = exampleWith(name, Object.fromEntries(removed.map((f) => [f, undefined])));
        const fields = validateDocument(compiled, doc, ctx).map((m) => m.field);
        const positions = fields.map((f) => order.indexOf(f));
        expect(positions.every((p) => p >= 0)).toBe(true);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
      { numRuns: 60 },
    );
  });

  it('shows the owner first, then contact, then property', () => {
    const messages = validateDocument(compiled, {}, contexts.primary);
    expect(messages.slice(0, 4).map((m) => m.message)).toEqual([
      messageTexts.owned_type_cannot_be_empty,
      messageTexts.invalid_phone_number,
      messageTexts.invalid_email,
      'Searched Address is required',
    ]);
    expect(firstMessage(compiled, messages)).toBe(messageTexts.owned_type_cannot_be_empty);
    expect(firstMessage(compiled, [])).toBe('invalid data');
    expect(messagesByField(messages).phone).toBe(messageTexts.invalid_phone_number);
  });

  it('puts a coverage message after every building message', () => {
    const doc = exampleWith('primary', { year_build: '19', building_limit: 10_000_000 });
    expect(validateDocument(compiled, doc, contexts.primary).map((m) => m.message)).toEqual([
      'Year Built must be at least 4 characters long',
      messageTexts.dwelling_limit_exceeds_replacement_cost,
    ]);
  });
});
