import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { validateFieldGroup } from '../../engine/validate-field-group.ts';
import { basicSet, liteCtx, mainCtx, validMainDoc } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('validateFieldGroup', () => {
  it('checks only the group fields, in form order', () => {
    const messages = validateFieldGroup(compiled, 'place', { email: 'nope' }, mainCtx);
    expect(messages.map((m) => m.rule_id)).toEqual(['required:alpha', 'required:kind', 'required:count']);
  });

  it('equals validateDocument restricted to the group', () => {
    const doc = { ...validMainDoc(), alpha: 'A', kind: 'z' };
    expect(validateFieldGroup(compiled, 'place', doc, liteCtx)).toEqual(
      validateDocument(compiled, doc, liteCtx, { fields: ['alpha', 'kind', 'count'] }),
    );
    expect(validateFieldGroup(compiled, 'place', doc, mainCtx).map((m) => m.field)).toEqual([
      'alpha',
      'kind',
    ]);
  });

  it('throws on an unknown group, including inherited object keys', () => {
    expect(() => validateFieldGroup(compiled, 'nope', {}, mainCtx)).toThrow('Unknown field group "nope"');
    expect(() => validateFieldGroup(compiled, 'toString', {}, mainCtx)).toThrow('Unknown field group');
  });
});
