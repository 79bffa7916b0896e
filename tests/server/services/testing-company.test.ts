/** SPEC §6 testing companies: the lists, case-insensitive, and the second check. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isExtraTestingCompany, isTestingCompany } from '../../../server/services/testing-company.ts';

const production = { NODE_ENV: 'production' } as const;
const local = { NODE_ENV: 'development' } as const;

/** Random upper/lower case of a name. */
const anyCase = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((flags) => [...name].map((c, i) => (flags[i] ? c.toUpperCase() : c)).join(''));

describe('testing companies', () => {
  it('matches the production list in any case, and only there', () => {
    for (const name of ['rocket mga - training', 'afoxtech', 'rocket flood']) {
      fc.assert(
        fc.property(anyCase(name), (n) => {
          expect(isTestingCompany(n, production)).toBe(true);
        }),
      );
      expect(isTestingCompany(name, local)).toBe(false);
    }
  });

  it('matches the local list in any case, and only there', () => {
    for (const name of ['hippo', 'insurance']) {
      fc.assert(
        fc.property(anyCase(name), (n) => {
          expect(isTestingCompany(n, local)).toBe(true);
        }),
      );
      expect(isTestingCompany(name, production)).toBe(false);
    }
    expect(isTestingCompany('Demo Agency', local)).toBe(false);
    expect(isTestingCompany(null, local)).toBe(false);
  });

  it('second check: extra names plus afoxtech in production, plus insurance locally', () => {
    const extra = { TESTING_COMPANY_EXTRA: ' Acme QA , beta co' };
    expect(isExtraTestingCompany('ACME qa', { ...production, ...extra })).toBe(true);
    expect(isExtraTestingCompany('Beta Co', { ...local, ...extra })).toBe(true);
    expect(isExtraTestingCompany('AFOXTECH', production)).toBe(true);
    expect(isExtraTestingCompany('afoxtech', local)).toBe(false);
    expect(isExtraTestingCompany('Insurance', local)).toBe(true);
    expect(isExtraTestingCompany('hippo', local)).toBe(false);
    expect(isExtraTestingCompany('rocket flood', production)).toBe(false);
  });

  it('never matches a name outside every list', () => {
    const names = ['rocket mga - training', 'afoxtech', 'rocket flood', 'hippo', 'insurance'];
    fc.assert(
      fc.property(fc.string(), (name) => {
        fc.pre(!names.includes(name.trim().toLowerCase()));
        expect(isTestingCompany(name, production) || isTestingCompany(name, local)).toBe(false);
      }),
    );
  });
});
