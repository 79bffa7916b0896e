/** SPEC §4: a new commercial application's placeholder phone is cleared, and nothing else is. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeholders } from '../../../schemas/schema-set.ts';
import { visibleDocument } from '../../../server/services/visible-document.ts';

const products = fc.constantFrom('Primary', 'Excess', 'Commercial', 'Mobile');
const statuses = fc.constantFrom('new' as const, 'launched' as const, 'completed' as const);
const types = fc.constantFrom('flood', 'home');
const phones = fc.oneof(
  fc.constant(placeholders.phone),
  fc.constant('(305) 555-0142'),
  fc.string(),
  fc.constant(null),
);

describe('visibleDocument', () => {
  it('clears the phone exactly when commercial flood, status new and phone the placeholder', () => {
    fc.assert(
      fc.property(products, statuses, types, phones, fc.string(), (product, status, type, phone, name) => {
        const row = {
          carrier_quote_type: [product],
          application_type: type,
          status,
          useable_details: { phone, first_name: name, email: placeholders.email },
        };
        const doc = visibleDocument(row);
        const clears =
          product === 'Commercial' && type === 'flood' && status === 'new' && phone === placeholders.phone;
        expect(doc.phone).toBe(clears ? '' : phone);
        expect(doc.first_name).toBe(name);
        expect(doc.email).toBe(placeholders.email);
        // The stored row is never mutated.
        expect(row.useable_details.phone).toBe(phone);
      }),
    );
  });

  it('clears the phone of a new commercial application', () => {
    const doc = visibleDocument({
      carrier_quote_type: ['Commercial'],
      application_type: 'flood',
      status: 'new',
      useable_details: { phone: placeholders.phone },
    });
    expect(doc).toEqual({ phone: '' });
  });
});
