/** SPEC §8 automatic reload on two DOM errors, at most once per 10 s (SPEC §9 reload guard). */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS } from '../../portal/lib/constants.ts';
import { isReloadableDomError, reloadOnDomError } from '../../portal/lib/reload-guard.ts';

const REMOVE =
  "Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.";
const INSERT =
  "Failed to execute 'insertBefore' on 'Node': The node before which the new node is to be inserted is not a child of this node.";

beforeEach(() => sessionStorage.clear());

describe('reloadOnDomError', () => {
  it('reloads for the two DOM errors only', () => {
    expect(isReloadableDomError(REMOVE)).toBe(true);
    expect(isReloadableDomError(INSERT)).toBe(true);
    expect(isReloadableDomError('TypeError: x is undefined')).toBe(false);
  });

  it('never reloads twice within the guard window', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 1, maxLength: 20 }), (gaps) => {
        sessionStorage.clear();
        let now = 1_000_000;
        const reloads: number[] = [];
        for (const gap of gaps) {
          now += gap;
          reloadOnDomError(REMOVE, now, () => reloads.push(now));
        }
        expect(reloads[0]).toBe(1_000_000 + gaps[0]);
        for (let i = 1; i < reloads.length; i++)
          expect(reloads[i] - reloads[i - 1]).toBeGreaterThanOrEqual(RELOAD_GUARD_MS);
      }),
    );
  });
});
