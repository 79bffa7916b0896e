/**
 * The quotes view additions of issue 3 (docs/api.md): source badges and a manual quote's document,
 * the expired mark of decision 400, the SOV and manual launch dialogs, reactivate-carrier on declined/error/timeout quotes, and the
 * staff-only Record quote dialog. Fetch mocked; the answers are whole applications, and the carriers
 * in use (carrier-catalogue/carriers, issue 43) are carriers.json's unless a test publishes others.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application, Quote } from '../../portal/features/applications/api/application-types.ts';
import { ApplicationDetailsPage } from '../../portal/features/applications/components/application-details-page.tsx';
import { carrierChoices } from '../../portal/features/applications/components/launch-carriers-dialog.tsx';
import { sourceBadgeLabel } from '../../portal/features/applications/components/quote-marks.tsx';
import { canReactivate } from '../../portal/features/applications/components/reactivate-carrier-dialog.tsx';
import {
  canRecordManualQuote,
  recordQuoteErrors,
} from '../../portal/features/applications/components/record-quote-dialog.tsx';
import { resetDetailsView } from '../../portal/features/applications/stores/details-view-store.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { writesProductIn } from '../../portal/lib/carrier-catalog.ts';
import { CARRIERS_IN_USE, CARRIERS_WITH_HARBOR_MUTUAL, HARBOR_MUTUAL } from './carriers-in-use.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

function quote(id: number, patch: Partial<Quote>): Quote {
  return {
    id,
    carrier: 'neptune',
    sub_carrier: null,
    display_name: 'Neptune Flood',
    status: 'quoted',
    premium: 2400,
    coverages: { building_limit: 500000, contents_limit: 100000, deductible: 10000 },
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

function application(product: string, quotes: Quote[], state = 'FL'): Application {
  return {
    id: 42,
    application_id: 'RMGA0000042',
    status: 'completed',
    application_type: 'flood',
    carrier_quote_type: [product],
    is_cross_sale: false,
    min_quote_amount: 2400,
    payload: {
      useable_details: { state, searched_address: '10 Harbor St, Miami, FL 33101', building_limit: 500000 },
    },
    notes: [],
    quotes,
    application_relaunch_count: 0,
    schema_version: 1,
    version: 1,
    application_source: 'Agent Portal',
    client_name_id: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    launched_at: '2026-11-02T10:00:00.000Z',
  };
}

/** Titles of the success (green) toasts shown. */
let successToasts: unknown[];

function signIn(role: string) {
  setSession('sk-1', { id: 7, name: 'Alex', role, agent: { id: 3 } }, null);
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  signIn('agent');
  resetDetailsView();
  successToasts = [];
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    if (data.color === 'green') successToasts.push(data.title);
    return 'id';
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const { sov_carriers: SOV_CARRIERS, manual_carriers: MANUAL_CARRIERS } = CARRIERS_IN_USE;

function open(
  app: Application,
  answer: (path: string, body: Record<string, unknown>) => unknown = () => undefined,
) {
  const calls = mockFetch(
    (path, body) =>
      answer(path, body) ??
      (path === 'carrier-catalogue/carriers' ? envelope(CARRIERS_IN_USE) : envelope({ application: app })),
  );
  renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
  return calls;
}

describe('quote source and document', () => {
  it('badges SOV and Manual quotes only', () => {
    expect(sourceBadgeLabel('sov')).toBe('SOV');
    expect(sourceBadgeLabel('manual')).toBe('Manual');
    expect(sourceBadgeLabel('automatic')).toBeNull();
    expect(sourceBadgeLabel(undefined)).toBeNull();
  });

  it("shows a manual quote's badge and document link beside an automatic quote", async () => {
    open(
      application('Commercial', [
        quote(1, {}),
        quote(2, {
          carrier: 'amwins',
          display_name: 'AMWins',
          source: 'manual',
          premium: 3100,
          indicative: false,
          document: { name: 'amwins-quote.pdf', url: '/api/files/5' },
        }),
      ]),
    );
    const manual = await screen.findByLabelText('AMWins quote');
    expect(within(manual).getByText('Manual')).toBeTruthy();
    const link = within(manual).getByRole('link', { name: 'Quote document amwins-quote.pdf' });
    // No key in the link: the file route reads the session cookie (ADR 748).
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/api/files/5`);
    const automatic = screen.getByLabelText('Neptune Flood quote');
    expect(within(automatic).queryByText('Manual')).toBeNull();
    expect(within(automatic).queryByText('SOV')).toBeNull();
  });

  it('marks an expired quote "Expired" and offers no Mark as bound for it (decision 400)', async () => {
    open(
      application('Primary', [
        quote(1, { expires_at: '2026-11-09T10:01:00.000Z', expired: true }),
        quote(2, {
          carrier: 'palomar',
          display_name: 'Palomar',
          expires_at: '2099-01-01T00:00:00.000Z',
          expired: false,
        }),
      ]),
    );
    const expired = await screen.findByLabelText('Neptune Flood quote');
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).queryByRole('button', { name: /Mark as bound/ })).toBeNull();
    const offered = screen.getByLabelText('Palomar quote');
    expect(within(offered).queryByText('Expired')).toBeNull();
    expect(within(offered).getByRole('button', { name: 'Mark as bound: Palomar' })).toBeTruthy();
  });
});

describe('Launch to SOV carriers', () => {
  it('offers exactly the SOV carriers writing the product in the state, launched ones disabled', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Commercial', 'Primary'),
        fc.constantFrom('FL', 'TX', 'WY', 'ZZ'),
        (product, state) => {
          const app = application(
            product,
            [quote(1, { carrier: 'tmh', source: 'sov', status: 'pending', premium: null })],
            state,
          );
          const choices = carrierChoices('sov', app, CARRIERS_IN_USE);
          const expected = SOV_CARRIERS.filter((c) => writesProductIn(c, product, state));
          expect(choices.map((c) => c.value)).toEqual(expected.map((c) => c.quote_manager_id));
          for (const choice of choices) expect(choice.launched).toBe(choice.value === 'tmh');
        },
      ),
    );
  });

  it('is offered for Commercial only', async () => {
    open(application('Primary', [quote(1, {})]));
    await screen.findByLabelText('Neptune Flood quote');
    expect(screen.queryByRole('button', { name: 'Launch to SOV carriers' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Launch to manual carriers' })).toBeTruthy();
  });

  it('launches the picked carriers and links each pending SOV quote to its sov-quote page', async () => {
    const launched = application('Commercial', [
      quote(1, {}),
      quote(7, {
        carrier: 'tokio_marine_highland',
        display_name: 'Tokio Marine Highland',
        source: 'sov',
        status: 'pending',
        premium: null,
        message: 'Statement of values needed.',
      }),
    ]);
    const calls = open(application('Commercial', [quote(1, {})]), (path) =>
      path === 'agent-portal/launch-application-sov-carriers'
        ? envelope({ application: launched })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Launch to SOV carriers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Launch to SOV carriers' });
    const offered = SOV_CARRIERS.filter((c) => writesProductIn(c, 'Commercial', 'FL'));
    expect(await within(dialog).findAllByRole('checkbox')).toHaveLength(offered.length);
    // Everything not launched is ticked; keep only Tokio Marine Highland.
    for (const carrier of offered)
      if (carrier.quote_manager_id !== 'tmh')
        fireEvent.click(within(dialog).getByLabelText(carrier.display_name));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Launch to SOV carriers' }));

    await waitFor(() =>
      expect(calls.some((c) => c.path === 'agent-portal/launch-application-sov-carriers')).toBe(true),
    );
    const call = calls.find((c) => c.path === 'agent-portal/launch-application-sov-carriers');
    expect(call?.body).toEqual({ application_id: 42, sov_carrier_names_list: ['tmh'], session_key: 'sk-1' });
    const card = await screen.findByLabelText('Tokio Marine Highland quote');
    expect(within(card).getByText('SOV')).toBeTruthy();
    expect(within(card).getByText('Statement of values needed.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Statement of values' }).getAttribute('href')).toBe(
      '/sov-quote/tmh/42',
    );
  });
});

describe('Launch to manual carriers', () => {
  it('offers the manual carriers writing the product in the state', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Commercial', 'Primary', 'Excess', 'Mobile'),
        fc.constantFrom('FL', 'TX', 'AK'),
        (product, state) => {
          const choices = carrierChoices('manual', application(product, [], state), CARRIERS_IN_USE);
          const expected = MANUAL_CARRIERS.filter((c) => writesProductIn(c, product, state));
          expect(choices.map((c) => c.value)).toEqual(expected.map((c) => c.carrier));
          expect(choices.every((c) => !c.launched)).toBe(true);
        },
      ),
    );
  });

  it('sends the picked carrier names, skipping one already launched', async () => {
    const pendingMsi = quote(3, {
      carrier: 'msi',
      display_name: 'MSI',
      source: 'manual',
      status: 'pending',
      premium: null,
    });
    const calls = open(application('Primary', [quote(1, {}), pendingMsi]), (path) =>
      path === 'agent-portal/launch-application-manual-carriers'
        ? envelope({ application: application('Primary', [quote(1, {}), pendingMsi]) })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Launch to manual carriers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Launch to manual carriers' });
    const msi = (await within(dialog).findByLabelText('MSI (already launched)')) as HTMLInputElement;
    expect(msi.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Launch to manual carriers' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'agent-portal/launch-application-manual-carriers')).toBe(true),
    );
    const call = calls.find((c) => c.path === 'agent-portal/launch-application-manual-carriers');
    const expected = MANUAL_CARRIERS.filter(
      (c) => writesProductIn(c, 'Primary', 'FL') && c.carrier !== 'msi',
    ).map((c) => c.carrier);
    expect(call?.body.manual_carrier_names_list).toEqual(expected);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Launch to manual carriers' })).toBeNull(),
    );
    expect(successToasts).toEqual(['Carriers launched']);
  });
});

describe('the carriers in use', () => {
  it('offers a manual carrier published after the portal was built, and launches it', async () => {
    const published = {
      ...CARRIERS_IN_USE,
      version: 2,
      manual_carriers: [
        ...MANUAL_CARRIERS,
        { carrier: 'harbor_mutual', display_name: 'Harbor Mutual', quote_types: ['Primary'], states: ['FL'] },
      ],
    };
    const calls = open(application('Primary', [quote(1, {})]), (path) => {
      if (path === 'carrier-catalogue/carriers') return envelope(published);
      if (path === 'agent-portal/launch-application-manual-carriers')
        return envelope({ application: application('Primary', [quote(1, {})]) });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Launch to manual carriers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Launch to manual carriers' });
    const harbor = (await within(dialog).findByLabelText('Harbor Mutual')) as HTMLInputElement;
    expect(harbor.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Launch to manual carriers' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'agent-portal/launch-application-manual-carriers')).toBe(true),
    );
    const call = calls.find((c) => c.path === 'agent-portal/launch-application-manual-carriers');
    expect(call?.body.manual_carrier_names_list).toContain('harbor_mutual');
  });

  /** A pending SOV quote of Harbor Mutual's SOV program, which only the published version 2 has. */
  const harborSov = quote(8, {
    carrier: 'harbor_mutual',
    display_name: 'Harbor Mutual',
    source: 'sov',
    status: 'pending',
    premium: null,
  });
  const withHarborSov = {
    ...CARRIERS_IN_USE,
    version: 2,
    sov_carriers: [
      ...SOV_CARRIERS,
      {
        quote_manager_id: 'harbor_sov',
        carrier: 'harbor_mutual',
        sub_carrier: null,
        display_name: 'Harbor Mutual',
        quote_types: ['Commercial'],
        states: ['FL'],
      },
    ],
  };

  it('links a pending quote of an SOV carrier published after the build to its sov-quote page', async () => {
    expect(SOV_CARRIERS.some((c) => c.carrier === 'harbor_mutual')).toBe(false);
    open(application('Commercial', [quote(1, {}), harborSov]), (path) =>
      path === 'carrier-catalogue/carriers' ? envelope(withHarborSov) : undefined,
    );
    const card = await screen.findByLabelText('Harbor Mutual quote');
    const link = await within(card).findByRole('link', { name: 'Statement of values' });
    expect(link.getAttribute('href')).toBe('/sov-quote/harbor_sov/42');
  });

  it('says when the carriers for the statement of values links cannot be read, and links on Retry', async () => {
    let failing = true;
    open(application('Commercial', [quote(1, {}), harborSov]), (path) => {
      if (path !== 'carrier-catalogue/carriers') return undefined;
      return failing
        ? envelope(null, { status: 'error', code: 500, message: 'The carriers are unavailable.' })
        : envelope(withHarborSov);
    });
    const alert = (await screen.findByText('Could not load the carriers')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('The carriers are unavailable.');
    const card = screen.getByLabelText('Harbor Mutual quote');
    expect(within(card).queryByRole('link', { name: 'Statement of values' })).toBeNull();
    failing = false;
    fireEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Retry' }));
    const link = await within(card).findByRole('link', { name: 'Statement of values' });
    expect(link.getAttribute('href')).toBe('/sov-quote/harbor_sov/42');
    await waitFor(() => expect(screen.queryByText('Could not load the carriers')).toBeNull());
  });

  it('draws the logo of a carrier published after the build on its quote card, once the carriers are read', async () => {
    const harbor = quote(9, { carrier: HARBOR_MUTUAL.name, display_name: 'Harbor Mutual' });
    open(application('Primary', [quote(1, {}), harbor]), (path) =>
      path === 'carrier-catalogue/carriers' ? envelope(CARRIERS_WITH_HARBOR_MUTUAL) : undefined,
    );
    const card = await screen.findByLabelText('Harbor Mutual quote');
    const logo = await within(card).findByRole('img', { name: 'Harbor Mutual logo' });
    expect(logo.getAttribute('src')).toBe(HARBOR_MUTUAL.image);
  });

  it('says when the carriers cannot be read, offers none, and reads them again on Retry', async () => {
    let failing = true;
    open(application('Commercial', [quote(1, {})]), (path) => {
      if (path !== 'carrier-catalogue/carriers') return undefined;
      return failing
        ? envelope(null, { status: 'error', code: 500, message: 'The carriers are unavailable.' })
        : envelope(CARRIERS_IN_USE);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Launch to SOV carriers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Launch to SOV carriers' });
    expect(await within(dialog).findByText('Could not load the carriers')).toBeTruthy();
    expect(within(dialog).getByText('The carriers are unavailable.')).toBeTruthy();
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    const launch = within(dialog).getByRole('button', {
      name: 'Launch to SOV carriers',
    }) as HTMLButtonElement;
    expect(launch.disabled).toBe(true);
    failing = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    const offered = SOV_CARRIERS.filter((c) => writesProductIn(c, 'Commercial', 'FL'));
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(offered.length));
  });
});

describe('Reactivate carrier', () => {
  it('is offered exactly for declined, error and timeout quotes', () => {
    fc.assert(
      fc.property(fc.constantFrom('pending', 'quoted', 'declined', 'error', 'timeout'), (status) => {
        expect(canReactivate({ status: status as Quote['status'] })).toBe(
          ['declined', 'error', 'timeout'].includes(status),
        );
      }),
    );
  });

  it('confirms, calls reactivate-carrier and shows the quote pending again', async () => {
    const declined = quote(4, {
      carrier: 'palomar',
      display_name: 'Palomar',
      status: 'declined',
      premium: null,
      message: 'Risk outside appetite',
    });
    const calls = open(application('Primary', [quote(1, {}), declined]), (path) =>
      path === 'agent-portal/reactivate-carrier'
        ? envelope({
            application: application('Primary', [
              quote(1, {}),
              { ...declined, status: 'pending', message: null },
            ]),
          })
        : undefined,
    );
    const card = await screen.findByLabelText('Palomar quote');
    expect(
      within(screen.getByLabelText('Neptune Flood quote')).queryByRole('button', { name: /Reactivate/ }),
    ).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Reactivate Palomar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate carrier' });
    expect(within(dialog).getByText(/Risk outside appetite/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'agent-portal/reactivate-carrier')).toBe(true));
    expect(calls.find((c) => c.path === 'agent-portal/reactivate-carrier')?.body).toMatchObject({
      application_id: 42,
      quote_id: 4,
    });
    await waitFor(() =>
      expect(within(screen.getByLabelText('Palomar quote')).getByText('pending')).toBeTruthy(),
    );
    expect(successToasts).toEqual(['Carrier reactivated']);
  });
});

describe('Record quote', () => {
  it('is allowed to admin and super-admin only', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom('super-admin', 'admin', 'agent', 'customer'), fc.string()),
        (role) => {
          expect(canRecordManualQuote(role)).toBe(role === 'admin' || role === 'super-admin');
        },
      ),
    );
    expect(canRecordManualQuote(undefined)).toBe(false);
  });

  it('needs a premium and a limit when quoted, a reason when declined', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('quoted' as const, 'declined' as const),
        fc.option(fc.integer({ min: -5, max: 100_000 }), { nil: null }),
        fc.option(fc.nat(1_000_000), { nil: null }),
        fc.string(),
        (status, premium, limit, message) => {
          const errors = recordQuoteErrors({
            status,
            premium,
            building_limit: limit,
            contents_limit: null,
            deductible: null,
            message,
          });
          const ok =
            status === 'quoted' ? premium !== null && premium > 0 && Boolean(limit) : message.trim() !== '';
          expect(Object.keys(errors).length === 0).toBe(ok);
        },
      ),
    );
  });

  const pendingManual = quote(5, {
    carrier: 'amwins',
    display_name: 'AMWins',
    source: 'manual',
    status: 'pending',
    premium: null,
    message: 'Waiting for the underwriter.',
    coverages: { building_limit: 500000, contents_limit: 100000, deductible: 10000 },
  });

  it('is hidden from an agent', async () => {
    open(application('Commercial', [pendingManual]));
    const card = await screen.findByLabelText('AMWins quote');
    expect(within(card).getByText('Waiting for the underwriter.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record quote' })).toBeNull();
  });

  it.each(['admin', 'super-admin'])(
    'lets a %s record premium, coverages, message and a document',
    async (role) => {
      signIn(role);
      const recorded = {
        ...pendingManual,
        status: 'quoted' as const,
        premium: 3150,
        message: 'Subject to inspection',
        document: { name: 'amwins.pdf', url: '/api/files/9' },
      };
      const calls = open(application('Commercial', [pendingManual]), (path) =>
        path === 'agent-portal/record-manual-quote'
          ? envelope({ application: application('Commercial', [recorded]) })
          : undefined,
      );
      const card = await screen.findByLabelText('AMWins quote');
      fireEvent.click(within(card).getByRole('button', { name: 'Record quote' }));
      const dialog = await screen.findByRole('dialog', { name: 'Record quote' });
      // Nothing is sent without a premium.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Record quote' }));
      expect(await within(dialog).findByText('Premium must be greater than 0')).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText(/Annual premium/), { target: { value: '3150' } });
      fireEvent.change(within(dialog).getByLabelText(/Message/), {
        target: { value: 'Subject to inspection' },
      });
      const file = new File(['%PDF-1.4 quote'], 'amwins.pdf', { type: 'application/pdf' });
      const fileInput = dialog.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(fileInput, { target: { files: [file] } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Record quote' }));

      await waitFor(() =>
        expect(calls.some((c) => c.path === 'agent-portal/record-manual-quote')).toBe(true),
      );
      const body = calls.find((c) => c.path === 'agent-portal/record-manual-quote')?.body;
      expect(body).toMatchObject({
        application_id: 42,
        quote_id: 5,
        status: 'quoted',
        premium: 3150,
        coverages: { building_limit: 500000, contents_limit: 100000, deductible: 10000 },
        message: 'Subject to inspection',
        document: {
          name: 'amwins.pdf',
          content_type: 'application/pdf',
          content_base64: btoa('%PDF-1.4 quote'),
        },
      });
      const updated = await screen.findByText('$3,150');
      expect(updated).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Quote document amwins.pdf' })).toBeTruthy();
    },
  );

  it('names a document the server would refuse on its input and sends nothing', async () => {
    signIn('admin');
    const calls = open(application('Commercial', [pendingManual]));
    const card = await screen.findByLabelText('AMWins quote');
    fireEvent.click(within(card).getByRole('button', { name: 'Record quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record quote' });
    const fileInput = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(fileInput.accept).toBe('application/pdf,image/png,image/jpeg,text/plain');
    fireEvent.change(within(dialog).getByLabelText(/Annual premium/), { target: { value: '3150' } });
    const docx = new File(['PK'], 'quote.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    fireEvent.change(fileInput, { target: { files: [docx] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record quote' }));
    expect(await within(dialog).findByText('A PDF, PNG, JPEG or text file')).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'quote.pdf', { type: 'application/pdf' });
    fireEvent.change(fileInput, { target: { files: [big] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record quote' }));
    expect(await within(dialog).findByText('At most 5 MB')).toBeTruthy();
    expect(calls.some((c) => c.path === 'agent-portal/record-manual-quote')).toBe(false);
  });
});
