/** uncheckedBodyFields: the fields a preValidation hook may read of a body not yet checked (issue 41). */
import { describe, expect, it } from 'vitest';
import { uncheckedBodyFields } from '../../../server/http/unchecked-body.ts';

describe('uncheckedBodyFields', () => {
  it('gives a JSON object body its own fields', () => {
    expect(uncheckedBodyFields({ session_key: 'k', application_id: 7 })).toEqual({
      session_key: 'k',
      application_id: 7,
    });
  });

  it('gives no fields for a body that is not a JSON object', () => {
    for (const body of [undefined, null, 'session_key=k', 42, true, [{ session_key: 'k' }]]) {
      expect(uncheckedBodyFields(body)).toEqual({});
    }
  });
});
