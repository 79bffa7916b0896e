import { describe, expect, it } from 'vitest';
import { formatParam } from '../../engine/format-param.ts';

describe('formatParam', () => {
  it('formats numbers by format and leaves other values as text', () => {
    expect(formatParam(25000, 'currency')).toBe('$25,000');
    expect(formatParam(1250.5, 'number')).toBe('1,250.5');
    expect(formatParam(25000)).toBe('25000');
    expect(formatParam('abc', 'currency')).toBe('abc');
    expect(formatParam(null, 'currency')).toBe('');
  });
});
