import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carrierSettings } from '../../carrier-catalog/carrier-settings.ts';
import { sandboxCoverages } from '../../server/quoting/sandbox-coverages.ts';
import { excessDocument, primaryDocument } from './sample-documents.ts';

const extrasOf = (carrier: string, sub: string | null) =>
  carrierSettings(carrier, sub).settings.coverage_extras;

describe('sandboxCoverages', () => {
  it('echoes the limits and the deductible', () => {
    const { coverages, purchased } = sandboxCoverages(primaryDocument, 'Primary');
    expect(coverages).toEqual({ building_limit: 250000, contents_limit: 100000, deductible: 5000 });
    expect(purchased).toBe(0);
  });

  it('echoes the excess layer for Excess', () => {
    const { coverages } = sandboxCoverages(excessDocument, 'Excess');
    expect(coverages).toMatchObject({
      building_limit: 750000,
      contents_limit: 150000,
      excess_building_limit: 750000,
      excess_contents_limit: 150000,
    });
  });

  it('Hiscox: loss of use at 20% of the building limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), (building) => {
        const { coverages } = sandboxCoverages(
          { ...primaryDocument, building_limit: building },
          'Primary',
          extrasOf('wright', 'hiscox'),
        );
        expect(coverages.loss_of_use).toBe(Math.round(building * 0.2));
      }),
    );
  });

  it('ResiFlood: replacement cost on contents', () => {
    const { coverages } = sandboxCoverages(primaryDocument, 'Primary', extrasOf('wright', 'resiflood'));
    expect(coverages.replacement_cost_on_content).toBe('Yes');
  });

  it('Beyond Flood Essential and Enhanced: living expense and other structures', () => {
    const essential = sandboxCoverages(
      primaryDocument,
      'Primary',
      extrasOf('beyond_flood', 'essential'),
    ).coverages;
    expect(essential).toMatchObject({
      temporary_living_expense: 5000,
      other_structure: 25000,
      deductible_type: 'Single deductible',
      other_structure_basis: 'Included in Cov A',
    });
    const enhanced = sandboxCoverages(
      primaryDocument,
      'Primary',
      extrasOf('beyond_flood', 'enhanced'),
    ).coverages;
    expect(enhanced).toMatchObject({
      temporary_living_expense: 10000,
      other_structure: 25000,
      other_structure_basis: 'Separate limit',
    });
  });

  it('Beyond Flood Elite: $10,000 included, more in $10,000 steps up to 50% of Cov A and $150,000', () => {
    const elite = extrasOf('beyond_flood', 'elite');
    const at = (building_limit: number, loss_of_use: number) =>
      sandboxCoverages({ ...primaryDocument, building_limit, loss_of_use }, 'Primary', elite);
    expect(at(250000, 0).coverages).toMatchObject({
      temporary_living_expense: 10000,
      other_structure: 50000,
    });
    expect(at(250000, 35000)).toEqual({
      coverages: expect.objectContaining({
        temporary_living_expense: 40000,
        temporary_living_expense_purchased: 30000,
      }),
      purchased: 30000,
    });
    expect(at(100000, 150000).coverages.temporary_living_expense).toBe(50000);
    expect(at(1_000_000, 500000).coverages.temporary_living_expense).toBe(150000);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        (building, asked) => {
          const { coverages, purchased } = at(building, asked);
          const total = coverages.temporary_living_expense as number;
          expect(purchased % 10000).toBe(0);
          expect(purchased).toBeLessThanOrEqual(asked);
          expect(total).toBe(10000 + purchased);
          if (purchased > 0) {
            expect(total).toBeLessThanOrEqual(Math.min(building * 0.5, 150000));
          }
        },
      ),
    );
  });
});
