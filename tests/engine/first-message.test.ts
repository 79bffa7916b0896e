import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { firstMessage } from '../../engine/first-message.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { basicSet, mainCtx, validMainDoc } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('firstMessage', () => {
  it('returns the first message text', () => {
    expect(
      firstMessage(
        compiled,
        validateDocument(compiled, { ...validMainDoc(), phone: '1', email: 'x' }, mainCtx),
      ),
    ).toBe('Invalid Email!');
  });

  it('returns the fallback message when there is none', () => {
    expect(firstMessage(compiled, [])).toBe('invalid data');
  });
});
