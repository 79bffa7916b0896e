import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import carriersSchema from '../../server/quoting/carriers.schema.json' with { type: 'json' };
import { eligibilityDecline } from '../../server/quoting/eligibility-decline.ts';
import { contextFor, primaryDocument } from './sample-documents.ts';

function compileSchema() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(carriersSchema);
}

const family = (name: string) => {
  const entry = carriersFile.carriers.find((carrier) => carrier.name === name);
  if (!entry) throw new Error(`missing family ${name}`);
  return entry;
};
const subCarrier = (familyName: string, name: string) => {
  const entry = family(familyName).subCarriers.find((sub) => sub.name === name);
  if (!entry) throw new Error(`missing sub-carrier ${familyName}/${name}`);
  return entry;
};

describe('carriers.json', () => {
  it('validates against carriers.schema.json', () => {
    const validate = compileSchema();
    const valid = validate(carriersFile);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema rejects an SOV carrier without a quote manager id and a sandbox one without a factor', () => {
    const validate = compileSchema();
    const sov = { ...family('tokio_marine_highland'), quoteManagerId: null };
    expect(validate({ ...carriersFile, carriers: [sov] })).toBe(false);
    const { sandbox_rate_factor: _dropped, ...noFactor } = family('titan');
    expect(validate({ ...carriersFile, carriers: [noFactor] })).toBe(false);
    expect(validate({ ...carriersFile, carriers: [{ ...family('titan'), quote_types: ['Home'] }] })).toBe(
      false,
    );
  });

  it('lists every carrier family of SPEC §1 by display name', () => {
    const displayNames = carriersFile.carriers.map((carrier) => carrier.displayName);
    for (const expected of [
      /NatGen NFIP/,
      /^Titan/,
      /^Annex/,
      /^Argenia/,
      /^Assurant/,
      /^Bankers/,
      /^Insurmark/,
      /^Flood Risk Solutions$/,
      /^Superior/,
      /^Private Market Flood$/,
      /^Hippo$/,
      /^Aon Edge$/,
      /^Neptune/,
      /^Palomar$/,
      /^Wright/,
      /^Cat Coverage$/,
      /^Sterling$/,
      /^Johnson and Johnson$/,
      /^MSI$/,
      /^AMWins$/,
      /^Flow Flood$/,
      /^Tokio Marine Highland$/,
      /^JOE Flood$/,
      /^FTP Flood$/,
      /^Beyond Flood$/,
      /^Dual Flood$/,
    ]) {
      expect(
        displayNames.some((name) => expected.test(name)),
        String(expected),
      ).toBe(true);
    }
  });

  it('has the sub-carriers of SPEC §1', () => {
    expect(family('wright').subCarriers.map((sub) => sub.name)).toEqual([
      'focus',
      'nfip',
      'hiscox',
      'resiflood',
      'brokerage',
    ]);
    expect(family('beyond_flood').subCarriers.map((sub) => sub.name)).toEqual([
      'essential',
      'enhanced',
      'elite',
    ]);
    expect(family('dual_flood').subCarriers.map((sub) => sub.name)).toEqual([
      'standard',
      'excess',
      'commercial',
    ]);
  });

  it('flags exactly the SPEC §1 commercial variants as SOV carriers, by quote manager id', () => {
    const ids: string[] = [];
    for (const carrier of carriersFile.carriers) {
      if (carrier.isSovCarrier) ids.push(carrier.quoteManagerId ?? '');
      for (const sub of carrier.subCarriers) if (sub.isSovCarrier) ids.push(sub.quoteManagerId ?? '');
    }
    expect(ids.sort()).toEqual(
      [
        'assurant_commercial',
        'insurmark_commercial',
        'aon_commercial',
        'tmh',
        'wright_brokerage',
        'joe_flood',
        'ftp',
        'flow_commercial',
      ].sort(),
    );
    for (const carrier of carriersFile.carriers.filter((entry) => entry.isSovCarrier)) {
      expect(carrier.connector).toBe('sov');
      expect(carrier.quote_types).toEqual(['Commercial']);
    }
  });

  it('states the SPEC §1 benefits', () => {
    expect(subCarrier('wright', 'hiscox').benefits.join(' ')).toMatch(
      /loss of use.*20% of the building limit/i,
    );
    expect(subCarrier('wright', 'resiflood').benefits.join(' ')).toMatch(/replacement cost on contents/i);
    const essential = subCarrier('beyond_flood', 'essential').benefits.join(' | ');
    expect(essential).toMatch(/single deductible/i);
    expect(essential).toMatch(/\$5,000 temporary living expense/i);
    expect(essential).toMatch(/other structures at 10% of Cov A, included/i);
    const enhanced = subCarrier('beyond_flood', 'enhanced').benefits.join(' | ');
    expect(enhanced).toMatch(/\$10,000 temporary living expense/i);
    expect(enhanced).toMatch(/other structures at 10%.*separate limit/i);
    const elite = subCarrier('beyond_flood', 'elite').benefits.join(' | ');
    expect(elite).toMatch(/\$10,000 temporary living expense/i);
    expect(elite).toMatch(/\$10,000 steps up to 50% of Cov A.*\$150,000/i);
    expect(elite).toMatch(/other structures at 20%/i);
  });

  it('has unique names, an image under /carriers/<name>.svg and an https url for each family', () => {
    const names = carriersFile.carriers.map((carrier) => carrier.name);
    expect(new Set(names).size).toBe(names.length);
    for (const carrier of carriersFile.carriers) {
      expect(carrier.image).toBe(`/carriers/${carrier.name}.svg`);
      expect(carrier.url).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+/);
      if (carrier.family) expect(names).toContain(carrier.family);
    }
  });

  it('marks the manual carriers with the manual connector', () => {
    const manual = carriersFile.carriers.filter((carrier) => carrier.isManualCarrier).map((c) => c.name);
    expect(manual).toEqual(['johnson_and_johnson', 'msi', 'amwins']);
  });

  it('every eligibility rule evaluates on a complete document without throwing', () => {
    for (const carrier of carriersFile.carriers) {
      const rules = [carrier.eligibility, ...carrier.subCarriers.map((sub) => sub.eligibility ?? [])];
      for (const list of rules) {
        for (const product of ['Primary', 'Excess', 'Mobile', 'Commercial']) {
          expect(() => eligibilityDecline(list, primaryDocument, contextFor(product))).not.toThrow();
        }
      }
    }
  });
});
