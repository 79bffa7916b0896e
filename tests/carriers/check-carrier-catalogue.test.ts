/**
 * The publish checks of a carrier catalogue (issue 43, ADR 772; server/quoting/check-carrier-catalogue.ts):
 * carriers.json passes them; any JSON value is answered with problems, never an exception; a family
 * whose image is not its monogram, an eligibility rule reading outside doc and ctx, and a guide
 * named twice are each found at their path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { checkCarrierCatalogue } from '../../server/quoting/check-carrier-catalogue.ts';

const withChange = (change: (file: CarriersFile) => void): CarriersFile => {
  const file = structuredClone(carriersFile);
  change(file);
  return file;
};
const familyIndex = fc.integer({ min: 0, max: carriersFile.carriers.length - 1 });

describe('checkCarrierCatalogue', () => {
  it('passes carriers.json, the seed of version 1', () => {
    expect(checkCarrierCatalogue(carriersFile)).toEqual([]);
  });

  it('answers problems for any JSON value and never throws', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const problems = checkCarrierCatalogue(value);
        expect(problems.length).toBeGreaterThan(0);
        for (const problem of problems) expect(typeof problem.message).toBe('string');
      }),
      { numRuns: 200 },
    );
  });

  it('finds a family whose image is not its monogram at that family’s path', () => {
    fc.assert(
      fc.property(familyIndex, fc.stringMatching(/^[a-z]{1,12}$/), (index, other) => {
        const name = carriersFile.carriers[index]?.name;
        fc.pre(other !== name);
        const file = withChange((draft) => {
          (draft.carriers[index] as { image: string }).image = `/carriers/${other}.svg`;
        });
        expect(checkCarrierCatalogue(file)).toContainEqual({
          path: `carriers/${index}/image`,
          message: `must be /carriers/${name}.svg (its monogram)`,
        });
      }),
      { numRuns: 25 },
    );
  });

  it('finds an eligibility rule that reads outside doc and ctx, and a guide two families name', () => {
    fc.assert(
      fc.property(familyIndex, fc.constantFrom('user.name', 'answer.premium', 'env'), (index, path) => {
        const file = withChange((draft) => {
          const family = draft.carriers[index] as CarriersFile['carriers'][number];
          family.eligibility = [
            ...family.eligibility,
            { id: 'odd', when: { var: path }, decline_message: 'No.' },
          ];
        });
        expect(checkCarrierCatalogue(file)).toContainEqual({
          path: `carriers/${index}/eligibility/${carriersFile.carriers[index]?.eligibility.length}/when`,
          message: `"${path}" reads none of doc, ctx`,
        });
      }),
      { numRuns: 25 },
    );
    const guided = carriersFile.carriers.flatMap((family, index) => (family.guideDocument ? [index] : []));
    const [first, second] = guided as [number, number];
    const twice = withChange((draft) => {
      (draft.carriers[second] as { guideDocument: string | null }).guideDocument =
        carriersFile.carriers[first]?.guideDocument ?? null;
    });
    expect(checkCarrierCatalogue(twice)).toContainEqual({
      path: `carriers/${second}/guideDocument`,
      message: `is also ${carriersFile.carriers[first]?.name}'s guide`,
    });
  });
});
