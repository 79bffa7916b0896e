/**
 * The address fields whose change re-runs the pre-fill (schemas/address-fields.ts, issue 40): a
 * change is any of the five fields differing, and an empty value is empty however it is stored.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELDS, addressChanged } from '../../schemas/address-fields.ts';

const empty = fc.constantFrom(null, undefined, '');
const address = fc.record(
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, fc.oneof(empty, fc.string({ minLength: 1 }))])),
);

describe('address fields', () => {
  it('are the five address parts of the document', () => {
    expect([...ADDRESS_FIELDS]).toEqual(['address1', 'address2', 'city', 'state', 'zip']);
  });

  it('see a change exactly when one field differs, whatever else changes', () => {
    fc.assert(
      fc.property(address, address, fc.dictionary(fc.string(), fc.integer()), (before, after, other) => {
        const differs = ADDRESS_FIELDS.some((field) => (before[field] || '') !== (after[field] || ''));
        expect(addressChanged({ ...other, ...before }, { ...after, num_of_stories: 2 })).toBe(differs);
      }),
    );
  });

  it('treat null, undefined and an empty string as the same empty field', () => {
    fc.assert(
      fc.property(empty, empty, (a, b) => {
        expect(addressChanged({ address2: a }, { address2: b })).toBe(false);
      }),
    );
    expect(addressChanged({ zip: '33139' }, { zip: '33140' })).toBe(true);
  });
});
