import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carrierSettings } from '../../carrier-catalog/carrier-settings.ts';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { launchTargets } from '../../server/quoting/launch-targets.ts';
import {
  commercialDocument,
  contextFor,
  excessDocument,
  mobileDocument,
  primaryDocument,
} from './sample-documents.ts';

const ids = (doc: Record<string, unknown>, product: string) =>
  launchTargets(doc, contextFor(product)).map((t) =>
    t.sub_carrier ? `${t.carrier}/${t.sub_carrier}` : t.carrier,
  );

const NFIP_WRITERS = ['natgen_nfip', 'wright/nfip'];
const ALL_STATES = carriersFile.carriers.find((c) => c.name === 'natgen_nfip')?.states ?? [];

describe('launchTargets', () => {
  it('gives a Primary FL document at least 8 automatic targets, in carriers.json order', () => {
    const targets = ids(primaryDocument, 'Primary');
    expect(targets.length).toBeGreaterThanOrEqual(8);
    expect(targets.slice(0, 3)).toEqual(['natgen_nfip', 'titan', 'annex']);
    expect(targets).toContain('wright/hiscox');
    expect(targets).toContain('beyond_flood/elite');
    expect(targets.indexOf('wright/focus')).toBeLessThan(targets.indexOf('wright/hiscox'));
    expect(targets.indexOf('neptune')).toBeLessThan(targets.indexOf('dual_flood/standard'));
  });

  it('never launches manual or SOV carriers automatically', () => {
    for (const product of ['Primary', 'Excess', 'Mobile', 'Commercial']) {
      const targets = ids(primaryDocument, product);
      for (const name of [
        'johnson_and_johnson',
        'msi',
        'amwins',
        'tokio_marine_highland',
        'joe_flood',
        'ftp_flood',
      ]) {
        expect(targets).not.toContain(name);
      }
      expect(targets).not.toContain('wright/brokerage');
      expect(targets).not.toContain('assurant_commercial');
    }
  });

  it('Commercial launches only the commercial writers of the data', () => {
    expect(ids(commercialDocument, 'Commercial')).toEqual([
      'natgen_nfip',
      'argenia',
      'wright/nfip',
      'cat_coverage',
      'dual_flood/commercial',
    ]);
  });

  it('Excess and Mobile launch their own writers', () => {
    const excess = ids(excessDocument, 'Excess');
    expect(excess).toContain('dual_flood/excess');
    expect(excess).not.toContain('dual_flood/standard');
    expect(excess).not.toEqual(expect.arrayContaining(NFIP_WRITERS));
    expect(ids(mobileDocument, 'Mobile')).toEqual([
      'natgen_nfip',
      'bankers',
      'flood_risk_solutions',
      'private_market_flood',
      'wright/nfip',
    ]);
  });

  it('CA gets the NFIP writers and the carriers that write the West Coast', () => {
    expect(ids({ ...primaryDocument, state: 'CA' }, 'Primary')).toEqual([
      'natgen_nfip',
      'hippo',
      'neptune',
      'palomar',
      'wright/nfip',
    ]);
    // Inland, only the NFIP writers and the two private carriers that write nationwide.
    expect(ids({ ...primaryDocument, state: 'ND' }, 'Primary')).toEqual([
      'natgen_nfip',
      'assurant',
      'aon_edge',
      'wright/nfip',
    ]);
    expect(ids({ ...primaryDocument, state: 'AK' }, 'Primary')).toEqual(NFIP_WRITERS);
  });

  it('an unknown or missing state, or an unknown product, has no targets', () => {
    expect(ids({ ...primaryDocument, state: 'ZZ' }, 'Primary')).toEqual([]);
    expect(ids({ ...primaryDocument, state: undefined }, 'Primary')).toEqual([]);
    expect(ids(primaryDocument, 'Home')).toEqual([]);
  });

  it('matches the state case-insensitively', () => {
    expect(ids({ ...primaryDocument, state: 'fl' }, 'Primary')).toEqual(ids(primaryDocument, 'Primary'));
  });

  it('every target writes the product in the state, is automatic, unique, and carries its benefits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL_STATES),
        fc.constantFrom('Primary', 'Excess', 'Mobile', 'Commercial'),
        (state, product) => {
          const targets = launchTargets({ ...primaryDocument, state }, contextFor(product));
          const keys = targets.map((t) => `${t.carrier}/${t.sub_carrier}`);
          expect(new Set(keys).size).toBe(keys.length);
          expect(targets.length).toBeGreaterThanOrEqual(product === 'Excess' ? 0 : 1);
          for (const target of targets) {
            const { settings, benefits } = carrierSettings(target.carrier, target.sub_carrier);
            expect(settings.quote_types).toContain(product);
            expect(settings.states).toContain(state);
            expect(target.connector).toBe('sandbox');
            expect(target.benefits).toEqual(benefits);
            expect(target.benefits.length).toBeGreaterThan(0);
          }
        },
      ),
    );
  });

  it('a sub-carrier with its own states or quote types overrides its family', () => {
    const resolved = carrierSettings('dual_flood', 'excess');
    expect(resolved.settings.quote_types).toEqual(['Excess']);
    expect(resolved.settings.states).toEqual(
      carriersFile.carriers.find((c) => c.name === 'dual_flood')?.states,
    );
    expect(() => carrierSettings('dual_flood', 'nope')).toThrow('Unknown carrier dual_flood/nope');
    expect(() => carrierSettings('nope', null)).toThrow('Unknown carrier nope');
  });
});
