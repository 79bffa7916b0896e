/**
 * /dashboard/audit-trail (issue 38, docs/decisions/719-append-only-audit-trail.md): the events with
 * times in the user's zone, who acted as whom, the action in words and code; the action and day
 * filters sent as the UTC instants of the user's midnights; paging; the empty, error and loading
 * states; a super-admin's Agency filter and column; the CSV export saving the server's file under
 * its name; agents get the no-access state.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  type AuditEvent,
  auditActionLabel,
  auditFilterBody,
} from '../../portal/features/admin/api/audit-api.ts';
import { NO_ACCESS_MESSAGE } from '../../portal/features/admin/components/admin-access-gate.tsx';
import { AuditTrailPage, NO_AUDIT_EVENTS } from '../../portal/features/admin/components/audit-trail-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { formatInUserZone } from '../../portal/lib/format-when.ts';
import { envelope, mockFetch, type RecordedCall, renderWithProviders } from './render-with-providers.tsx';

const ZONE = 'America/New_York';

function signInAs(role: string, perPage = 25) {
  setSession(
    'sk-admin',
    { id: 1, name: 'Sam Admin', role, mga_company: { id: 10, name: 'Acme Agency' } },
    null,
    { timezone: ZONE, default_per_page: perPage },
  );
}

function event(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 1,
    occurred_at: '2026-11-28T15:04:05.000Z',
    action: 'auth.login',
    actor_user_id: 1,
    actor_name: 'Sam Admin',
    acting_as_user_id: 1,
    acting_as_name: 'Sam Admin',
    company_id: 10,
    target_type: null,
    target_id: null,
    client_address: '203.0.113.7',
    details: {},
    ...overrides,
  };
}

const SWITCHED = event({
  id: 2,
  action: 'user.role_changed',
  actor_user_id: 99,
  actor_name: 'Mia Super',
  acting_as_user_id: 1,
  acting_as_name: 'Sam Admin',
  target_type: 'user',
  target_id: '7',
  client_address: null,
});

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === 'audit/list');

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  // The API client logs each error answer.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the audit trail page', () => {
  it('lists the events in the user’s zone, with who acted as whom and the action in words and code', async () => {
    signInAs('admin');
    mockFetch(() => envelope({ events: [event(), SWITCHED], page: 1, per_page: 25, total: 2 }));
    renderWithProviders(<AuditTrailPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit trail' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit events' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    // 15:04:05 UTC is 10:04:05 in New York (EST).
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Nov 28, 2026 10:04:05 AM', 'Sam Admin', '—', 'Signed inauth.login', '—', '203.0.113.7']);
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Nov 28, 2026 10:04:05 AM',
      'Mia Super',
      'Sam Admin',
      'Role changeduser.role_changed',
      'user 7',
      '—',
    ]);
    expect(screen.getByText('2 events')).toBeTruthy();
    expect(screen.getByText(/in Acme Agency, newest first; times in America\/New_York/)).toBeTruthy();
  });

  it('sends the action and the days as the UTC instants of the user’s midnights, from page 1', async () => {
    signInAs('admin', 10);
    const calls = mockFetch((_path, body) =>
      envelope({ events: [event()], page: body.page, per_page: body.per_page, total: 35 }),
    );
    renderWithProviders(<AuditTrailPage />);
    await screen.findByRole('table', { name: 'Audit events' });
    // 35 events, 10 to a page: four pages; the user's rows per page is what is asked.
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.body.page).toBe(3));
    expect(listCalls(calls).at(-1)?.body.per_page).toBe(10);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Role changed' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.body).toEqual({
        session_key: 'sk-admin',
        action: 'user.role_changed',
        // Nov 1 starts in daylight time (UTC-4); the day after Nov 28 in standard time (UTC-5).
        from: '2026-11-01T04:00:00.000Z',
        to: '2026-11-29T05:00:00.000Z',
        page: 1,
        per_page: 10,
      }),
    );
  });

  it('shows the skeleton while the first page loads', async () => {
    signInAs('admin');
    // An answer that does not come while the test looks; the call is aborted at its end, as leaving
    // the page would, so that no call stays in flight for the worker's next file (ADR 793).
    let abortCall = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((_, reject) => {
            abortCall = () => reject(new DOMException('The call was aborted.', 'AbortError'));
          }),
      ),
    );
    renderWithProviders(<AuditTrailPage />);
    expect(await screen.findByRole('status', { name: 'Loading the audit trail' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    abortCall();
  });

  it('shows the empty state when no event matches', async () => {
    signInAs('admin');
    mockFetch(() => envelope({ events: [], page: 1, per_page: 25, total: 0 }));
    renderWithProviders(<AuditTrailPage />);
    expect(await screen.findByText(NO_AUDIT_EVENTS)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/\d+ events?$/)).toBeNull();
  });

  it('gives a super-admin every agency, an Agency column and filter', async () => {
    signInAs('super-admin');
    const calls = mockFetch((path) =>
      path === 'companies/list'
        ? envelope({
            companies: [
              { id: 10, name: 'Acme Agency' },
              { id: 11, name: 'Bayside Agency' },
            ],
          })
        : envelope({
            events: [
              event({ company_id: 11 }),
              event({ id: 2, action: 'schema.published', company_id: null }),
            ],
            page: 1,
            per_page: 25,
            total: 2,
          }),
    );
    renderWithProviders(<AuditTrailPage />);
    expect(await screen.findByText(/in every agency/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect(within(table).getByRole('columnheader', { name: 'Agency' })).toBeTruthy();
    await within(table).findByText('Bayside Agency');
    expect(within(table).getByText('No agency')).toBeTruthy();
    expect(listCalls(calls)[0]?.body).not.toHaveProperty('company_id');
    fireEvent.click(screen.getByRole('combobox', { name: 'Agency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bayside Agency' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.body.company_id).toBe(11));
  });

  it('shows an admin no Agency column or filter', async () => {
    signInAs('admin');
    const calls = mockFetch(() => envelope({ events: [event()], page: 1, per_page: 25, total: 1 }));
    renderWithProviders(<AuditTrailPage />);
    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect(within(table).queryByRole('columnheader', { name: 'Agency' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Agency' })).toBeNull();
    expect(calls.some((call) => call.path === 'companies/list')).toBe(false);
  });

  it('shows the error with Retry, which asks again', async () => {
    signInAs('admin');
    let fail = true;
    const calls = mockFetch(() =>
      fail
        ? envelope(null, { status: 'error', code: 500, message: 'The trail is unavailable.' })
        : envelope({ events: [event()], page: 1, per_page: 25, total: 1 }),
    );
    renderWithProviders(<AuditTrailPage />);
    expect(await screen.findByText('Could not load the audit trail')).toBeTruthy();
    expect(screen.getByText('The trail is unavailable.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Audit events' })).toBeTruthy();
    expect(listCalls(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('exports the filtered trail and saves the server’s CSV under its name, the key only in the body', async () => {
    signInAs('admin');
    // jsdom has no object URLs; the saved file is the anchor's click.
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => {},
    });
    onTestFinished(() => {
      Object.assign(URL, objectUrls);
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const csv = 'occurred_at,action\n2026-11-28T15:04:05.000Z,auth.login\n';
    const calls = mockFetch((path) =>
      path === 'audit/export-csv'
        ? envelope({ file_name: 'audit-trail-2026-11-28.csv', rows: 1, csv })
        : envelope({ events: [event()], page: 1, per_page: 25, total: 1 }),
    );
    renderWithProviders(<AuditTrailPage />);
    await screen.findByRole('table', { name: 'Audit events' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['audit-trail-2026-11-28.csv']));
    expect(await saved[0]?.text()).toBe(csv);
    const exported = calls.find((call) => call.path === 'audit/export-csv');
    expect(exported?.body.session_key).toBe('sk-admin');
    expect(exported?.body.from).toBe('2026-11-02T05:00:00.000Z');
    expect(exported?.body).not.toHaveProperty('action');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'audit-trail-2026-11-28.csv (1 event) is downloading.' }),
    );
  });

  it('shows a refused export beside the button', async () => {
    signInAs('admin');
    mockFetch((path) =>
      path === 'audit/export-csv'
        ? envelope(null, { status: 'error', code: 422, message: 'Enter a valid date.' })
        : envelope({ events: [], page: 1, per_page: 25, total: 0 }),
    );
    renderWithProviders(<AuditTrailPage />);
    await screen.findByText(NO_AUDIT_EVENTS);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed')).toBeTruthy();
  });

  it('gives an agent the no-access state and asks nothing', async () => {
    signInAs('agent');
    const calls = mockFetch(() => envelope({ events: [], page: 1, per_page: 25, total: 0 }));
    renderWithProviders(<AuditTrailPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(NO_ACCESS_MESSAGE);
    expect(listCalls(calls)).toEqual([]);
  });
});

describe('the audit filters and words', () => {
  it('names every known action and shows an unknown one as its code', () => {
    for (const label of Object.values(AUDIT_ACTION_LABELS)) expect(label).toMatch(/^[A-Z]/);
    expect(auditActionLabel('auth.switch_user')).toBe('Switched to another user');
    expect(auditActionLabel('future.action')).toBe('future.action');
  });

  it('sends no action for every action, and whole days of the zone', () => {
    expect(
      auditFilterBody(
        { action: '', from: '2026-03-08', to: '2026-03-08', company_id: '' },
        'America/New_York',
      ),
    ).toEqual({
      // Mar 8 2026 is the spring-forward day: 23 hours long.
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
    expect(
      auditFilterBody(
        { action: 'auth.login', from: '2026-11-28', to: '2026-11-28', company_id: '12' },
        'Asia/Tokyo',
      ),
    ).toEqual({
      action: 'auth.login',
      company_id: 12,
      from: '2026-11-27T15:00:00.000Z',
      to: '2026-11-28T15:00:00.000Z',
    });
  });

  it('bounds any day of any zone by its own midnight and the next one, 23 to 25 hours apart', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'America/Los_Angeles',
      'Europe/London',
      'Asia/Tokyo',
      'Australia/Sydney',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (zone, date) => {
          const day = date.toISOString().slice(0, 10);
          const { from, to } = auditFilterBody({ action: '', from: day, to: day, company_id: '' }, zone);
          const hours = (Date.parse(String(to)) - Date.parse(String(from))) / 3_600_000;
          expect([23, 24, 25]).toContain(hours);
          expect(formatInUserZone(String(from), 'YYYY-MM-DD HH:mm', zone)).toBe(`${day} 00:00`);
          const next = dayjs(day).add(1, 'day').format('YYYY-MM-DD');
          expect(formatInUserZone(String(to), 'YYYY-MM-DD HH:mm', zone)).toBe(`${next} 00:00`);
        },
      ),
    );
  });
});
