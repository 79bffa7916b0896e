/**
 * The messaging console's Outbox tab (issue 43, docs/decisions/763): loaded only when opened; the
 * messages with their kind, recipient and status badge, Resend only on failed ones; the loading,
 * empty and error states; the filters sent as the call's body; Resend asks first, then calls with
 * the message, shows a renewed failure in the dialog and closes on success. The list body as a
 * property: empty filters and anything but an application id are left out.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NO_OUTBOX_FILTERS,
  type OutboxMessage,
  outboxListBody,
} from '../../portal/features/admin/api/outbox-api.ts';
import { setSettingsCompanyId } from '../../portal/features/admin/api/settings-company-store.ts';
import { MessagingConsolePage } from '../../portal/features/admin/components/messaging-console-page.tsx';
import { NO_OUTBOX_MESSAGES } from '../../portal/features/admin/components/outbox-panel.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { settingsFixture } from './admin-settings-fixtures.ts';
import { envelope, mockFetch, type RecordedCall, renderWithProviders } from './render-with-providers.tsx';

const failedMail: OutboxMessage = {
  id: 7,
  application_id: 42,
  application_reference: 'RMGA0000042',
  channel: 'email',
  template_key: 'quote_email',
  recipient: 'maria@example.com',
  subject: 'Your flood quotes, Maria',
  body: 'Hello Maria',
  attachment_name: 'market-breakdown-RMGA0000042.pdf',
  status: 'failed',
  error: 'connect ECONNREFUSED',
  attempts: 1,
  triggered_by: 3,
  triggered_by_name: 'Alex Agent',
  created_at: '2026-11-29T10:00:00Z',
  sent_at: null,
};
const sentText: OutboxMessage = {
  ...failedMail,
  id: 8,
  channel: 'sms',
  template_key: 'auto_sent_quote_complete',
  recipient: '+13055550142',
  subject: null,
  body: 'Demo Agency: quotes ready.',
  attachment_name: null,
  status: 'sent',
  error: null,
  triggered_by: null,
  triggered_by_name: null,
  sent_at: '2026-11-29T10:00:01Z',
};

const page = (messages: OutboxMessage[]) =>
  envelope({ messages, page: 1, per_page: 25, total: messages.length });

beforeEach(() => {
  localStorage.clear();
  setSession('sk-1', { id: 1, name: 'Sam', role: 'admin', mga_company: { id: 10, name: 'Acme' } }, null);
  reloadAuthFromStorage();
  setSettingsCompanyId(null);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === 'portal-settings/list-outbox');

async function openOutbox() {
  renderWithProviders(<MessagingConsolePage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Outbox' }));
  return screen.findByRole('region', { name: 'Outbox' });
}

describe('outbox tab', () => {
  it('loads only when opened, then lists each message with its status and Resend on failed ones', async () => {
    const calls = mockFetch((path) =>
      path === 'portal-settings/list-outbox'
        ? page([failedMail, sentText])
        : envelope({ settings: settingsFixture() }),
    );
    renderWithProviders(<MessagingConsolePage />);
    await screen.findByRole('region', { name: 'SMTP' });
    expect(listCalls(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Outbox' }));
    const table = await screen.findByRole('table', { name: 'Outbox messages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('Quote e-mail (send quote)');
    expect(rows[0].textContent).toContain('By Alex Agent');
    expect(rows[0].textContent).toContain('RMGA0000042');
    expect(rows[0].textContent).toContain('Failed');
    expect(rows[0].textContent).toContain('connect ECONNREFUSED');
    expect(
      within(rows[0]).getByRole('button', { name: 'Resend the e-mail to maria@example.com' }),
    ).toBeTruthy();
    expect(rows[1].textContent).toContain('Automatic');
    expect(rows[1].textContent).toContain('Sent');
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(listCalls(calls)[0].body).toEqual({ session_key: 'sk-1', page: 1, per_page: 25 });
  });

  it('shows the empty state, and the filtered one', async () => {
    mockFetch((path) =>
      path === 'portal-settings/list-outbox' ? page([]) : envelope({ settings: settingsFixture() }),
    );
    const region = await openOutbox();
    expect(await within(region).findByText('No messages yet')).toBeTruthy();
    fireEvent.change(within(region).getByLabelText('Application ID'), { target: { value: '42' } });
    expect(await within(region).findByText(NO_OUTBOX_MESSAGES)).toBeTruthy();
  });

  it('shows the error state with a retry', async () => {
    mockFetch((path) =>
      path === 'portal-settings/list-outbox'
        ? envelope(null, { status: 'error', code: 500, message: 'Internal Server Error' })
        : envelope({ settings: settingsFixture() }),
    );
    const region = await openOutbox();
    expect(await within(region).findByText('Could not load the outbox')).toBeTruthy();
  });

  it('sends the filters as the body, from the first page', async () => {
    const calls = mockFetch((path) =>
      path === 'portal-settings/list-outbox' ? page([failedMail]) : envelope({ settings: settingsFixture() }),
    );
    const region = await openOutbox();
    await within(region).findByRole('table', { name: 'Outbox messages' });
    fireEvent.change(within(region).getByLabelText('Application ID'), { target: { value: 'x4a2' } });
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.body).toEqual({
        session_key: 'sk-1',
        application_id: 42,
        page: 1,
        per_page: 25,
      }),
    );
  });

  it('asks before resending; a renewed failure shows in the dialog, a success closes it', async () => {
    let resendAnswer = envelope(
      { message: { ...failedMail, attempts: 2 } },
      { status: 'error', code: 502, message: 'The message could not be sent again: connect ECONNREFUSED' },
    );
    const calls = mockFetch((path) => {
      if (path === 'portal-settings/list-outbox') return page([failedMail]);
      if (path === 'portal-settings/resend-outbox-message') return resendAnswer;
      return envelope({ settings: settingsFixture() });
    });
    const region = await openOutbox();
    fireEvent.click(await within(region).findByRole('button', { name: /^Resend the e-mail/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend message' });
    expect(dialog.textContent).toContain('market-breakdown-RMGA0000042.pdf');
    expect(calls.some((call) => call.path === 'portal-settings/resend-outbox-message')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The message could not be sent again: connect ECONNREFUSED',
    );
    expect(calls.find((call) => call.path === 'portal-settings/resend-outbox-message')?.body).toEqual({
      session_key: 'sk-1',
      message_id: 7,
    });

    resendAnswer = envelope(
      { message: { ...failedMail, status: 'sent', attempts: 3 } },
      { message: 'Message sent again.' },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend now' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resend message' })).toBeNull());
    expect(notifications.show).toHaveBeenCalled();
  });

  it('leaves out empty filters and anything that is not an application id (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 14 }), fc.stringMatching(/^[0-9]{1,11}$/)),
        fc.integer({ min: 1, max: 100 }),
        (text, perPage) => {
          const body = outboxListBody(null, { ...NO_OUTBOX_FILTERS, application_id: text }, 1, perPage);
          const isId = /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647;
          expect('application_id' in body).toBe(isId);
          if (isId) expect(body.application_id).toBe(Number(text));
          expect(
            Object.keys(body).filter((key) => !['application_id', 'page', 'per_page'].includes(key)),
          ).toEqual([]);
        },
      ),
    );
  });
});
