/**
 * Carrier guides (issue 19): what a guide reads from a carriers.json entry (products, states,
 * limits from its eligibility rules, decline rules, included coverages, one program per
 * sub-carrier). The served PDFs: tests/server/carriers/carrier-files.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { limitValue } from '../../server/quote-documents/carrier-guide-pdf.ts';
import { carrierGuide, includedCoverageText, ruleLimit } from '../../server/quoting/carrier-guide.ts';

const family = (name: string) => {
  const entry = carriersFile.carriers.find((carrier) => carrier.name === name);
  if (!entry) throw new Error(name);
  return entry;
};

describe('carrierGuide', () => {
  it('reads the limits the eligibility rules set, per product or for every product', () => {
    const natgen = carrierGuide(family('natgen_nfip'), carriersFile).programs[0];
    expect(natgen?.limits).toContainEqual({
      product: 'Primary',
      field: 'building_limit',
      kind: 'maximum',
      value: 250000,
    });
    expect(natgen?.limits).toContainEqual({
      product: 'Commercial',
      field: 'contents_limit',
      kind: 'maximum',
      value: 500000,
    });
    expect(
      ruleLimit({ id: 'x', when: { '<': [{ var: 'doc.year_build' }, 1950] }, decline_message: 'm' }),
    ).toEqual({ product: null, field: 'year_build', kind: 'minimum', value: 1950 });
    // A zone rule is no limit: it reads as its decline message.
    expect(
      ruleLimit({ id: 'v', when: { '==': [{ var: 'doc.flood_zone' }, 'VE'] }, decline_message: 'm' }),
    ).toBeNull();
    expect(limitValue({ product: null, field: 'elevation_difference', kind: 'minimum', value: -4 })).toBe(
      '-4 ft',
    );
    expect(limitValue({ product: null, field: 'building_limit', kind: 'maximum', value: 2000000 })).toBe(
      '$2,000,000',
    );
  });

  it('reads back any bound on a document field, alone or with a product test in either order (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z_]{1,20}$/),
        fc.integer(),
        fc.constantFrom('>', '<'),
        fc.option(fc.constantFrom('Primary', 'Excess', 'Mobile', 'Commercial'), { nil: null }),
        fc.boolean(),
        (field, value, operator, product, productFirst) => {
          const bound = { [operator]: [{ var: `doc.${field}` }, value] };
          const test = { '==': [{ var: 'ctx.product' }, product] };
          const when = product === null ? bound : { and: productFirst ? [test, bound] : [bound, test] };
          expect(ruleLimit({ id: 'r', when, decline_message: 'm' })).toEqual({
            product,
            field,
            kind: operator === '>' ? 'maximum' : 'minimum',
            value,
          });
        },
      ),
    );
  });

  it('has one program per sub-carrier, each with its own states, rules, coverages and way of quoting', () => {
    const wright = carrierGuide(family('wright'), carriersFile);
    expect(wright.programs.map((program) => program.display_name)).toEqual(
      family('wright').subCarriers.map((sub) => sub.displayName),
    );
    const brokerage = wright.programs.find((program) => program.quoting.startsWith('Managed program'));
    expect(brokerage).toBeDefined();
    const neptune = carrierGuide(family('neptune'), carriersFile).programs[0];
    expect(neptune?.quoting).toMatch(
      /^Automatic: indicative sandbox rates on launch\. Agencies that connect .+ get bindable rates/,
    );
    expect(
      includedCoverageText({
        coverage: 'temporary_living_expense',
        amount: 10000,
        purchasable: {
          from_field: 'loss_of_use',
          step: 10000,
          max_percent: 50,
          of: 'building_limit',
          max_amount: 150000,
        },
      }),
    ).toBe(
      'Temporary living expense: $10,000; more can be bought in steps of $10,000, up to 50% of the building limit and at most $150,000',
    );
    expect(includedCoverageText({ coverage: 'loss_of_use', percent: 20, of: 'building_limit' })).toBe(
      'Loss of use: 20% of the building limit',
    );
  });
});
