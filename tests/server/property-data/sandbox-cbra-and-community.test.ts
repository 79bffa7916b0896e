/**
 * The sandbox's CBRA and NFIP-participation answers (ADR 757): an ordinary address is never put in
 * a CBRS unit or a non-participating community by chance (either makes it unbindable and would
 * refuse a demo launch); the street line asks for each case.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sandboxProviders } from '../../../server/property-data/sandbox-provider.ts';

const POINT = { latitude: 25.79, longitude: -80.14 };
const address = (address1: string) => ({
  address1,
  address2: '',
  city: 'Miami Beach',
  state: 'FL',
  zip: '33139',
});
const cbra = (address1: string) => sandboxProviders.cbra.cbra(POINT, address(address1));
const community = (address1: string) =>
  sandboxProviders.community_status.communityStatus('120651', address(address1));

describe('sandbox CBRA and community status', () => {
  it('puts no ordinary street line in a CBRS unit or outside the NFIP (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 99_999 }),
        fc.constantFrom('Meridian Ave', 'Collins Ave', 'Ocean Dr', 'Bay Rd', 'Alton Rd'),
        async (number, street) => {
          const line = `${number + 1} ${street}`;
          expect(await cbra(line)).toMatchObject({ in_cbrs: false, otherwise_protected: false, unit: null });
          expect((await community(line))?.participating).toBe(true);
        },
      ),
    );
  });

  it('answers a System Unit, an OPA and a non-participating community when the street line asks', async () => {
    expect(await cbra('1 Barrier Island Rd')).toMatchObject({
      in_cbrs: true,
      otherwise_protected: false,
      unit_type: 'System Unit',
    });
    expect(await cbra('2 Barrier OPA Rd')).toMatchObject({
      in_cbrs: true,
      otherwise_protected: true,
      unit_type: 'Otherwise Protected Area',
    });
    expect((await community('5 Nonparticipating Way'))?.participating).toBe(false);
  });
});
