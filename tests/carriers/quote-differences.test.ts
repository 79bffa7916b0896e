import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { quoteDifferences } from '../../server/quoting/quote-differences.ts';
import { sandboxCoverages } from '../../server/quoting/sandbox-coverages.ts';
import { excessDocument, primaryDocument } from './sample-documents.ts';

const { compared } = carriersFile.quote_coverages;
const deductibles = [1000, 2000, 5000, 10000, 25000];
const money = fc.integer({ min: 1, max: 5_000_000 });
const yesNo = fc.constantFrom('Yes', 'No');

/** A Primary document's compared fields, each with a value a form could hold. */
const askedDocument = fc.record({
  building_limit: money,
  contents_limit: money,
  deductible: fc.constantFrom(...deductibles),
  replacement_cost_on_content: yesNo,
  temporary_living_expense: yesNo,
  loss_of_use: fc.integer({ min: 0, max: 30 }).map((n) => n * 5000),
  other_structure: fc.integer({ min: 0, max: 10 }).map((n) => n * 5000),
  basement_content: fc.integer({ min: 0, max: 20 }).map((n) => n * 5000),
});

/** The coverages of a quote that gives exactly what `doc` asks (each compared coverage echoed). */
function echo(doc: Record<string, unknown>, product = 'Primary'): Record<string, unknown> {
  return Object.fromEntries(
    compared.map((entry) => [entry.coverage, doc[entry.asked_by_product?.[product] ?? entry.asked]]),
  );
}

describe('quoteDifferences', () => {
  it('a quote equal to the request has no differences', () => {
    fc.assert(
      fc.property(askedDocument, (doc) => {
        expect(quoteDifferences(echo(doc), doc, 'Primary')).toEqual([]);
      }),
    );
  });

  it('a changed deductible is exactly one difference, with the asked and quoted values', () => {
    fc.assert(
      fc.property(askedDocument, fc.constantFrom(...deductibles), (doc, quotedDeductible) => {
        fc.pre(quotedDeductible !== doc.deductible);
        const differences = quoteDifferences({ ...echo(doc), deductible: quotedDeductible }, doc, 'Primary');
        expect(differences).toEqual([
          {
            coverage: 'deductible',
            field: 'deductible',
            kind: 'changed',
            asked: doc.deductible,
            quoted: quotedDeductible,
          },
        ]);
      }),
    );
  });

  it('flags a coverage asked but not included, and one included but not asked', () => {
    const doc = { ...primaryDocument, temporary_living_expense: 'Yes', other_structure: 0 };
    const coverages = { ...echo(doc), temporary_living_expense: undefined, other_structure: 25000 };
    expect(quoteDifferences(coverages, doc, 'Primary')).toEqual([
      {
        coverage: 'temporary_living_expense',
        field: 'temporary_living_expense',
        kind: 'not_included',
        asked: 'Yes',
        quoted: null,
      },
      { coverage: 'other_structure', field: 'other_structure', kind: 'not_asked', asked: 0, quoted: 25000 },
    ]);
  });

  it('an amount quoted for a yes/no ask is the same coverage; formatted money compares as a number', () => {
    const doc = { ...primaryDocument, temporary_living_expense: 'Yes', building_limit: '$250,000' };
    const coverages = { ...echo(primaryDocument), temporary_living_expense: 5000, building_limit: 250000 };
    expect(quoteDifferences(coverages, doc, 'Primary')).toEqual([]);
  });

  it('a lower building limit is a change', () => {
    const coverages = { ...echo(primaryDocument), building_limit: 200000 };
    expect(quoteDifferences(coverages, primaryDocument, 'Primary')).toMatchObject([
      { coverage: 'building_limit', kind: 'changed', asked: 250000, quoted: 200000 },
    ]);
  });

  it('Excess compares the quoted limits with the excess layer asked', () => {
    const { coverages } = sandboxCoverages(excessDocument, 'Excess');
    expect(quoteDifferences(coverages, excessDocument, 'Excess')).toEqual([]);
    expect(quoteDifferences(coverages, excessDocument, 'Excess')).toEqual(
      quoteDifferences(echo(excessDocument, 'Excess'), excessDocument, 'Excess'),
    );
  });

  it('a sandbox extra the agent did not ask for shows as included but not asked', () => {
    const extras = [{ coverage: 'other_structure', percent: 10, of: 'building_limit' }];
    const { coverages } = sandboxCoverages({ ...primaryDocument, other_structure: 0 }, 'Primary', extras);
    expect(quoteDifferences(coverages, { ...primaryDocument, other_structure: 0 }, 'Primary')).toEqual([
      { coverage: 'other_structure', field: 'other_structure', kind: 'not_asked', asked: 0, quoted: 25000 },
    ]);
  });
});
