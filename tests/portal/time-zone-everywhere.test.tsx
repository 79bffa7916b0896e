/**
 * Timestamps outside the listing, dashboard and notes are in the user's time zone setting too
 * (issue 20, portal/lib/format-when.ts formatInUserZone): the user details dialog's Created and
 * Updated, in Los Angeles for one user and Tokyo for another, never "Just now".
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../portal/features/admin/api/users-api.ts';
import { UserDetailsDialog } from '../../portal/features/admin/components/user-details-dialog.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { formatInUserZone } from '../../portal/lib/format-when.ts';
import { renderWithProviders } from './render-with-providers.tsx';

const USER: UserRecord = {
  id: 2,
  name: 'Ada Agent',
  email: 'ada@acme.test',
  phone: null,
  role: 'agent',
  company: { id: 10, name: 'Acme Agency' },
  agent: { id: 5, licensed_states: ['FL'] },
  assigned_agent_id: null,
  created_at: '2026-11-20T03:30:00.000Z',
  updated_at: new Date().toISOString(),
};

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
});

describe("timestamps in the user's time zone", () => {
  it('formats an instant in the given zone, the browser zone for none or an unknown one, never "Just now"', () => {
    const now = new Date().toISOString();
    expect(formatInUserZone('2026-11-20T03:30:00.000Z', 'MMM D h:mm A', 'America/Los_Angeles')).toBe(
      'Nov 19 7:30 PM',
    );
    expect(formatInUserZone('2026-11-20T03:30:00.000Z', 'MMM D h:mm A', 'Asia/Tokyo')).toBe(
      'Nov 20 12:30 PM',
    );
    expect(formatInUserZone(now, 'YYYY')).not.toBe('Just now');
    expect(formatInUserZone('not a time', 'YYYY', 'Asia/Tokyo')).toBe('not a time');
  });

  it.each([
    ['America/Los_Angeles', 'Nov 19, 2026'],
    ['Asia/Tokyo', 'Nov 20, 2026'],
  ])('the user details dialog shows Created in %s', async (zone, day) => {
    setSession('sk-1', { id: 1, name: 'Sam Admin', role: 'admin' }, null, { timezone: zone });
    renderWithProviders(
      <UserDetailsDialog
        opened
        user={USER}
        assignedAgentName={null}
        canDelete={false}
        onEdit={() => {}}
        onDelete={() => {}}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText(day)).toBeTruthy();
    expect(screen.getByText(formatInUserZone(USER.updated_at, 'MMM D, YYYY h:mm A', zone))).toBeTruthy();
  });
});
