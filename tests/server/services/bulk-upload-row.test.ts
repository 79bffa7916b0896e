/**
 * A bulk row as a document (issue 13, docs/decisions/192-bulk-rows-are-checked-as-the-form.md):
 * cells read as their fields' types (properties over the schema set's own options and numbers),
 * the ZIP look-up filling the address, and the mapping proposal (docs/decisions/193).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../engine/index.ts';
import { headerKey, mappableFields, proposeMapping } from '../../../server/services/bulk-upload-mapping.ts';
import { cellValue, checkRow, UNKNOWN_ZIP_MESSAGE } from '../../../server/services/bulk-upload-row.ts';
import { compiledSchemaSet } from '../../../server/services/schema-engine.ts';

const compiled = compiledSchemaSet();
const ctx = { product: 'Primary', application_type: 'flood', status: 'new' };

/** Every field whose schema lists options, with them. */
const optionFields = compiled.fields
  .map(
    (field) =>
      [
        field,
        (compiled.properties[field].oneOf as { const: unknown; title?: string }[] | undefined) ?? [],
      ] as const,
  )
  .filter(([, options]) => options.length > 0);

describe('bulk rows', () => {
  it('reads an option by its value or its title in any case (property over the schema set)', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...optionFields)
          .chain(([field, options]) =>
            fc.tuple(fc.constant(field), fc.constantFrom(...options), fc.boolean(), fc.boolean()),
          ),
        ([field, option, byTitle, upper]) => {
          const text = byTitle && typeof option.title === 'string' ? option.title : String(option.const);
          expect(
            cellValue(compiled.properties[field], upper ? text.toUpperCase() : text.toLowerCase()),
          ).toEqual(option.const);
        },
      ),
    );
  });

  it('reads money with a dollar sign and thousands separators as a number (property)', () => {
    const schema: JsonSchema = { type: 'number' };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), (n, dollar) => {
        const text = `${dollar ? '$' : ''}${n.toLocaleString('en-US')}`;
        expect(cellValue(schema, text)).toBe(n);
      }),
    );
    expect(cellValue(schema, 'big')).toBe('big');
    expect(cellValue(schema, '')).toBeUndefined();
    expect(cellValue({ type: 'boolean' }, 'Yes')).toBe(true);
    expect(cellValue({ type: 'string', format: 'date' }, '12/15/2026')).toBe('2026-12-15');
  });

  it('fills city, state and county from the ZIP, and says when the ZIP is unknown', () => {
    const known = checkRow(compiled, ctx, { address1: '1 Palm Ave', zip: '33139' });
    expect(known.doc).toMatchObject({
      city: 'Miami Beach',
      state: 'FL',
      searched_address: '1 Palm Ave, Miami Beach, FL 33139',
    });
    expect(known.messages.zip).toBeUndefined();
    expect(checkRow(compiled, ctx, { address1: '1 Palm Ave', zip: '8001' }).doc.zip).toBe('08001');
    const unknown = checkRow(compiled, ctx, { address1: '1 Palm Ave', zip: '00000' });
    expect(Object.entries(unknown.messages)[0]).toEqual(['zip', UNKNOWN_ZIP_MESSAGE]);
  });

  it('proposes fields by key, by label and from the company\u2019s choices, each field once', () => {
    expect(headerKey(' Zip-Code ')).toBe('zipcode');
    expect(
      proposeMapping(compiled, ['ZIP', 'Year Built', 'zip', 'Insured', 'nothing'], { insured: 'first_name' }),
    ).toEqual(['zip', 'year_build', null, 'first_name', null]);
    // A remembered field the schema set no longer has is not proposed.
    expect(proposeMapping(compiled, ['Insured'], { insured: 'gone_field' })).toEqual([null]);
    const computed = compiled.computed.map(([field]) => field);
    expect(mappableFields(compiled).some((field) => computed.includes(field))).toBe(false);
  });
});
