/**
 * /dashboard/portal-settings/messaging-console: sections and empty states, SMTP password
 * write-only, templates with short codes, webhook https-only with its secret shown once, delivery
 * log, test and rotation, API secret shown once (locked, naming the plan, on a plan without API
 * credentials), API management; the rules as properties. SPEC §2 Dialogs; docs/api-accounts.md.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertAtCursor } from '../../portal/features/admin/api/insert-at-cursor.ts';
import { isHttpsUrl } from '../../portal/features/admin/api/is-https-url.ts';
import { setSettingsCompanyId } from '../../portal/features/admin/api/settings-company-store.ts';
import type { WebhookDelivery } from '../../portal/features/admin/api/webhook-deliveries-api.ts';
import { MessagingConsolePage } from '../../portal/features/admin/components/messaging-console-page.tsx';
import { smtpBody } from '../../portal/features/admin/components/smtp-dialog.tsx';
import { unknownShortCodes } from '../../portal/features/admin/components/templates-dialog.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { PLANS } from '../../server/services/plans.ts';
import { settingsFixture } from './admin-settings-fixtures.ts';
import { ALL_AREAS } from './all-areas.ts';
import { envelope, mockFetch, type RecordedCall, renderWithProviders } from './render-with-providers.tsx';

/** Signs in `role` of an agency whose plan has API credentials, or (`withKeys` false) lacks them. */
function signInAs(role: string, withKeys = true) {
  const areas = withKeys ? ALL_AREAS : ALL_AREAS.filter((area) => area !== 'api-credentials');
  setSession(
    'sk-1',
    { id: 1, name: 'Sam', role, mga_company: { id: 10, name: 'Acme' }, user_accesses_final: areas },
    null,
  );
}

const credential = {
  id: 4,
  name: 'CRM',
  key_id: 'key_abc',
  scopes: ['applications:read'],
  created_at: '2026-05-01T10:00:00Z',
  rotated_at: null,
  revoked_at: null,
  last_used_at: null,
};

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSettingsCompanyId(null);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function bodyOf(calls: RecordedCall[], path: string) {
  return calls.find((call) => call.path === path)?.body;
}

describe('messaging console', () => {
  it('shows every section', async () => {
    signInAs('admin');
    mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<MessagingConsolePage />);
    const smtp = await screen.findByRole('region', { name: 'SMTP' });
    expect(smtp.textContent).toContain('smtp.acme.test:587');
    expect(smtp.textContent).toContain('Password set');
    expect(smtp.textContent).not.toContain('mailer-password');
    expect(screen.getByRole('region', { name: 'Email templates' }).textContent).toContain('Quote ready');
    expect(screen.getByRole('region', { name: 'SMS templates' }).textContent).toContain(
      'No SMS templates yet.',
    );
    expect(screen.getByRole('region', { name: 'Short codes' }).textContent).toContain('2 short codes');
    expect(screen.getByRole('region', { name: 'Customer quotes webhook' }).textContent).toContain(
      'No webhook set.',
    );
    expect(screen.getByRole('region', { name: 'API management' }).textContent).toContain('Disabled');
  });

  it('shows the empty state of SMTP', async () => {
    signInAs('admin');
    mockFetch(() => envelope({ settings: settingsFixture({ smtp: null, email_templates: [] }) }));
    renderWithProviders(<MessagingConsolePage />);
    expect(await screen.findByText('SMTP is not set up yet.')).toBeTruthy();
    expect(screen.getByText('No email templates yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up SMTP' })).toBeTruthy();
  });

  it('a customer sees no access', async () => {
    signInAs('customer');
    const calls = mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<MessagingConsolePage />);
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have access to this page.');
    expect(calls).toEqual([]);
  });

  it('SMTP keeps the stored password unless a new one is typed', async () => {
    signInAs('admin');
    const calls = mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit SMTP' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Password set')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save SMTP' }));
    await waitFor(() => expect(bodyOf(calls, 'portal-settings/update-smtp')).toBeTruthy());
    expect(bodyOf(calls, 'portal-settings/update-smtp')).toEqual({
      session_key: 'sk-1',
      smtp: {
        host: 'smtp.acme.test',
        port: 587,
        username: 'mailer',
        from_email: 'no-reply@acme.test',
        from_name: 'Acme',
        secure: true,
      },
    });
  });

  it('SMTP sends a replaced password', async () => {
    signInAs('admin');
    const calls = mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit SMTP' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace password' }));
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'n3w-secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save SMTP' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'portal-settings/update-smtp')?.smtp).toMatchObject({ password: 'n3w-secret' }),
    );
  });

  it('the SMS provider keeps the stored auth token unless a new one is typed', async () => {
    signInAs('admin');
    const sid = `AC${'ab'.repeat(16)}`;
    const calls = mockFetch(() =>
      envelope({
        settings: settingsFixture({
          sms_provider: { account_sid: sid, from_number: '+17865550100', has_auth_token: true },
        }),
      }),
    );
    renderWithProviders(<MessagingConsolePage />);
    const card = await screen.findByRole('region', { name: 'SMS provider' });
    expect(card.textContent).toContain('+17865550100');
    expect(card.textContent).toContain('Auth token set');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit SMS provider' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save SMS provider' }));
    await waitFor(() => expect(bodyOf(calls, 'portal-settings/update-sms-provider')).toBeTruthy());
    expect(bodyOf(calls, 'portal-settings/update-sms-provider')).toEqual({
      session_key: 'sk-1',
      sms_provider: { account_sid: sid, from_number: '+17865550100' },
    });
  });

  it('the SMS provider dialog asks for a token and a Twilio account SID when none is set', async () => {
    signInAs('admin');
    const calls = mockFetch(() => envelope({ settings: settingsFixture({ sms_provider: null }) }));
    renderWithProviders(<MessagingConsolePage />);
    expect(await screen.findByText('No SMS provider: texts go to the local sink.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up SMS provider' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Account SID/), { target: { value: 'AC123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save SMS provider' }));
    expect(await within(dialog).findByText('Enter the auth token.')).toBeTruthy();
    expect(within(dialog).getByText(/AC followed by 32/)).toBeTruthy();
    expect(bodyOf(calls, 'portal-settings/update-sms-provider')).toBeUndefined();
  });

  it('the webhook dialog refuses http and sends https', async () => {
    signInAs('admin');
    const calls = mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit webhook URL' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Webhook URL');
    fireEvent.change(input, { target: { value: 'http://hooks.acme.test/quotes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save webhook' }));
    expect(await within(dialog).findByText('The webhook URL must use https.')).toBeTruthy();
    expect(bodyOf(calls, 'portal-settings/update-webhook')).toBeUndefined();
    fireEvent.change(input, { target: { value: 'https://hooks.acme.test/quotes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'portal-settings/update-webhook')).toEqual({
        session_key: 'sk-1',
        customer_quotes_webhook_url: 'https://hooks.acme.test/quotes',
      }),
    );
  });

  it("the webhook dialog shows the server's refusal under the field", async () => {
    signInAs('admin');
    mockFetch((path) =>
      path === 'portal-settings/update-webhook'
        ? envelope(null, {
            status: 'error',
            code: 422,
            message: 'The webhook URL must use https.',
            error_obj: { customer_quotes_webhook_url: 'The webhook URL must use https.' },
          })
        : envelope({ settings: settingsFixture() }),
    );
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit webhook URL' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Webhook URL'), { target: { value: 'https://ok.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save webhook' }));
    expect(await within(dialog).findByText('The webhook URL must use https.')).toBeTruthy();
  });

  it('shows the webhook signing secret once when the first URL is saved', async () => {
    signInAs('admin');
    mockFetch((path) =>
      path === 'portal-settings/update-webhook'
        ? envelope({
            settings: settingsFixture({
              customer_quotes_webhook_url: 'https://h.test/q',
              has_webhook_secret: true,
            }),
            webhook_secret: 'whsec_ONCE',
          })
        : path === 'portal-settings/list-webhook-deliveries'
          ? envelope({ deliveries: [] })
          : envelope({ settings: settingsFixture() }),
    );
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit webhook URL' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Webhook URL'), { target: { value: 'https://h.test/q' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save webhook' }));
    expect((await within(dialog).findByTestId('webhook-secret')).textContent).toBe('whsec_ONCE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('whsec_ONCE');
    expect((await screen.findByRole('region', { name: 'Webhook deliveries' })).textContent).toContain(
      'No deliveries yet',
    );
  });

  it('lists webhook deliveries newest first in their colours, sends a test and rotates the secret', async () => {
    signInAs('admin');
    const attempt: WebhookDelivery = {
      id: 1,
      event: 'quotes.completed',
      delivery_id: 'd-1',
      application_id: 42,
      attempt: 1,
      url: 'https://h.test/q',
      outcome: 'retrying',
      status_code: 500,
      duration_ms: 31,
      error: 'The receiver answered 500.',
      response_excerpt: 'oops',
      created_at: '2026-05-01T10:00:00Z',
      finished_at: '2026-05-01T10:00:00Z',
    };
    let deliveries: WebhookDelivery[] = [attempt];
    const calls = mockFetch((path) => {
      if (path === 'portal-settings/list-webhook-deliveries') return envelope({ deliveries });
      if (path === 'portal-settings/send-test-webhook') {
        const test: WebhookDelivery = {
          ...attempt,
          id: 2,
          event: 'test',
          application_id: null,
          outcome: 'delivered',
          status_code: 200,
          error: null,
          response_excerpt: 'thanks',
        };
        deliveries = [test, attempt];
        return envelope({ delivery: test }, { message: 'Test delivered: the receiver answered 200.' });
      }
      const settings = settingsFixture({
        customer_quotes_webhook_url: 'https://h.test/q',
        has_webhook_secret: true,
      });
      if (path === 'portal-settings/rotate-webhook-secret')
        return envelope({ settings, webhook_secret: 'whsec_NEW' });
      return envelope({ settings });
    });
    renderWithProviders(<MessagingConsolePage />);
    const panel = await screen.findByRole('region', { name: 'Webhook deliveries' });
    const table = await within(panel).findByRole('table', { name: 'Webhook deliveries' });
    expect(within(table).getByText('Retrying')).toBeTruthy();
    expect(table.textContent).toContain('Application 42');
    expect(table.textContent).toContain('The receiver answered 500.');
    fireEvent.click(within(panel).getByRole('button', { name: 'Send test' }));
    expect((await within(panel).findByTestId('webhook-test-outcome')).textContent).toContain(
      'Test delivered: the receiver answered 200.',
    );
    await waitFor(() => expect(within(panel).getAllByRole('row')).toHaveLength(3));
    const rows = within(panel).getAllByRole('row');
    expect(rows[1].textContent).toContain('Delivered');
    expect(rows[2].textContent).toContain('Retrying');
    fireEvent.click(within(panel).getByRole('button', { name: 'Rotate secret' }));
    expect(bodyOf(calls, 'portal-settings/rotate-webhook-secret')).toBeUndefined();
    fireEvent.click(within(panel).getByRole('button', { name: 'Rotate now' }));
    expect((await within(panel).findByTestId('webhook-secret')).textContent).toBe('whsec_NEW');
    expect(bodyOf(calls, 'portal-settings/rotate-webhook-secret')).toEqual({ session_key: 'sk-1' });
  });

  it('shows a new API secret once, with a copy button, and never again', async () => {
    signInAs('admin');
    let listed = [credential];
    const calls = mockFetch((path) => {
      if (path === 'api-credentials/list') return envelope({ credentials: listed });
      if (path === 'api-credentials/create') {
        listed = [credential, { ...credential, id: 5, name: 'Website', key_id: 'key_new' }];
        return envelope({
          credential: { ...credential, id: 5, name: 'Website', key_id: 'key_new', secret: 'sk_live_ONCE' },
        });
      }
      return envelope({ settings: settingsFixture() });
    });
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage API credentials' }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('key_abc')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Credential name'), { target: { value: 'Website' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create credential' }));
    expect((await within(dialog).findByTestId('api-secret')).textContent).toBe('sk_live_ONCE');
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(bodyOf(calls, 'api-credentials/create')).toEqual({
      session_key: 'sk-1',
      name: 'Website',
      scopes: ['applications:read'],
    });
    // Shown in the secret box and, after the refresh, in the list.
    await waitFor(() => expect(within(dialog).getAllByText('key_new')).toHaveLength(2));
    // Close and reopen: the list comes back without any secret.
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(within(dialog).queryByTestId('api-secret')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Manage API credentials' }));
    dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('key_new');
    expect(within(dialog).queryByTestId('api-secret')).toBeNull();
    expect(document.body.textContent).not.toContain('sk_live_ONCE');
  });

  it('revokes a credential after confirmation', async () => {
    signInAs('admin');
    const calls = mockFetch((path) => {
      if (path === 'api-credentials/list') return envelope({ credentials: [credential] });
      if (path === 'api-credentials/revoke')
        return envelope({ credential: { ...credential, revoked_at: 'x' } });
      return envelope({ settings: settingsFixture() });
    });
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage API credentials' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Revoke CRM' }));
    expect(bodyOf(calls, 'api-credentials/revoke')).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm revoke' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'api-credentials/revoke')).toEqual({ session_key: 'sk-1', credential_id: 4 }),
    );
  });

  it('shows the empty state of API credentials', async () => {
    signInAs('admin');
    mockFetch((path) =>
      path === 'api-credentials/list'
        ? envelope({ credentials: [] })
        : envelope({ settings: settingsFixture() }),
    );
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage API credentials' }));
    expect(await screen.findByText('No API credentials yet')).toBeTruthy();
  });

  it('locks API credentials on a plan without them, naming the plan that has them (issue 43)', async () => {
    signInAs('admin', false);
    const calls = mockFetch((path) =>
      path === 'plans/list'
        ? envelope({ plans: PLANS, current_plan_id: 'starter', has_active_subscription: true })
        : envelope({ settings: settingsFixture() }),
    );
    renderWithProviders(<MessagingConsolePage />);
    const card = await screen.findByRole('region', { name: 'API credentials' });
    expect(
      await within(card).findByText('Your plan does not include API credentials. The Agency plan has it.'),
    ).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/dashboard/plans',
    );
    expect(within(card).queryByRole('button')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('api-credentials/'))).toBe(false);
  });

  it('an SMS template gets a short code inserted and is sent', async () => {
    signInAs('admin');
    const calls = mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage SMS templates' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Template name/), { target: { value: 'Ready' } });
    fireEvent.change(within(dialog).getByLabelText(/^Body/), { target: { value: 'Quotes: ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '{{quote_link}}' }));
    expect((within(dialog).getByLabelText(/^Body/) as HTMLTextAreaElement).value).toBe(
      'Quotes: {{quote_link}}',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'portal-settings/sms-templates/create')).toEqual({
        session_key: 'sk-1',
        item: { name: 'Ready', body: 'Quotes: {{quote_link}}' },
      }),
    );
  });

  it('refuses a template with an unknown short code', async () => {
    signInAs('admin');
    const calls = mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage email templates' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Template name/), { target: { value: 'X' } });
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: 'Hi' } });
    fireEvent.change(within(dialog).getByLabelText(/^Body/), { target: { value: 'Hello {{xyz}}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    expect(await within(dialog).findByText('Unknown short code: {{xyz}}.')).toBeTruthy();
    expect(bodyOf(calls, 'portal-settings/email-templates/create')).toBeUndefined();
  });

  it('API management sends access, origins and rate limit', async () => {
    signInAs('admin');
    const calls = mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<MessagingConsolePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit API management' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('API access enabled'));
    fireEvent.change(within(dialog).getByLabelText('Rate limit (requests a minute)'), {
      target: { value: '120' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save API management' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'portal-settings/update-api-management')).toEqual({
        session_key: 'sk-1',
        api_management: { enabled: true, allowed_origins: [], rate_limit_per_minute: 120 },
      }),
    );
  });
});

describe('rules', () => {
  it('only absolute https URLs with a host and no credentials pass', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https', 'http', 'ftp'] }), (url) => {
        const parsed = new URL(url);
        expect(isHttpsUrl(url)).toBe(parsed.protocol === 'https:' && !parsed.username && !parsed.password);
      }),
    );
    expect(isHttpsUrl('https://user:pw@acme.test')).toBe(false);
    expect(isHttpsUrl('/relative')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
  });

  it('short code insertion keeps the text around the selection', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.nat(), fc.nat(), (text, code, a, b) => {
        const start = Math.min(a, b) % (text.length + 1);
        const end = Math.max(start, Math.max(a, b) % (text.length + 1));
        const result = insertAtCursor(text, code, start, end);
        expect(result.text).toBe(text.slice(0, start) + code + text.slice(end));
        expect(result.caret).toBe(start + code.length);
      }),
    );
    expect(insertAtCursor('ab', 'X')).toEqual({ text: 'abX', caret: 3 });
  });

  it('known short codes are never reported unknown', () => {
    const known = [{ code: '{{first_name}}', description: '' }];
    fc.assert(
      fc.property(fc.array(fc.constantFrom('{{first_name}}', 'text ', '{{other}}')), (parts) => {
        const text = parts.join('');
        expect(unknownShortCodes(text, known)).toEqual(parts.includes('{{other}}') ? ['{{other}}'] : []);
      }),
    );
  });

  it('the SMTP body carries a password only when one is typed', () => {
    fc.assert(
      fc.property(fc.string(), (password) => {
        const body = smtpBody({
          host: 'h',
          port: 25,
          username: '',
          password,
          from_email: 'a@b.c',
          from_name: 'A',
          secure: false,
        });
        expect('password' in body).toBe(password !== '');
      }),
    );
  });
});
