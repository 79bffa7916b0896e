/** Forgot password, reset password and SAML sign-in pages: the calls, their bodies and what each answer shows. */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { samlIdentifierOf } from '../../portal/features/auth/api/saml-sso-login.ts';
import { ForgotPasswordPage } from '../../portal/features/auth/components/forgot-password-page.tsx';
import {
  INVALID_RESET_LINK_MESSAGE,
  ResetPasswordPage,
} from '../../portal/features/auth/components/reset-password-page.tsx';
import { SamlSsoLoginPage } from '../../portal/features/auth/components/saml-sso-login-page.tsx';
import { getAuthState, reloadAuthFromStorage } from '../../portal/lib/auth-store.ts';
import { FORGOT_PASSWORD_CONFIRMATION } from '../../portal/lib/constants.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const TOKEN = 'ab'.repeat(32);

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ForgotPasswordPage', () => {
  it.each([
    ['an account', envelope(null, { message: FORGOT_PASSWORD_CONFIRMATION })],
    ['no account', envelope(null, { message: FORGOT_PASSWORD_CONFIRMATION })],
  ])('shows the same confirmation for %s, sending only the e-mail', async (_label, answer) => {
    const calls = mockFetch(() => answer);
    renderWithProviders(<ForgotPasswordPage />);
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: ' ada@demo.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(FORGOT_PASSWORD_CONFIRMATION);
    expect(calls).toEqual([{ path: 'auth/forgot-password', body: { email: 'ada@demo.test' } }]);
  });

  it('checks the e-mail before calling and shows the rate limit as an error', async () => {
    const calls = mockFetch(() =>
      envelope(null, { status: 'error', code: 429, message: 'Too many login attempts. Try again later.' }),
    );
    renderWithProviders(<ForgotPasswordPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email cannot be empty!')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many login attempts. Try again later.');
    expect(screen.queryByText(FORGOT_PASSWORD_CONFIRMATION)).toBeNull();
  });
});

describe('ResetPasswordPage', () => {
  function fill(password: string, confirm: string) {
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  }

  it('sends the token and the new password, then goes to sign in', async () => {
    const calls = mockFetch(() => envelope(null, { message: 'Your password has been reset.' }));
    const onReset = vi.fn();
    renderWithProviders(<ResetPasswordPage token={TOKEN} onReset={onReset} />);
    await screen.findByRole('button', { name: 'Set new password' });
    fill('brand-new-pass', 'brand-new-pass');
    await waitFor(() => expect(onReset).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      { path: 'auth/reset-password', body: { token: TOKEN, password: 'brand-new-pass' } },
    ]);
  });

  it('refuses a short password or a different confirmation without calling', async () => {
    const calls = mockFetch(() => envelope(null));
    renderWithProviders(<ResetPasswordPage token={TOKEN} onReset={() => {}} />);
    await screen.findByRole('button', { name: 'Set new password' });
    fill('short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeTruthy();
    fill('long-enough-1', 'long-enough-2');
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of an expired link and stays", async () => {
    mockFetch(() => envelope(null, { status: 'error', code: 422, message: INVALID_RESET_LINK_MESSAGE }));
    const onReset = vi.fn();
    renderWithProviders(<ResetPasswordPage token={TOKEN} onReset={onReset} />);
    await screen.findByRole('button', { name: 'Set new password' });
    fill('brand-new-pass', 'brand-new-pass');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_RESET_LINK_MESSAGE);
    expect(onReset).not.toHaveBeenCalled();
    // The page shows it; the client's toast is suppressed.
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it.each([undefined, '', 'not-a-token'])('shows the invalid-link state for token %j', async (token) => {
    renderWithProviders(<ResetPasswordPage token={token} onReset={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_RESET_LINK_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
  });
});

describe('SAML sign-in', () => {
  it('reads digits as a company id and an address as an e-mail; nothing else is sent', () => {
    expect(samlIdentifierOf(' 42 ')).toEqual({ company_id: 42 });
    expect(samlIdentifierOf('ada@agency.com')).toEqual({ email: 'ada@agency.com' });
    expect(samlIdentifierOf('agency.com')).toBeNull();
    expect(samlIdentifierOf('   ')).toBeNull();
    fc.assert(fc.property(fc.nat(), (id) => Object.hasOwn(samlIdentifierOf(String(id)) ?? {}, 'company_id')));
  });

  it("goes to the server's SAML login for a configured company", async () => {
    const calls = mockFetch(() => envelope({ redirect_url: '/api/auth/saml/42/login' }));
    const goTo = vi.fn();
    renderWithProviders(<SamlSsoLoginPage goTo={goTo} onSignedIn={() => {}} />);
    fireEvent.change(await screen.findByLabelText(/^Company ID or work e-mail/), {
      target: { value: '42' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(goTo).toHaveBeenCalledWith(`${window.location.origin}/api/auth/saml/42/login`),
    );
    expect(calls).toEqual([{ path: 'auth/saml-sso-login', body: { company_id: 42 } }]);
  });

  it("shows the server's message when SAML is not configured", async () => {
    const message = 'SAML sign-in is not configured for this company.';
    const calls = mockFetch(() => envelope(null, { status: 'error', code: 422, message }));
    const goTo = vi.fn();
    renderWithProviders(<SamlSsoLoginPage goTo={goTo} onSignedIn={() => {}} />);
    fireEvent.change(await screen.findByLabelText(/^Company ID or work e-mail/), {
      target: { value: 'agency.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your company ID or your work e-mail address.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Company ID or work e-mail/), {
      target: { value: 'ada@agency.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(goTo).not.toHaveBeenCalled();
    expect(calls).toEqual([{ path: 'auth/saml-sso-login', body: { email: 'ada@agency.com' } }]);
  });

  it('on return with a one-time ?code= spends it with auth/saml-sso-complete, stores the session and signs in', async () => {
    const calls = mockFetch(() =>
      envelope({
        session_key: 'sk-saml',
        user: { id: 9, name: 'Sam Saml', role: 'agent', image: 'x.png' },
        company: { id: 2, name: 'Demo Agency', is_testing_company: false, eo_data: { expiry: '2030-01-01' } },
        user_settings: {
          timezone: null,
          email_notifications: true,
          sms_notifications: false,
          default_per_page: 25,
        },
      }),
    );
    const onSignedIn = vi.fn();
    renderWithProviders(<SamlSsoLoginPage code="c0de" onSignedIn={onSignedIn} />);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    // Spent once, though strict mode runs the effect twice; no session key travelled in the URL.
    expect(calls).toEqual([{ path: 'auth/saml-sso-complete', body: { code: 'c0de' } }]);
    const state = getAuthState();
    expect(state.session_key).toBe('sk-saml');
    expect(state.user?.name).toBe('Sam Saml');
    expect(state.user).not.toHaveProperty('image');
    expect(state.user?.company).not.toHaveProperty('eo_data');
    expect(state.user_settings).toEqual({
      timezone: null,
      email_notifications: true,
      sms_notifications: false,
      default_per_page: 25,
    });
  });

  it('on return with a spent code or ?error= stays signed out and says so', async () => {
    const expired = 'This single sign-on has expired. Sign in again.';
    mockFetch(() => envelope(null, { status: 'error', code: 401, message: expired }));
    const onSignedIn = vi.fn();
    const view = renderWithProviders(<SamlSsoLoginPage code="spent" onSignedIn={onSignedIn} />);
    expect((await screen.findByRole('alert')).textContent).toBe(expired);
    expect(getAuthState().session_key).toBe('');
    expect(onSignedIn).not.toHaveBeenCalled();
    view.unmount();
    renderWithProviders(
      <SamlSsoLoginPage
        error="No user of this company matches the signed-in account."
        onSignedIn={onSignedIn}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No user of this company matches the signed-in account.',
    );
  });
});
