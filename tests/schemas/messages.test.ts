/**
 * Message keys (issue 10 part 6): every message text of the product lives once, in
 * schemas/messages.json, and this table pins each key to its text and where SPEC.md gives it.
 * Editing a text is one JSON line and one line here; every other test reads the text by its key.
 */
import { describe, expect, it } from 'vitest';
import messages from '../../schemas/messages.json' with { type: 'json' };
import { schemaSet } from '../../schemas/schema-set.ts';

/** key -> [text, where the spec gives it (or why the product words it so)]. */
const PINNED: Record<string, [text: string, source: string]> = {
  required: ['{label} is required', 'SPEC §5 library messages: value required'],
  email: ['{label} is not a valid email address', 'SPEC §5 library messages: not a valid email'],
  numeric: ['{label} must be numeric', 'SPEC §5 library messages: must be numeric'],
  min_length: ['{label} must be at least {min} characters long', 'SPEC §5 library messages: minimum length'],
  max_length: ['{label} must be at most {max} characters long', 'SPEC §5 library messages: maximum length'],
  between: ['{label} must be between {min} and {max}', 'SPEC §5 library messages: between'],
  minimum: ['{label} must be at least {min}', 'docs/schema-format.md: a lower bound alone'],
  maximum: ['{label} must be at most {max}', 'docs/schema-format.md: an upper bound alone'],
  invalid_option: ['{label} must be one of the listed options', 'docs/schema-format.md: enum/oneOf failed'],
  multiple_of: ['{label} must be a multiple of {step}', 'docs/schema-format.md: multipleOf failed'],
  invalid: ['{label} is not valid', 'docs/schema-format.md: any other type failure'],
  fallback: ['invalid data', "SPEC §5 Cross rules: Fallback text is 'invalid data'"],
  invalid_phone_number: ['Invalid Phone number!', 'SPEC §5 Field rules: Phone'],
  invalid_email: ['Invalid Email!', 'SPEC §5 Field rules: Email'],
  placeholder_phone: [
    "{label} is a placeholder (one digit repeated), not a real number: enter the client's phone number",
    'Issue 40 No placeholders (ADR 766): the old (000) 000-0000 refused',
  ],
  placeholder_email: [
    "{label} is a placeholder address: example.com, example.net and example.org never receive mail. Enter the client's real e-mail",
    'Issue 40 No placeholders (ADR 766): the old placeholder@example.com refused',
  ],
  owned_type_cannot_be_empty: ['Owned Type cannot be empty!', 'SPEC §5 Field rules: Owned Type'],
  field_name_cannot_be_empty: [
    '{field_name} cannot be empty!',
    "SPEC §5 Field rules: Home fields, '{field} cannot be empty!'",
  ],
  building_replacement_cost_minimum: [
    'Building Replacement Cost must be greater then or equal to {amount}',
    'SPEC §5 Cross rules: minimum building replacement cost',
  ],
  dwelling_limit_exceeds_replacement_cost: [
    'Dwelling Limit CANNOT EXCEED Building REPLACEMENT Cost!',
    'SPEC §5 Cross rules',
  ],
  total_building_coverage_cap: [
    "Total Building Coverage can't exceed {amount}",
    'SPEC §5 Cross rules: Excess',
  ],
  contents_replacement_cost_minimum: [
    'Contents Replacement Cost cannot be lower than the contents limit of {amount}',
    'SPEC §5 Cross rules: Commercial contents (ADR 050)',
  ],
};

describe('schemas/messages.json', () => {
  it('holds exactly the pinned keys and texts', () => {
    expect(messages).toEqual(Object.fromEntries(Object.entries(PINNED).map(([key, [text]]) => [key, text])));
  });

  it('is where every rule, required and form message comes from (keys, not texts)', () => {
    const keys = new Set(Object.keys(messages));
    for (const rule of [...schemaSet.field_rules, ...schemaSet.cross_rules])
      expect(keys.has(rule.message), rule.id).toBe(true);
    for (const form of schemaSet.forms) {
      if (form.required_message !== undefined) expect(keys.has(form.required_message), form.id).toBe(true);
    }
  });
});
