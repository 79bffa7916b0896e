import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicationReference,
  parseApplicationReference,
} from '../../../server/services/application-reference.ts';

describe('application references (docs/decisions/040)', () => {
  it('pads to RMGA + 7 digits', () => {
    expect(applicationReference(42)).toBe('RMGA0000042');
    expect(applicationReference(12_345_678)).toBe('RMGA12345678');
  });

  it('parses back a reference or the bare id, in any case (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(parseApplicationReference(applicationReference(id))).toBe(id);
        expect(parseApplicationReference(applicationReference(id).toLowerCase())).toBe(id);
        expect(parseApplicationReference(String(id))).toBe(id);
      }),
    );
  });

  it('rejects anything else', () => {
    for (const term of ['', 'RMGA', 'abc', '12a', 'RMGA-12', '0', '99999999999']) {
      expect(parseApplicationReference(term)).toBeNull();
    }
  });
});
