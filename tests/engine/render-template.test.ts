import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../engine/render-template.ts';

describe('renderTemplate', () => {
  it('fills known placeholders and leaves the rest', () => {
    expect(renderTemplate('{label} over {amount} {unknown}', { label: 'Cost', amount: '$5' })).toBe(
      'Cost over $5 {unknown}',
    );
    expect(renderTemplate('{a}{a}', { a: '$&' })).toBe('$&$&');
  });
});
