import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { fieldLabel } from '../../engine/field-label.ts';
import { basicSet } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('fieldLabel', () => {
  it('uses the title, else the key, and shows underscores as spaces', () => {
    expect(fieldLabel(compiled, 'year_made')).toEqual({ label: 'Year made', field_name: 'year made' });
    expect(fieldLabel(compiled, 'code')).toEqual({ label: 'code', field_name: 'code' });
  });
});
