/**
 * The profile's Passkeys card (issue 38, ADR 755): a first passkey's recovery codes, which
 * auth/mfa/passkey-register answers once, are shown once as the authenticator app's are, and
 * "I have saved my recovery codes" puts them away for good; a passkey added without codes shows
 * none. The browser's prompt is stubbed (jsdom has no WebAuthn).
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasskeysCard } from '../../portal/features/profile/components/passkeys-card.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

vi.mock('../../portal/lib/passkey-ceremony.ts', () => ({
  PASSKEY_UNSUPPORTED_MESSAGE: 'This browser cannot use passkeys.',
  passkeysSupported: () => true,
  createPasskey: async () => ({
    response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {}, clientExtensionResults: {} },
  }),
}));

const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const PASSKEY = { id: 7, name: 'Work laptop', created_at: '2026-11-29T10:00:00Z', transports: ['internal'] };

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 2, name: 'Ada Agent', email: 'ada@demo.test', role: 'agent' }, null);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Renders the card with `added` as passkey-register's answer; adds a passkey named "Work laptop". */
async function addPasskey(added: object) {
  let stored: object[] = [];
  const calls = mockFetch((path) => {
    if (path === 'auth/mfa/passkey-register-options') return envelope({ challenge: 'Y2hhbGxlbmdl' });
    if (path === 'auth/mfa/passkey-register') {
      stored = [PASSKEY];
      return envelope(added);
    }
    if (path === 'auth/mfa/status')
      return envelope({
        totp_enabled: false,
        recovery_codes_left: 10,
        passkeys: 1,
        required_by_company: false,
      });
    return envelope({ passkeys: stored });
  });
  renderWithProviders(<PasskeysCard />);
  await screen.findByText('No passkeys yet.');
  fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: 'Work laptop' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
  await screen.findByText('Passkey "Work laptop" added. Two-step sign-in is on.');
  return calls;
}

describe('PasskeysCard', () => {
  it("shows a first passkey's recovery codes once, then puts them away", async () => {
    const calls = await addPasskey({ passkey: PASSKEY, recovery_codes: CODES });
    expect(calls.find((call) => call.path === 'auth/mfa/passkey-register')?.body).toMatchObject({
      name: 'Work laptop',
    });
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByText(/They are not shown again\./)).toBeTruthy();
    // The form waits until the codes are saved.
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
    expect(screen.queryByText(CODES[0])).toBeNull();
  });

  it('shows no codes for a passkey added beside other factors', async () => {
    await addPasskey({ passkey: PASSKEY });
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });
});
