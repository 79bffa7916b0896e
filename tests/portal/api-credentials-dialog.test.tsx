/**
 * The API credentials dialog as the partner API keys' console (issue 16): scopes chosen at
 * creation and shown per key, edited later (name and scopes, confirmed by a toast), a rotated secret shown once (and gone after closing), revoked keys
 * without actions, and the portal's scope list the same as the server's.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_SCOPE_OPTIONS } from '../../portal/features/admin/api/partner-scope-options.ts';
import { ApiCredentialsDialog } from '../../portal/features/admin/components/api-credentials-dialog.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { PARTNER_SCOPES } from '../../server/auth/partner-scopes.ts';
import { envelope, mockFetch, type RecordedCall, renderWithProviders } from './render-with-providers.tsx';

const live = {
  id: 4,
  name: 'CRM',
  key_id: 'ak_live',
  scopes: ['applications:read', 'applications:launch'],
  created_at: '2026-05-01T10:00:00Z',
  rotated_at: null,
  revoked_at: null,
  last_used_at: null,
};
const revoked = {
  ...live,
  id: 5,
  name: 'Old site',
  key_id: 'ak_old',
  scopes: [],
  revoked_at: '2026-06-01T00:00:00Z',
};

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 1, name: 'Ada', role: 'admin', mga_company: { id: 10, name: 'Acme' } }, null);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The dialog with a button that closes and reopens it, as the console does. */
function Toggled() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened((value) => !value)}>
        Toggle dialog
      </button>
      <ApiCredentialsDialog opened={opened} companyId={null} onClose={() => setOpened(false)} />
    </>
  );
}

const bodyOf = (calls: RecordedCall[], path: string) => calls.find((call) => call.path === path)?.body;

describe('API credentials dialog', () => {
  it('offers exactly the server scopes, in its order', () => {
    expect(PARTNER_SCOPE_OPTIONS.map((option) => option.value)).toEqual([...PARTNER_SCOPES]);
  });

  it('creates a key with the chosen scopes and shows each key with its scopes', async () => {
    const calls = mockFetch((path) => {
      if (path === 'api-credentials/create')
        return envelope({
          credential: { ...live, id: 6, name: 'Sync', scopes: ['applications:write'], secret: 'sk_NEW' },
        });
      return envelope({ credentials: [live, revoked] });
    });
    renderWithProviders(<ApiCredentialsDialog opened companyId={null} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const table = await within(dialog).findByRole('table', { name: 'API credentials' });
    const [, liveRow, revokedRow] = within(table).getAllByRole('row');
    expect(within(liveRow).getByText('applications:read')).toBeTruthy();
    expect(within(liveRow).getByText('applications:launch')).toBeTruthy();
    expect(within(revokedRow).getByText('None')).toBeTruthy();
    // A revoked key can be neither rotated nor revoked again.
    expect(within(revokedRow).queryByRole('button')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Credential name'), { target: { value: 'Sync' } });
    fireEvent.click(within(dialog).getByLabelText('Read applications and their quotes'));
    fireEvent.click(within(dialog).getByLabelText('Create and update applications'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create credential' }));
    expect((await within(dialog).findByTestId('api-secret')).textContent).toBe('sk_NEW');
    expect(bodyOf(calls, 'api-credentials/create')).toEqual({
      session_key: 'sk-1',
      name: 'Sync',
      scopes: ['applications:write'],
    });
  });

  it('rotates after confirmation and shows the new secret once', async () => {
    const calls = mockFetch((path) => {
      if (path === 'api-credentials/rotate')
        return envelope({
          credential: { ...live, rotated_at: '2026-11-25T12:00:00Z', secret: 'sk_ROTATED' },
        });
      return envelope({ credentials: [live] });
    });
    renderWithProviders(<Toggled />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Rotate CRM' }));
    expect(bodyOf(calls, 'api-credentials/rotate')).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm rotate' }));
    expect((await within(dialog).findByTestId('api-secret')).textContent).toBe('sk_ROTATED');
    expect(within(dialog).getByText('Credential "CRM" rotated')).toBeTruthy();
    expect(within(dialog).getByText(/The previous secret no longer works/)).toBeTruthy();
    expect(bodyOf(calls, 'api-credentials/rotate')).toEqual({ session_key: 'sk-1', credential_id: 4 });

    // Closed and reopened: the secret is gone for good.
    fireEvent.click(screen.getByRole('button', { name: 'Toggle dialog', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Toggle dialog', hidden: true }));
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.queryByTestId('api-secret')).toBeNull());
    expect(document.body.textContent).not.toContain('sk_ROTATED');
  });
  it("edits a key's name and scopes after creation, confirms with a toast and shows the new scopes", async () => {
    let saved = false;
    const calls = mockFetch((path) => {
      if (path === 'api-credentials/update') {
        saved = true;
        return envelope({ credential: { ...live, name: 'CRM sync', scopes: ['applications:read'] } });
      }
      return envelope({
        credentials: [saved ? { ...live, name: 'CRM sync', scopes: ['applications:read'] } : live, revoked],
      });
    });
    renderWithProviders(<ApiCredentialsDialog opened companyId={null} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Edit CRM' }));
    const form = within(dialog).getByRole('form', { name: 'Edit CRM' });
    expect(within(form).getByLabelText<HTMLInputElement>('Read applications and their quotes').checked).toBe(
      true,
    );
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: ' CRM sync ' } });
    fireEvent.click(within(form).getByLabelText('Launch applications to carriers'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save scopes' }));
    await waitFor(() => expect(within(dialog).queryByRole('form', { name: 'Edit CRM' })).toBeNull());
    expect(bodyOf(calls, 'api-credentials/update')).toEqual({
      session_key: 'sk-1',
      credential_id: 4,
      name: 'CRM sync',
      scopes: ['applications:read'],
    });
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Credential saved' }));
    const table = within(dialog).getByRole('table', { name: 'API credentials' });
    await within(table).findByText('CRM sync');
    // No secret is shown for an edit: the key's secret did not change.
    expect(within(dialog).queryByTestId('api-secret')).toBeNull();
  });
});
