/**
 * carrier-catalog/carrier-display-name.ts (issue 40 Words for people, ADR 751): every carrier and
 * product key of carriers.json reads as its displayName, an SOV quote manager id as its carrier's,
 * and a code the file does not know stays as it is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carrierDisplayName, productDisplayName } from '../../carrier-catalog/carrier-display-name.ts';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { sovCarriers } from '../../carrier-catalog/sov-carriers.ts';

describe('carrierDisplayName', () => {
  it('names a family, a sub-carrier and an SOV quote manager as carriers.json does', () => {
    expect(carrierDisplayName('wright', 'focus')).toBe('Wright Focus');
    expect(carrierDisplayName('wright', null)).toBe('Wright Flood');
    expect(carrierDisplayName('beyond_flood', 'essential')).toBe('Beyond Flood Essential');
    expect(carrierDisplayName('natgen_nfip', null)).toBe('NatGen NFIP');
    expect(carrierDisplayName('tmh', null)).toBe('Tokio Marine Highland');
    expect(productDisplayName('wright/nfip')).toBe('Wright NFIP');
    expect(productDisplayName('neptune')).toBe('Neptune Flood');
    // Unknown: the family's name for a sub-carrier it no longer has, the code for a family.
    expect(carrierDisplayName('wright', 'gone')).toBe('Wright Flood');
    expect(productDisplayName('removed_carrier')).toBe('removed_carrier');
  });

  it('property: every product key of the file reads as its displayName, never as its code', () => {
    const products = carriersFile.carriers.flatMap((family) => [
      { key: family.name, name: family.displayName },
      ...family.subCarriers.map((sub) => ({ key: `${family.name}/${sub.name}`, name: sub.displayName })),
    ]);
    fc.assert(
      fc.property(fc.constantFrom(...products), ({ key, name }) => {
        expect(productDisplayName(key)).toBe(name);
      }),
    );
    // An SOV quote carries its quote manager id as its carrier: it reads as that carrier's name.
    const managers = sovCarriers().filter(
      (sov) => !carriersFile.carriers.some((f) => f.name === sov.quote_manager_id),
    );
    expect(managers.length).toBeGreaterThan(0);
    for (const sov of managers) expect(carrierDisplayName(sov.quote_manager_id, null)).toBe(sov.display_name);
  });
});
