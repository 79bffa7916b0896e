/**
 * Portal settings that change what workers see (issue 16): the portal name and logo in the header
 * and the tab title, support contacts in the Options menu, banners dismissed per user (and shown
 * again when edited), the quote rush notice where agents launch, the agency's application sources
 * in the create dialog and the listing filter, and dates in the company's zone.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { supportContacts } from '../../portal/components/app-shell-layout.tsx';
import { CompanyNotices } from '../../portal/components/company-notices.tsx';
import { PortalBrand, usePortalTitle } from '../../portal/components/portal-brand.tsx';
import { NewApplicationDialog } from '../../portal/features/applications/components/new-application-dialog.tsx';
import { QuoteRushNotice } from '../../portal/features/applications/components/quote-rush-notice.tsx';
import { applicationSourceOptions } from '../../portal/lib/application-sources.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { dismissBanner, dismissedBanners } from '../../portal/lib/dismissed-banners.ts';
import { userTimeZone } from '../../portal/lib/user-settings.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

function signIn(company: Record<string, unknown>, userId = 7) {
  setSession(
    'sk-1',
    { id: userId, name: 'Alex Agent', role: 'agent', agent: { id: 3 } },
    { id: 10, name: 'Demo', ...company },
  );
}

const BANNER = {
  id: 5,
  message: 'Office closed Friday',
  color: 'yellow',
  starts_on: null,
  ends_on: null,
  is_active: true,
};

beforeEach(() => {
  Element.prototype.scrollIntoView ??= () => {};
  localStorage.clear();
  reloadAuthFromStorage();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function TitledBrand() {
  usePortalTitle('Applications');
  return <PortalBrand />;
}

describe('portal name and logo', () => {
  it("shows the agency's portal name and logo in the header and the tab title", async () => {
    signIn({ portal_name: 'Gulf Coast Flood Desk', logo_url: '/api/company-logos/10?v=2' });
    const { container } = renderWithProviders(<TitledBrand />);
    expect(await screen.findByText('Gulf Coast Flood Desk')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      `${window.location.origin}/api/company-logos/10?v=2`,
    );
    await waitFor(() => expect(document.title).toBe('Gulf Coast Flood Desk · Applications'));
  });

  it("falls back to the product's name and shield when none is set or the name is blank", async () => {
    signIn({ portal_name: '   ', logo_url: null });
    const { container } = renderWithProviders(<TitledBrand />);
    expect(await screen.findByText('Rocket MGA')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Rocket MGA · Applications'));
  });
});

describe('support contacts', () => {
  it('links the support e-mail and a dialable phone, and nothing when neither is set', () => {
    expect(supportContacts({ support_email: 'help@gulf.test', support_phone: '+1 (305) 555-0100' })).toEqual([
      expect.objectContaining({ href: 'mailto:help@gulf.test', label: 'help@gulf.test' }),
      expect.objectContaining({ href: 'tel:+13055550100', label: '+1 (305) 555-0100' }),
    ]);
    expect(supportContacts({ support_email: null, support_phone: null })).toEqual([]);
    expect(supportContacts(null)).toEqual([]);
  });
});

describe('banners dismissed per user', () => {
  it('keeps a dismissed banner hidden after a reload for that user only, and shows it again once edited', async () => {
    signIn({});
    let message = BANNER.message;
    mockFetch((path) =>
      path === 'portal-settings/active-banners'
        ? envelope({ banners: [{ ...BANNER, message }] })
        : envelope({}),
    );
    const first = renderWithProviders(<CompanyNotices />);
    expect(await screen.findByText('Office closed Friday')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss banner' }));
    await waitFor(() => expect(screen.queryByText('Office closed Friday')).toBeNull());
    first.unmount();

    renderWithProviders(<CompanyNotices />).unmount();
    const again = renderWithProviders(<CompanyNotices />);
    await waitFor(() => expect(screen.queryByText('Office closed Friday')).toBeNull());
    again.unmount();

    signIn({}, 8);
    const colleague = renderWithProviders(<CompanyNotices />);
    expect(await screen.findByText('Office closed Friday')).toBeTruthy();
    colleague.unmount();

    signIn({}, 7);
    message = 'Office closed Friday and Monday';
    renderWithProviders(<CompanyNotices />);
    expect(await screen.findByText('Office closed Friday and Monday')).toBeTruthy();
  });

  it('remembers every dismissed key, survives junk in storage, and keeps the newest 100', () => {
    localStorage.setItem('mga.dismissed-banners.7', '{not json');
    expect(dismissedBanners(7).size).toBe(0);
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 150 }), (keys) => {
        localStorage.removeItem('mga.dismissed-banners.9');
        for (const key of keys) dismissBanner(9, key);
        const kept = dismissedBanners(9);
        for (const key of keys.slice(-100)) expect(kept.has(key)).toBe(true);
        expect(kept.size).toBeLessThanOrEqual(100);
      }),
      { numRuns: 30 },
    );
  });
});

describe('quote rush where agents launch', () => {
  it('shows the message while quote rush is on and nothing while it is off', async () => {
    signIn({ quote_rush: { enabled: true, message: 'Storm week: quotes take 10 minutes' } });
    const on = renderWithProviders(<QuoteRushNotice />);
    expect(await screen.findByText('Storm week: quotes take 10 minutes')).toBeTruthy();
    on.unmount();
    signIn({ quote_rush: { enabled: false, message: 'Storm week: quotes take 10 minutes' } });
    const { container } = renderWithProviders(<QuoteRushNotice />);
    await waitFor(() => expect(container.textContent).not.toContain('Storm week'));
  });
});

describe('application sources', () => {
  it('offers the portal default first, then the agency sources, without repeats', () => {
    expect(applicationSourceOptions(undefined)).toEqual(['Agent Portal']);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 })), (sources) => {
        const options = applicationSourceOptions(sources);
        expect(options[0]).toBe('Agent Portal');
        expect(new Set(options).size).toBe(options.length);
        for (const source of sources) expect(options).toContain(source);
      }),
    );
  });

  it('lets the agent pick an agency source in the create dialog and sends it', async () => {
    signIn({ application_sources: ['Realtor referral'] });
    const calls = mockFetch((path) =>
      path === 'address/zip-lookup'
        ? envelope({ zip: '33101', city: 'Miami', state: 'FL', county: 'Miami-Dade', lat: 25.7, lng: -80.2 })
        : envelope({ application: { id: 77 } }),
    );
    const created: number[] = [];
    renderWithProviders(
      <NewApplicationDialog opened onClose={() => {}} onCreated={(id) => created.push(id)} />,
    );
    fireEvent.change(await screen.findByLabelText(/^Zip/), { target: { value: '33101' } });
    await waitFor(() => expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Miami'));
    fireEvent.change(screen.getByRole('combobox', { name: /^Address 1/ }), {
      target: { value: '1 Main St' },
    });
    fireEvent.click(screen.getAllByLabelText('Application source')[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Realtor referral' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    await waitFor(() => expect(created).toEqual([77]));
    expect(calls.find((c) => c.path === 'agent-portal/create-new-application')?.body.application_source).toBe(
      'Realtor referral',
    );
  });

  it('asks nothing about the source when the agency has none of its own', async () => {
    signIn({ application_sources: [] });
    mockFetch(() => envelope({}));
    renderWithProviders(<NewApplicationDialog opened onClose={() => {}} onCreated={() => {}} />);
    await screen.findByLabelText(/^Zip/);
    expect(screen.queryByLabelText('Application source')).toBeNull();
  });
});

describe('time zone', () => {
  it("uses the user's zone, else the company's, else the browser's", () => {
    signIn({});
    expect(userTimeZone()).toBeNull();
    signIn({ timezone: 'America/Chicago' });
    expect(userTimeZone()).toBe('America/Chicago');
    setSession(
      'sk-1',
      { id: 7, role: 'agent' },
      { id: 10, timezone: 'America/Chicago' },
      {
        timezone: 'America/Los_Angeles',
      },
    );
    expect(userTimeZone()).toBe('America/Los_Angeles');
  });
});
