/**
 * The customer portal in the browser (issue 16): the customer's dashboard in its loading, error,
 * empty and filled states; "Contact my agent" and "I want this quote" send the request the server
 * expects and confirm it; the menu offers a customer only the dashboard, and an agents' page shows
 * "Access denied" inside the shell without calling the server. The quote view of a quote link
 * (decision 440) opens without a session, read-only, and says so when the link does not open.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomerDashboardPage } from '../../portal/features/customer-portal/components/customer-dashboard-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { renderAppAt, shellAnswer } from './render-app-at.tsx';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const APPLICATION = {
  id: 42,
  application_id: 'RMGA0000042',
  status: 'completed',
  carrier_quote_type: ['Primary'],
  searched_address: '1500 Meridian Ave, Miami Beach, FL 33139',
  min_quote_amount: 812,
  created_at: '2026-11-20T10:00:00Z',
  agent: { name: 'Alex Agent', email: 'agent@demo.test', phone: '(305) 555-0142' },
  quotes: [
    {
      id: 7,
      display_name: 'Neptune',
      status: 'quoted',
      premium: 1210.5,
      benefits: ['Replacement cost'],
      message: null,
      answered_at: null,
    },
    {
      id: 8,
      display_name: 'Palomar',
      status: 'declined',
      premium: null,
      benefits: [],
      message: 'Outside appetite',
      answered_at: null,
    },
    {
      id: 9,
      display_name: 'Wright Flood',
      status: 'quoted',
      premium: 812,
      benefits: [],
      message: null,
      answered_at: null,
    },
  ],
};

const CUSTOMER = { id: 4, name: 'Casey Customer', role: 'customer', customer_id: null };

/** The toasts shown, as `title: message`. */
let toasts: string[] = [];

beforeEach(() => {
  toasts = [];
  vi.spyOn(notifications, 'show').mockImplementation((toast) => {
    toasts.push(`${toast.title}: ${toast.message}`);
    return 'id';
  });
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-customer', CUSTOMER, null);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('customer dashboard', () => {
  it('shows a loading state while the applications load', async () => {
    let release: (value: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await pending;
        return new Response(JSON.stringify(envelope({ applications: [] })), { status: 200 });
      }),
    );
    renderWithProviders(<CustomerDashboardPage />);
    expect(await screen.findByLabelText('Loading your applications')).toBeTruthy();
    release(null);
    expect(await screen.findByText('No applications yet')).toBeTruthy();
    expect(screen.queryByLabelText('Loading your applications')).toBeNull();
  });

  it('shows the empty state when the customer is the client of no application', async () => {
    const calls = mockFetch(() => envelope({ applications: [] }));
    renderWithProviders(<CustomerDashboardPage />);
    expect(await screen.findByText('No applications yet')).toBeTruthy();
    expect(screen.getByText(/When your agent starts an application for you/)).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['customer-portal/get-my-applications']);
    expect(calls[0].body).toEqual({ session_key: 'sk-customer' });
  });

  it('shows the error with Retry, which loads again', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? envelope(null, { status: 'error', code: 500, message: 'Database unavailable.' })
        : envelope({ applications: [APPLICATION] }),
    );
    renderWithProviders(<CustomerDashboardPage />);
    expect(await screen.findByText('Could not load your applications')).toBeTruthy();
    expect(screen.getByText('Database unavailable.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1500 Meridian Ave, Miami Beach, FL 33139')).toBeTruthy();
  });

  it("lists the application, the agent's contact and the quotes, cheapest first and read-only", async () => {
    mockFetch(() => envelope({ applications: [APPLICATION] }));
    renderWithProviders(<CustomerDashboardPage />);
    const card = await screen.findByRole('region', { name: '1500 Meridian Ave, Miami Beach, FL 33139' });
    expect(within(card).getByText('Quotes ready')).toBeTruthy();
    expect(within(card).getByText('Alex Agent')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'agent@demo.test' }).getAttribute('href')).toBe(
      'mailto:agent@demo.test',
    );
    expect(within(card).getByRole('link', { name: '(305) 555-0142' }).getAttribute('href')).toBe(
      'tel:3055550142',
    );
    const rows = within(within(card).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'Wright Flood',
      'Neptune',
      'Palomar',
    ]);
    expect(rows[0].textContent).toContain('$812.00');
    expect(rows[1].textContent).toContain('$1,210.50');
    expect(rows[2].textContent).toContain('Declined');
    // Only a quoted premium can be chosen; nothing on the card edits the application.
    expect(within(card).getAllByRole('button', { name: /I want this quote/ })).toHaveLength(2);
    expect(within(rows[2]).queryByRole('button')).toBeNull();
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it('"Contact my agent" sends the message and confirms it', async () => {
    const calls = mockFetch((path) =>
      path === 'customer-portal/contact-agent'
        ? envelope({ note: { id: 1 }, emailed: true }, { message: 'Your agent has been told.' })
        : envelope({ applications: [APPLICATION] }),
    );
    renderWithProviders(<CustomerDashboardPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Contact my agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact my agent' });
    fireEvent.change(within(dialog).getByLabelText(/Message/), { target: { value: ' Call me after 5 pm ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to my agent' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === 'customer-portal/contact-agent')?.body).toEqual({
      session_key: 'sk-customer',
      application_id: 42,
      quote_id: null,
      message: 'Call me after 5 pm',
    });
    expect(toasts).toEqual(['Request sent: Alex Agent will get back to you.']);
  });

  it('"I want this quote" names the quote and sends its id', async () => {
    const calls = mockFetch((path) =>
      path === 'customer-portal/contact-agent'
        ? envelope({ note: { id: 2 }, emailed: true })
        : envelope({ applications: [APPLICATION] }),
    );
    renderWithProviders(<CustomerDashboardPage />);
    fireEvent.click(await screen.findByRole('button', { name: /I want this quote\s*\(Neptune\)/ }));
    const dialog = await screen.findByRole('dialog', { name: 'I want this quote' });
    expect(dialog.textContent).toContain('want the Neptune quote ($1,210.50 a year)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to my agent' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'customer-portal/contact-agent')).toBe(true));
    expect(calls.find((c) => c.path === 'customer-portal/contact-agent')?.body).toMatchObject({
      application_id: 42,
      quote_id: 7,
      message: null,
    });
  });

  it('keeps the dialog open and shows the refusal when the server refuses', async () => {
    mockFetch((path) =>
      path === 'customer-portal/contact-agent'
        ? envelope(null, { status: 'error', code: 422, message: 'Only a quoted premium can be chosen.' })
        : envelope({ applications: [APPLICATION] }),
    );
    renderWithProviders(<CustomerDashboardPage />);
    fireEvent.click(await screen.findByRole('button', { name: /I want this quote\s*\(Wright Flood\)/ }));
    const dialog = await screen.findByRole('dialog', { name: 'I want this quote' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to my agent' }));
    await waitFor(() => expect(toasts).toEqual(['Message: Only a quoted premium can be chosen.']));
    expect(screen.getByRole('dialog', { name: 'I want this quote' })).toBeTruthy();
  });
});

describe('the shell for a customer', () => {
  it('offers only the dashboard, which is the customer dashboard', async () => {
    mockFetch((path) =>
      path === 'customer-portal/get-my-applications'
        ? envelope({ applications: [APPLICATION] })
        : path === 'auth/me'
          ? envelope({ user: CUSTOMER, company: null, user_settings: {} })
          : shellAnswer(path),
    );
    const view = await renderAppAt('/dashboard');
    expect(await screen.findByText('Welcome, Casey')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard']);
    view.unmount();
  });

  it.each([
    '/agent-portal',
    '/agent-portal/application-details/42',
    '/agent-portal/commercial-flood',
    '/dashboard/reporting',
    '/dashboard/commission',
  ])('%s shows Access denied inside the shell and calls nothing of the page', async (path) => {
    const calls = mockFetch(shellAnswer);
    const view = await renderAppAt(path);
    expect(await screen.findByText('Access denied')).toBeTruthy();
    expect(screen.getByText('You do not have access to this page.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/403|Internal Server Error|Forbidden/);
    expect(calls.filter((c) => /^(agent-portal|reporting|commission)\//.test(c.path))).toEqual([]);
    view.unmount();
  });
  it('marks an expired quote and offers it no more; lists the earlier requests, newest first, with their state', async () => {
    const expired = { ...APPLICATION.quotes[0], expires_at: '2026-11-01T10:00:00Z', expired: true };
    mockFetch(() =>
      envelope({
        applications: [
          {
            ...APPLICATION,
            quotes: [expired, ...APPLICATION.quotes.slice(1)],
            requests: [
              {
                id: 30,
                kind: 'contact_requested',
                message: 'Casey Customer asks you to get in touch.',
                created_at: '2026-11-20T10:00:00Z',
                open: false,
              },
              {
                id: 31,
                kind: 'quote_wanted',
                message: 'Casey Customer wants the Wright Flood quote ($812.00 a year).',
                created_at: '2026-11-21T10:00:00Z',
                open: true,
              },
            ],
          },
        ],
      }),
    );
    renderWithProviders(<CustomerDashboardPage />);
    const card = await screen.findByRole('region', { name: '1500 Meridian Ave, Miami Beach, FL 33139' });
    const neptune = within(within(card).getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('Neptune')) as HTMLElement;
    expect(within(neptune).getByText('Expired')).toBeTruthy();
    expect(within(neptune).queryByRole('button')).toBeNull();
    expect(within(card).getAllByRole('button', { name: /I want this quote/ })).toHaveLength(1);

    const requests = within(card).getByRole('region', { name: 'Your requests' });
    const items = within(requests).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Waiting for Alex Agent.*wants the Wright Flood quote.*I want this quote/),
      expect.stringMatching(/^Answered.*asks you to get in touch.*Contact my agent/),
    ]);
  });
});

describe('the quote view of a quote link', () => {
  it('shows the application read-only without a session, sending only the token', async () => {
    localStorage.clear();
    reloadAuthFromStorage();
    const calls = mockFetch((path) =>
      path === 'customer-portal/quote-view'
        ? envelope({ application: { ...APPLICATION, requests: [] } })
        : envelope({}),
    );
    const view = await renderAppAt('/quote-view?token=42.1999999999.abc');
    const card = await screen.findByRole('region', { name: '1500 Meridian Ave, Miami Beach, FL 33139' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your quotes' })).toBeTruthy();
    expect(within(card).getByText('Alex Agent')).toBeTruthy();
    expect(within(card).getByText('$812.00')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(calls.filter((c) => c.path !== 'config/public')).toEqual([
      { path: 'customer-portal/quote-view', body: { token: '42.1999999999.abc' } },
    ]);
    view.unmount();
  });

  it.each([
    ['an expired or altered link', '/quote-view?token=42.1.abc'],
    ['no token', '/quote-view'],
  ])('says the link is invalid or has expired for %s, with no toast', async (_what, path) => {
    localStorage.clear();
    reloadAuthFromStorage();
    mockFetch(() =>
      envelope(null, { status: 'error', code: 404, message: 'This quote link is invalid or has expired.' }),
    );
    const view = await renderAppAt(path);
    expect((await screen.findByRole('alert')).textContent).toBe('This quote link is invalid or has expired.');
    expect(screen.getByText('Ask your agent for a new link.')).toBeTruthy();
    expect(toasts).toEqual([]);
    view.unmount();
  });
});
