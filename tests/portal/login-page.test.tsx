/**
 * Login page: labelled Email and Password, "Sign in", errors shown, session stored on success; a
 * sign-in that asks for a second factor loads its step (a chunk of its own) and stores no session.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../portal/features/auth/components/login-page.tsx';
import { getAuthState, reloadAuthFromStorage } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('signs in without a session key in the body and stores the session', async () => {
    const calls = mockFetch(() =>
      envelope({
        session_key: 'sk-new',
        user: { id: 1, name: 'Alex', image: 'x.png' },
        company: { id: 1, eo_data: {} },
      }),
    );
    const signedIn = vi.fn();
    renderWithProviders(<LoginPage onSignedIn={signedIn} />);
    await screen.findByRole('button', { name: 'Sign in' });
    fill('agent@demo.test', 'demo1234');
    await waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ path: 'auth/login', body: { email: 'agent@demo.test', password: 'demo1234' } }]);
    expect(getAuthState().session_key).toBe('sk-new');
    expect(getAuthState().user).not.toHaveProperty('image');
    expect(getAuthState().user?.company).not.toHaveProperty('eo_data');
  });

  it('loads the second factor step when the sign-in asks for one, and starts again from it', async () => {
    mockFetch(() =>
      envelope({ mfa_required: true, mfa_token: 'mfa-1', enrolment_required: false, methods: ['totp'] }),
    );
    const signedIn = vi.fn();
    renderWithProviders(<LoginPage onSignedIn={signedIn} />);
    await screen.findByRole('button', { name: 'Sign in' });
    fill('agent@demo.test', 'demo1234');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeTruthy();
    expect(screen.getByLabelText(/^Authentication code/)).toBeTruthy();
    expect(signedIn).not.toHaveBeenCalled();
    expect(getAuthState().session_key).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows the server message when the login fails and stays logged out', async () => {
    mockFetch(() => envelope(null, { status: 'error', code: 401, message: 'Invalid email or password.' }));
    const signedIn = vi.fn();
    renderWithProviders(<LoginPage onSignedIn={signedIn} />);
    await screen.findByRole('button', { name: 'Sign in' });
    fill('agent@demo.test', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(signedIn).not.toHaveBeenCalled();
    expect(getAuthState().session_key).toBe('');
  });

  it('checks the fields before calling', async () => {
    const calls = mockFetch(() => envelope(null));
    renderWithProviders(<LoginPage onSignedIn={() => {}} />);
    await screen.findByRole('button', { name: 'Sign in' });
    fill('not-an-email', '');
    expect(await screen.findByText('Invalid Email!')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty!')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
