import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { rjsfValidator } from '../../engine/react/rjsf-validator.ts';
import type { Doc } from '../../engine/types.ts';

/** RJSF hands the validator any value of the form (typed as the document). */
const isValid = (schema: RJSFSchema, value: unknown) =>
  rjsfValidator.isValid(schema, value as Doc, { type: 'object', properties: {} });
const raw = (schema: RJSFSchema, value: unknown) => rjsfValidator.rawValidation(schema, value as Doc);

describe('rjsfValidator', () => {
  it('tells RJSF which option of a oneOf a value matches, without Ajv', () => {
    const options = [
      { const: 1000, title: '$1,000' },
      { const: 5000, title: '$5,000' },
    ];
    expect(options.map((option) => isValid(option, 5000))).toEqual([false, true]);
    expect(isValid({ type: 'number', minimum: 1 }, 0)).toBe(false);
    expect(isValid({ type: 'number', minimum: 1 }, 1)).toBe(true);
  });

  it('answers false for a schema it cannot interpret, and the raw errors of a failed value', () => {
    expect(isValid({ $ref: '#/definitions/x' }, 1)).toBe(false);
    expect(raw({ $ref: '#/definitions/x' }, 1).validationError).toBeInstanceOf(Error);
    expect(raw({ type: 'string', maxLength: 2 }, 'abc').errors).toEqual([
      expect.objectContaining({ keyword: 'maxLength', schemaPath: '#/maxLength' }),
    ]);
    expect(raw({ type: 'string' }, 'abc')).toEqual({});
  });
});
