/**
 * The shipped `required_when` (ADR 153): the base flood elevation is required when an elevation
 * certificate is at hand and the flood zone is one FEMA prints a BFE for (AE, A1-A30, AH, their AR
 * dual zones, VE, V1-V30); optional otherwise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRequired } from '../../engine/is-required.ts';
import floodZones from '../../schemas/constants/flood-zones.json' with { type: 'json' };
import { compiled, contexts, exampleWith, messagesOn } from './schema-test-kit.ts';

const BFE_ZONES = /^(AR\/)?(AE|AH|A([1-9]|[12][0-9]|30))$|^(VE|V([1-9]|[12][0-9]|30))$/;
const zones = floodZones.oneOf.map((option) => option.const);

describe('bfe_elevation required_when', () => {
  it('is required exactly with a certificate in a zone with a BFE (Primary)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.constantFrom('Yes', 'No'), (zone, certificate) => {
        const doc = exampleWith('primary', {
          flood_zone: zone,
          elevation_certificate: certificate,
          bfe_elevation: null,
        });
        const expected = certificate === 'Yes' && BFE_ZONES.test(zone);
        expect(isRequired(compiled, 'bfe_elevation', doc, contexts.primary)).toBe(expected);
        expect(messagesOn('primary', doc, 'bfe_elevation')).toEqual(
          expected ? ['BFE Elevation is required'] : [],
        );
      }),
    );
  });

  it('names at least one zone of each family', () => {
    for (const zone of ['AE', 'A7', 'AH', 'AR/AE', 'AR/A30', 'VE', 'V12'])
      expect(BFE_ZONES.test(zone), zone).toBe(true);
    for (const zone of ['A', 'AO', 'A99', 'AR', 'V', 'X', 'X500', 'D'])
      expect(BFE_ZONES.test(zone), zone).toBe(false);
  });
});
