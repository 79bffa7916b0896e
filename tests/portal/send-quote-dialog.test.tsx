/**
 * The send/download quote dialog (issue 13, docs/api.md Quote documents): the templates load
 * (loading state first), the client's e-mail and the quoted carriers start chosen, validation
 * messages appear on Send and clear as their field changes, a send posts the exact body and shows
 * its success, a refused mail shows the server's message, and Download saves the PDF; the choice
 * starts with the compared carriers, cheapest first, and the e-mail is previewed as rendered by the
 * server, with its template problem shown (issue 40). Fetch mocked.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Application, Quote } from '../../portal/features/applications/api/application-types.ts';
import {
  defaultQuoteIds,
  SendQuoteDialog,
  sendQuoteErrors,
} from '../../portal/features/applications/components/send-quote-dialog.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, type RecordedCall, renderWithProviders } from './render-with-providers.tsx';

function quote(id: number, patch: Partial<Quote> = {}): Quote {
  return {
    id,
    carrier: 'neptune',
    sub_carrier: null,
    display_name: `Carrier ${id}`,
    status: 'quoted',
    premium: 2000 + id,
    coverages: { building_limit: 250000 },
    benefits: [],
    message: null,
    indicative: true,
    requested_at: '2026-11-02T10:00:00.000Z',
    answered_at: '2026-11-02T10:01:00.000Z',
    expires_at: null,
    expired: false,
    differences: [],
    source: 'automatic',
    document: null,
    ...patch,
  };
}

const APPLICATION = {
  id: 42,
  application_id: 'RMGA0000042',
  status: 'completed',
  application_type: 'flood',
  carrier_quote_type: ['Primary'],
  is_cross_sale: false,
  min_quote_amount: 2001,
  payload: { useable_details: { email: 'maria@example.com', first_name: 'Maria' } },
  notes: [],
  quotes: [quote(1), quote(2), quote(3, { status: 'declined', premium: null, display_name: 'Declining Co' })],
  application_relaunch_count: 0,
  schema_version: 1,
  version: 1,
  application_source: 'Agent Portal',
  client_name_id: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  launched_at: '2026-11-02T10:00:00.000Z',
} as unknown as Application;

const TEMPLATES = [
  { id: 4, name: 'Agency quotes', subject: 'Quotes for {{first_name}}', body: 'Hello {{first_name}}' },
  { id: null, name: 'Standard quote e-mail', subject: 'Your flood quotes', body: 'Standard body' },
];

/** A fetch stub: JSON envelopes from `answer`, or a PDF for the download calls. */
function stubFetch(answer: (path: string, body: Record<string, unknown>) => unknown): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(`${window.location.origin}/api/`, '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const json = await answer(path, body);
      if (json instanceof Response) return json;
      return new Response(JSON.stringify(json), {
        status: (json as { code?: number }).code ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

let templatesGate: Promise<void> = Promise.resolve();

/** The server's preview: the short code filled as the server's renderer fills it. */
function renderedPreview(body: Record<string, unknown>) {
  const fill = (text: unknown) => String(text).replaceAll('{{first_name}}', 'Maria');
  return body.message === '{% if %}'
    ? envelope(null, { status: 'error', code: 422, message: 'The template cannot be rendered: bad tag' })
    : envelope({ subject: fill(body.subject), message: fill(body.message) });
}

function open(
  answer: (path: string, body: Record<string, unknown>) => unknown = () => envelope(null),
  { application = APPLICATION, compared = [] as number[] } = {},
) {
  const sent: Application[] = [];
  const calls = stubFetch((path, body) =>
    path === 'agent-portal/get-quote-email-templates'
      ? templatesGate.then(() => envelope({ templates: TEMPLATES }))
      : path === 'agent-portal/preview-quote-email'
        ? renderedPreview(body)
        : answer(path, body),
  );
  renderWithProviders(
    <SendQuoteDialog
      application={application}
      compared={compared}
      opened
      onClose={() => {}}
      onSent={(a) => sent.push(a)}
    />,
  );
  return { calls, sent };
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 7, name: 'Alex', role: 'agent' }, null);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  templatesGate = Promise.resolve();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('sendQuoteErrors', () => {
  it('is empty exactly when a quote is chosen, the e-mail is an address and the subject is not blank', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 })),
        fc.string({ maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        (email, subject, quoteIds) => {
          const errors = sendQuoteErrors({ email, subject, quoteIds });
          expect('quotes' in errors).toBe(quoteIds.length === 0);
          expect('subject' in errors).toBe(subject.trim() === '');
          expect('email' in errors).toBe(!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()));
        },
      ),
    );
  });

  it('starts with the quotes that have a premium still offered, or every quote when none has', () => {
    expect(defaultQuoteIds(APPLICATION.quotes ?? [])).toEqual([1, 2]);
    expect(defaultQuoteIds([quote(1, { expired: true }), quote(2, {})])).toEqual([2]);
    expect(defaultQuoteIds([quote(5, { premium: null, status: 'declined' })])).toEqual([5]);
  });

  it('property: starts with exactly the compared quotes still offered, cheapest first, else the priced ones', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.option(fc.integer({ min: 100, max: 5000 }), { nil: null }), {
          minLength: 8,
          maxLength: 8,
        }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 5 }),
        (ids, premiums, compared) => {
          const quotes = ids.map((id, i) =>
            quote(id, { premium: premiums[i], status: premiums[i] === null ? 'declined' : 'quoted' }),
          );
          const chosen = defaultQuoteIds(quotes, compared);
          const comparedHere = ids.filter((id) => compared.includes(id));
          if (comparedHere.length > 0) expect([...chosen].sort()).toEqual([...comparedHere].sort());
          else expect(chosen.length).toBeGreaterThan(0);
          const premiumOf = (id: number) =>
            quotes.find((q) => q.id === id)?.premium ?? Number.POSITIVE_INFINITY;
          for (let i = 1; i < chosen.length; i += 1) {
            expect(premiumOf(chosen[i - 1])).toBeLessThanOrEqual(premiumOf(chosen[i]));
          }
        },
      ),
    );
  });
});

describe('SendQuoteDialog', () => {
  it('shows the loading state, then the first template, the client e-mail and the priced quotes chosen', async () => {
    let release = () => {};
    templatesGate = new Promise((resolve) => {
      release = resolve;
    });
    open();
    expect(await screen.findByText('Loading e-mail templates…')).toBeTruthy();
    release();
    await waitFor(() =>
      expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('Quotes for {{first_name}}'),
    );
    expect(screen.queryByText('Loading e-mail templates…')).toBeNull();
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Hello {{first_name}}');
    expect((screen.getByLabelText(/^Client e-mail/) as HTMLInputElement).value).toBe('maria@example.com');
    expect((screen.getByLabelText('Carrier 1 · $2,001') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Carrier 2 · $2,002') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Declining Co · declined') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('2 of 3 chosen, cheapest first')).toBeTruthy();
  });

  it('starts with the compared carriers, lists every quote cheapest first, and previews the e-mail rendered', async () => {
    const application = {
      ...APPLICATION,
      quotes: [
        quote(1, { premium: 3000 }),
        quote(2, { status: 'declined', premium: null, display_name: 'Declining Co' }),
        quote(3, { premium: 1500 }),
        quote(4, { premium: 2500 }),
        quote(5, { premium: 900 }),
      ],
    } as unknown as Application;
    const { calls } = open(undefined, { application, compared: [4, 1, 3] });
    const boxes = (await screen.findAllByRole('checkbox')) as HTMLInputElement[];
    expect(boxes.map((box) => box.labels?.[0]?.textContent)).toEqual([
      'Carrier 5 · $900',
      'Carrier 3 · $1,500',
      'Carrier 4 · $2,500',
      'Carrier 1 · $3,000',
      'Declining Co · declined',
    ]);
    expect(boxes.map((box) => box.checked)).toEqual([false, true, true, true, false]);
    expect(
      screen.getByText('3 of 5 chosen, cheapest first; started with the carriers you selected to compare'),
    ).toBeTruthy();
    // The preview: the texts as the client reads them, for the chosen quotes, no raw short code.
    const preview = screen.getByRole('region', { name: 'E-mail preview' });
    await waitFor(() => expect(preview.textContent).toContain('Quotes for Maria'));
    expect(preview.textContent).toContain('Hello Maria');
    expect(preview.textContent).not.toContain('{{');
    expect(calls.find((c) => c.path === 'agent-portal/preview-quote-email')?.body).toMatchObject({
      application_id: 42,
      quote_ids: [3, 4, 1],
    });
    // A template the renderer refuses: its problem, in place of the preview.
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: '{% if %}' } });
    expect(await screen.findByText('The template cannot be rendered: bad tag')).toBeTruthy();
    // No quote chosen: nothing to render.
    fireEvent.click(screen.getByRole('button', { name: 'None' }));
    expect(
      await screen.findByText(
        'Choose a quote and enter a subject to see the e-mail as the client will read it.',
      ),
    ).toBeTruthy();
  });

  it('says what is missing on Send, sends nothing, and clears each message as its field changes', async () => {
    const { calls } = open();
    const emailInput = (await screen.findByLabelText(/^Client e-mail/)) as HTMLInputElement;
    await waitFor(() => expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).not.toBe(''));
    fireEvent.change(emailInput, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'None' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send e-mail' }));
    expect(await screen.findByText("Enter the client's e-mail address.")).toBeTruthy();
    expect(screen.getByText('Choose at least one quote.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'agent-portal/send-quote')).toEqual([]);

    fireEvent.change(emailInput, { target: { value: 'maria@' } });
    expect(screen.queryByText("Enter the client's e-mail address.")).toBeNull();
    fireEvent.click(screen.getByLabelText('Carrier 2 · $2,002'));
    expect(screen.queryByText('Choose at least one quote.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send e-mail' }));
    expect(await screen.findByText('Enter a valid e-mail address, e.g. name@example.com.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'agent-portal/send-quote')).toEqual([]);
  });

  it('sends the chosen document and quotes, shows the success and hands back the application', async () => {
    const updated = { ...APPLICATION, notes: [{ id: 9 }] } as unknown as Application;
    let finish: (value: unknown) => void = () => {};
    const { calls, sent } = open((path) =>
      path === 'agent-portal/send-quote'
        ? new Promise((resolve) => {
            finish = resolve;
          })
        : envelope(null),
    );
    await waitFor(() => expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getByText('Flood rejection'));
    fireEvent.change(screen.getByLabelText(/^Client e-mail/), { target: { value: ' client@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send e-mail' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'agent-portal/send-quote')).toBe(true));
    const sendButton = screen.getByRole('button', { name: 'Send e-mail' });
    expect(sendButton.getAttribute('data-loading')).toBe('true');
    finish(envelope({ note_id: 9, application: updated }));
    expect(
      await screen.findByText('Sent to client@example.com. The send is noted on the application.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === 'agent-portal/send-quote')?.body).toEqual({
      session_key: 'sk-1',
      application_id: 42,
      document: 'flood-rejection',
      quote_ids: [1, 2],
      email: 'client@example.com',
      subject: 'Quotes for {{first_name}}',
      message: 'Hello {{first_name}}',
    });
    expect(sent).toEqual([updated]);
  });

  it('picks another template, and shows a refused mail in the dialog without a toast', async () => {
    open(() =>
      envelope(null, {
        status: 'error',
        code: 502,
        message: 'The e-mail could not be sent. Check the SMTP settings and try again.',
      }),
    );
    await waitFor(() => expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getAllByLabelText('E-mail template')[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Standard quote e-mail' }));
    expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('Your flood quotes');
    fireEvent.click(screen.getByRole('button', { name: 'Send e-mail' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The e-mail could not be sent. Check the SMTP settings and try again.',
    );
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('downloads the PDF of the chosen quotes and names the file', async () => {
    // jsdom has no object URLs; the saved file is the anchor's click.
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => {} });
    onTestFinished(() => {
      Object.assign(URL, objectUrls);
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = open(
      () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="market-breakdown-RMGA0000042.pdf"',
          },
        }),
    );
    await screen.findByLabelText('Carrier 1 · $2,001');
    fireEvent.click(screen.getByLabelText('Carrier 1 · $2,001'));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Downloaded market-breakdown-RMGA0000042.pdf.')).toBeTruthy();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === 'agent-portal/download-market-breakdown-pdf')?.body).toEqual({
      session_key: 'sk-1',
      application_id: 42,
      quote_ids: [2],
    });
  });
});
