import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeValidation } from '../../../server/http/error-handler.ts';

describe('describeValidation', () => {
  it('names the path of unknown, missing and wrong properties', () => {
    const { message, errorObj } = describeValidation(
      [
        {
          instancePath: '/address',
          keyword: 'additionalProperties',
          params: { additionalProperty: 'extra' },
          message: 'x',
        },
        { instancePath: '', keyword: 'required', params: { missingProperty: 'address' }, message: 'x' },
        {
          instancePath: '/address/zip',
          keyword: 'pattern',
          params: {},
          message: 'must match pattern "^[0-9]{5}$"',
        },
      ],
      'body',
    );
    expect(message).toBe('Invalid request: body.address.extra is not an allowed property');
    expect(errorObj).toEqual({
      'body.address.extra': 'body.address.extra is not an allowed property',
      'body.address': 'body.address is required',
      'body.address.zip': 'body.address.zip must match pattern "^[0-9]{5}$"',
    });
  });

  it('always answers a message starting with "Invalid request: " and the first problem (property)', () => {
    const issue = fc.record({
      instancePath: fc
        .array(fc.stringMatching(/^[a-z_]{1,8}$/), { maxLength: 3 })
        .map((p) => p.map((s) => `/${s}`).join('')),
      keyword: fc.constantFrom('type', 'maxLength', 'enum', 'additionalProperties', 'required'),
      params: fc.record({
        additionalProperty: fc.stringMatching(/^[a-z]{1,5}$/),
        missingProperty: fc.stringMatching(/^[a-z]{1,5}$/),
      }),
      message: fc.string({ maxLength: 20 }),
    });
    fc.assert(
      fc.property(fc.array(issue, { minLength: 1, maxLength: 5 }), (issues) => {
        const { message, errorObj } = describeValidation(issues, 'body');
        const first = Object.values(errorObj)[0];
        expect(message).toBe(`Invalid request: ${first}`);
        for (const key of Object.keys(errorObj)) expect(key.startsWith('body')).toBe(true);
      }),
    );
  });
});
