/**
 * The administration tables' loading state (portal/features/admin/components/table-skeleton.tsx):
 * a named, busy status region that axe accepts. Without a role, a label on the skeleton's Stack is a
 * prohibited attribute (axe `aria-prohibited-attr`, serious) on a generic element.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { TableSkeleton } from '../../portal/features/admin/components/table-skeleton.tsx';

describe('TableSkeleton', () => {
  it('is a busy status region with its label and no ARIA violation', async () => {
    const { container } = render(
      <MantineProvider env="test">
        <TableSkeleton label="Loading the changes" rows={3} />
      </MantineProvider>,
    );
    const region = screen.getByRole('status', { name: 'Loading the changes' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    const results = await axe.run(container, {
      runOnly: ['aria-prohibited-attr', 'aria-allowed-attr', 'aria-allowed-role'],
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
