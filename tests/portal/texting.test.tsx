/**
 * The texting console (/dashboard/texto, issue 14) in jsdom: the list with unread badges and its
 * empty and error states, opening a thread (client, linked application, statuses, a failed
 * message's reason), sending free text, and a refused send's reason shown. The
 * events stream is a stub EventSource (jsdom has none).
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TextoPage } from '../../portal/features/texting/components/texto-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const conversation = {
  id: 7,
  company_id: 10,
  client_phone: '+13055550142',
  client_phone_display: '(305) 555-0142',
  client_name: 'Maria Alvarez',
  application_id: 42,
  application_reference: 'RMGA0000042',
  last_message_at: '2026-05-01T10:00:00Z',
  last_body: 'Is my quote ready?',
  last_direction: 'inbound',
  last_status: 'received',
  unread_count: 2,
};
const message = (
  id: number,
  direction: 'inbound' | 'outbound',
  body: string,
  status: string,
  error = null,
) => ({
  id,
  conversation_id: 7,
  direction,
  body,
  status,
  error,
  provider: 'sink',
  sent_by: null,
  read_at: null,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
});
const thread = {
  conversation: { ...conversation, unread_count: 0 },
  messages: [
    message(1, 'inbound', 'Is my quote ready?', 'received'),
    message(
      2,
      'outbound',
      'Not yet',
      'failed',
      'The SMS provider could not be reached; the message was not sent.' as never,
    ),
  ],
  templates: [{ id: 3, name: 'Quote ready', body: 'Hi {{first_name}}' }],
};

/** The streams opened, by URL and init (the session travels in the cookie, never the URL: ADR 748). */
const opened: { url: string; init?: EventSourceInit }[] = [];

class StubEventSource {
  constructor(url: string, init?: EventSourceInit) {
    opened.push({ url, init });
  }
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  addEventListener() {}
  close() {}
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 1, name: 'Alex', role: 'agent', mga_company: { id: 10, name: 'Demo' } }, null);
  vi.stubGlobal('EventSource', StubEventSource);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('texting console', () => {
  it('lists conversations with unread badges and opens a thread', async () => {
    mockFetch((path) =>
      path === 'texting/list-conversations'
        ? envelope({ conversations: [conversation], unread_total: 2 })
        : envelope(thread),
    );
    renderWithProviders(<TextoPage />);
    const row = await screen.findByRole('button', { name: /Maria Alvarez/ });
    expect(row.textContent).toContain('2 unread');
    expect(await screen.findByText(/2 unread\./)).toBeTruthy();
    fireEvent.click(row);
    const pane = screen.getByRole('region', { name: 'Conversation' });
    expect(await within(pane).findByRole('heading', { name: 'Maria Alvarez' })).toBeTruthy();
    expect(within(pane).getByRole('link', { name: 'Application RMGA0000042' })).toBeTruthy();
    expect(within(pane).getByText('Failed')).toBeTruthy();
    expect(within(pane).getByText(/could not be reached/)).toBeTruthy();
    expect(opened.at(-1)).toEqual({
      url: `${window.location.origin}/api/texting/events`,
      init: { withCredentials: true },
    });
  });

  it('shows the empty and the error state of the list', async () => {
    mockFetch(() => envelope({ conversations: [], unread_total: 0 }));
    renderWithProviders(<TextoPage />);
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
    expect(screen.getByText('Choose a conversation to read and answer it.')).toBeTruthy();
    vi.unstubAllGlobals();
    vi.stubGlobal('EventSource', StubEventSource);
    mockFetch(() => ({ status: 'error', code: 500, message: 'Server down', data: null, error_obj: null }));
    renderWithProviders(<TextoPage />);
    expect(await screen.findByText('The conversations could not be loaded')).toBeTruthy();
  });

  it('sends trimmed free text and shows why a send was refused', async () => {
    let refuse = false;
    const calls = mockFetch((path) => {
      if (path === 'texting/list-conversations')
        return envelope({ conversations: [conversation], unread_total: 0 });
      if (path === 'texting/get-conversation') return envelope(thread);
      if (refuse)
        return {
          status: 'error',
          code: 502,
          message: 'The SMS provider refused the message: invalid number (code 21211)',
          data: null,
          error_obj: null,
        };
      return envelope({ conversation_id: 7, message: message(3, 'outbound', 'On it', 'sent') });
    });
    renderWithProviders(<TextoPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Maria Alvarez/ }));
    const pane = screen.getByRole('region', { name: 'Conversation' });
    const box = await within(pane).findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '  On it ' } });
    fireEvent.click(within(pane).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'texting/send-message')?.body).toEqual({
        session_key: 'sk-1',
        conversation_id: 7,
        body: 'On it',
      }),
    );

    refuse = true;
    fireEvent.change(box, { target: { value: 'Again' } });
    fireEvent.click(within(pane).getByRole('button', { name: 'Send' }));
    expect(await within(pane).findByText(/refused the message: invalid number/)).toBeTruthy();
  });
});
