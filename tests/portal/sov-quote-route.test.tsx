/**
 * /sov-quote/{carrier_id}/{application_id} (SPEC §2 sov-quote route, §8): the three 404 texts
 * (the carrier id's shape and the digits checked in the browser without a call, the rest, an unknown
 * carrier too, from sov/get-sov-quote), and the valid case: the statement of values prefilled,
 * edited, submitted, then back to the quotes.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sovCarriers } from '../../carrier-catalog/sov-carriers.ts';
import {
  isSovQuoteNotFoundReason,
  SOV_QUOTE_NOT_FOUND_REASONS,
} from '../../portal/features/sov-quote/api/sov-quote-types.ts';
import {
  initialSovBuildings,
  sovBuildingErrors,
  sovTotals,
} from '../../portal/features/sov-quote/components/sov-buildings.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { sovQuoteParamsProblem } from '../../portal/routes/-guards/check-sov-quote.ts';
import { ALL_AREAS } from './all-areas.ts';
import { renderAppAt } from './render-app-at.tsx';
import { envelope, mockFetch } from './render-with-providers.tsx';

const SOV_IDS = sovCarriers().map((c) => c.quote_manager_id);

function commercialApplication(product = 'Commercial') {
  return {
    id: 42,
    application_id: 'RMGA0000042',
    status: 'completed',
    application_type: 'flood',
    carrier_quote_type: [product],
    payload: {
      useable_details: {
        searched_address: '10 Harbor St, Miami, FL 33101',
        building_replacement_cost: 900000,
        contents_limit: 150000,
        annual_business_income: 250000,
        construction_type: 'Masonry',
        commercial_building_type: 'Main Street',
        year_build: '1988',
        num_of_stories: 2,
      },
    },
    notes: [],
    quotes: [],
  };
}

function notFoundAnswer(message: string) {
  return envelope(null, { status: 'error', code: 404, message });
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession(
    'sk-1',
    { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 }, user_accesses_final: ALL_AREAS },
    null,
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('sovQuoteParamsProblem', () => {
  it('names the carrier when its id is not shaped as a quote manager id, then the digits, for any params', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...SOV_IDS), fc.stringMatching(/^[a-z][a-z0-9_]{0,99}$/), fc.string()),
        fc.oneof(fc.nat().map(String), fc.string()),
        (carrier, id) => {
          const problem = sovQuoteParamsProblem({ carrier_id: carrier, application_id: id });
          if (!/^[a-z][a-z0-9_]{0,99}$/.test(carrier)) expect(problem).toBe('Invalid Carrier');
          else if (!/^[0-9]+$/.test(id)) expect(problem).toBe('Invalid Application ID');
          else expect(problem).toBeNull();
        },
      ),
    );
  });

  it('leaves a well-shaped carrier to the server, so one published after the build passes', () => {
    expect(sovQuoteParamsProblem({ carrier_id: 'harbor_sov', application_id: '42' })).toBeNull();
    expect(sovQuoteParamsProblem({ carrier_id: 'Harbor-SOV', application_id: '42' })).toBe('Invalid Carrier');
    expect(sovQuoteParamsProblem({ carrier_id: 'a'.repeat(101), application_id: '42' })).toBe(
      'Invalid Carrier',
    );
  });

  it('knows every quote manager id of SPEC §1', () => {
    expect([...SOV_IDS].sort()).toEqual(
      [
        'assurant_commercial',
        'insurmark_commercial',
        'aon_commercial',
        'tmh',
        'wright_brokerage',
        'joe_flood',
        'ftp',
        'flow_commercial',
      ].sort(),
    );
  });

  it('accepts exactly the three 404 texts as reasons', () => {
    for (const reason of SOV_QUOTE_NOT_FOUND_REASONS) expect(isSovQuoteNotFoundReason(reason)).toBe(true);
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(isSovQuoteNotFoundReason(text)).toBe(
          (SOV_QUOTE_NOT_FOUND_REASONS as readonly string[]).includes(text),
        );
      }),
    );
  });
});

/**
 * Longest wait for the lazily loaded application details route after the submit, in ms: its
 * modules are transformed on first import, over 15 s on a loaded 2-core machine.
 */
const LAZY_ROUTE_TIMEOUT_MS = 45_000;

describe('the route', () => {
  function expectOnlyReason(reason: string) {
    for (const other of SOV_QUOTE_NOT_FOUND_REASONS)
      expect(screen.queryByText(other) !== null).toBe(other === reason);
  }

  it("shows 'Invalid Carrier' for a carrier id of no quote manager's shape without calling the server", async () => {
    const calls = mockFetch(() => envelope({ isItWorkingHour: true }));
    await renderAppAt('/sov-quote/Not-A-Carrier/42');
    expect(await screen.findByText('Invalid Carrier')).toBeTruthy();
    expectOnlyReason('Invalid Carrier');
    expect(calls.some((c) => c.path.startsWith('sov/'))).toBe(false);
  });

  it("shows the server's 'Invalid Carrier' for a well-shaped carrier the catalogue in use lacks", async () => {
    const calls = mockFetch((path) =>
      path === 'sov/get-sov-quote' ? notFoundAnswer('Invalid Carrier') : envelope({ isItWorkingHour: true }),
    );
    await renderAppAt('/sov-quote/not_a_carrier/42');
    expect(await screen.findByText('Invalid Carrier')).toBeTruthy();
    expectOnlyReason('Invalid Carrier');
    const call = calls.find((c) => c.path === 'sov/get-sov-quote');
    expect(call?.body).toMatchObject({ carrier_id: 'not_a_carrier', application_id: 42 });
  });

  it("shows 'Invalid Application ID' for an id that is not all digits without calling the server", async () => {
    const calls = mockFetch(() => envelope({ isItWorkingHour: true }));
    await renderAppAt('/sov-quote/tmh/RMGA42');
    expect(await screen.findByText('Invalid Application ID')).toBeTruthy();
    expectOnlyReason('Invalid Application ID');
    expect(calls.some((c) => c.path.startsWith('sov/'))).toBe(false);
  });

  it.each(['Invalid Application ID', 'Invalid Application Type'])(
    "shows the server's '%s' for an application that does not load or is not commercial",
    async (reason) => {
      const calls = mockFetch((path) =>
        path === 'sov/get-sov-quote' ? notFoundAnswer(reason) : envelope({ isItWorkingHour: true }),
      );
      await renderAppAt('/sov-quote/tmh/42');
      expect(await screen.findByText(reason)).toBeTruthy();
      expectOnlyReason(reason);
      const call = calls.find((c) => c.path === 'sov/get-sov-quote');
      expect(call?.body).toMatchObject({ carrier_id: 'tmh', application_id: 42, session_key: 'sk-1' });
    },
  );

  it("shows 'Invalid Application Type' when the answer is not a commercial application", async () => {
    mockFetch((path) =>
      path === 'sov/get-sov-quote'
        ? envelope({
            carrier: { quote_manager_id: 'tmh', display_name: 'Tokio Marine Highland' },
            application: commercialApplication('Primary'),
            statement_of_values: {
              quote_manager_id: 'tmh',
              buildings: [],
              submitted: false,
              submitted_at: null,
            },
          })
        : envelope({ isItWorkingHour: true }),
    );
    await renderAppAt('/sov-quote/tmh/42');
    expect(await screen.findByText('Invalid Application Type')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit statement of values' })).toBeNull();
  });

  it('shows an error with Retry for any other failure', async () => {
    mockFetch((path) =>
      path === 'sov/get-sov-quote'
        ? envelope(null, { status: 'error', code: 500, message: 'Database unavailable' })
        : envelope({ isItWorkingHour: true }),
    );
    await renderAppAt('/sov-quote/tmh/42');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("names the carrier and finds its indicative quote by the answer's carrier, one published after the build", async () => {
    const harborSov = {
      quote_manager_id: 'harbor_sov',
      carrier: 'harbor_mutual',
      sub_carrier: null,
      display_name: 'Harbor Mutual',
      quote_types: ['Commercial'],
      states: ['FL'],
    };
    expect(SOV_IDS).not.toContain('harbor_sov');
    mockFetch((path) =>
      path === 'sov/get-sov-quote'
        ? envelope({
            carrier: harborSov,
            application: {
              ...commercialApplication(),
              quotes: [
                {
                  carrier: 'harbor_mutual',
                  sub_carrier: null,
                  status: 'quoted',
                  premium: 5120,
                  source: 'sov',
                },
                {
                  carrier: 'tokio_marine_highland',
                  sub_carrier: null,
                  status: 'quoted',
                  premium: 777,
                  source: 'sov',
                },
                { carrier: 'joe_flood', sub_carrier: null, status: 'quoted', premium: 999, source: 'sov' },
              ],
            },
            statement_of_values: {
              quote_manager_id: 'harbor_sov',
              buildings: [],
              submitted: false,
              submitted_at: null,
            },
          })
        : envelope({ isItWorkingHour: true }),
    );
    await renderAppAt('/sov-quote/harbor_sov/42');
    expect(await screen.findByRole('heading', { name: 'Harbor Mutual' })).toBeTruthy();
    expect(screen.getByText(/Current indicative quote from Harbor Mutual: \$5,120 a year/)).toBeTruthy();
    expect(screen.queryByText(/\$777/)).toBeNull();
    expect(screen.queryByText(/\$999/)).toBeNull();
  });

  it('prefills the statement from the document, adds a building, submits, and returns to the quotes', {
    timeout: 2 * LAZY_ROUTE_TIMEOUT_MS,
  }, async () => {
    const submitted: Record<string, unknown>[] = [];
    const calls = mockFetch((path, body) => {
      if (path === 'auth/me')
        return envelope({
          user: { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 }, user_accesses_final: ALL_AREAS },
          company: null,
        });
      if (path === 'sov/get-sov-quote')
        return envelope({
          carrier: { quote_manager_id: 'tmh', display_name: 'Tokio Marine Highland' },
          application: commercialApplication(),
          statement_of_values: {
            quote_manager_id: 'tmh',
            buildings: [],
            submitted: false,
            submitted_at: null,
          },
        });
      if (path === 'sov/submit-statement-of-values') {
        submitted.push(body);
        return envelope({ application: commercialApplication() });
      }
      if (path === 'agent-portal/get-application-by-id')
        return envelope({
          application: {
            ...commercialApplication(),
            min_quote_amount: 5120,
            is_cross_sale: false,
            application_relaunch_count: 0,
            application_source: 'Agent Portal',
            client_name_id: null,
            created_at: '2026-11-01T10:00:00.000Z',
            updated_at: '2026-11-02T10:00:00.000Z',
            launched_at: '2026-11-02T10:00:00.000Z',
            quotes: [
              {
                id: 9,
                carrier: 'tokio_marine_highland',
                sub_carrier: null,
                display_name: 'Tokio Marine Highland',
                status: 'quoted',
                premium: 5120,
                coverages: { building_limit: 900000, contents_limit: 150000, deductible: 10000 },
                benefits: [],
                message: null,
                indicative: true,
                requested_at: '2026-11-02T10:00:00.000Z',
                answered_at: '2026-11-02T10:05:00.000Z',
                expires_at: null,
                expired: false,
                differences: [],
                source: 'sov',
                document: null,
              },
            ],
          },
        });
      return envelope({ isItWorkingHour: true });
    });
    const { router } = await renderAppAt('/sov-quote/tmh/42');

    const first = await screen.findByLabelText('Building 1');
    expect((within(first).getByLabelText(/Location/) as HTMLInputElement).value).toBe(
      '10 Harbor St, Miami, FL 33101',
    );
    expect((within(first).getByLabelText(/Building value/) as HTMLInputElement).value).toBe('$900,000');
    expect(screen.getByRole('heading', { name: 'Tokio Marine Highland' })).toBeTruthy();

    // A second building must be complete before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Add building' }));
    const second = await screen.findByLabelText('Building 2');
    fireEvent.click(screen.getByRole('button', { name: 'Submit statement of values' }));
    expect(await within(second).findByText('Location cannot be empty!')).toBeTruthy();
    expect(calls.some((c) => c.path === 'sov/submit-statement-of-values')).toBe(false);

    // Removing it leaves the valid prefilled building, which is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Remove building 2' }));
    await waitFor(() => expect(screen.queryByLabelText('Building 2')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Submit statement of values' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({
      carrier_id: 'tmh',
      application_id: 42,
      buildings: [
        {
          location: '10 Harbor St, Miami, FL 33101',
          building_value: 900000,
          contents_value: 150000,
          business_income: 250000,
          construction: 'Masonry',
          occupancy: 'Main Street',
          year_built: 1988,
          stories: 2,
        },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent-portal/application-details/42'));
    // The details route is loaded lazily: allow for its first import (transformed on demand in tests).
    const card = await screen.findByLabelText(
      'Tokio Marine Highland quote',
      {},
      { timeout: LAZY_ROUTE_TIMEOUT_MS },
    );
    expect(within(card).getByText('SOV')).toBeTruthy();
    expect(within(card).getByText('$5,120')).toBeTruthy();
  });
});

describe('statement of values rows', () => {
  const arbRow = fc.record({
    location: fc.string(),
    building_value: fc.option(fc.integer({ min: -10, max: 5_000_000 }), { nil: null }),
    contents_value: fc.option(fc.integer({ min: -10, max: 5_000_000 }), { nil: null }),
    business_income: fc.option(fc.integer({ min: -10, max: 5_000_000 }), { nil: null }),
    construction: fc.constantFrom('', 'Frame', 'Masonry'),
    occupancy: fc.constantFrom('', 'Office', 'Main Street'),
    year_built: fc.option(fc.integer({ min: 1000, max: 3000 }), { nil: null }),
    stories: fc.option(fc.integer({ min: -1, max: 150 }), { nil: null }),
  });

  it('accepts a row exactly when every field is present and in range', () => {
    fc.assert(
      fc.property(arbRow, (row) => {
        const errors = sovBuildingErrors(row, 2026);
        const ok =
          row.location.trim() !== '' &&
          row.building_value !== null &&
          row.building_value > 0 &&
          row.contents_value !== null &&
          row.contents_value >= 0 &&
          row.business_income !== null &&
          row.business_income >= 0 &&
          row.construction !== '' &&
          row.occupancy !== '' &&
          row.year_built !== null &&
          row.year_built >= 1800 &&
          row.year_built <= 2027 &&
          row.stories !== null &&
          row.stories >= 1 &&
          row.stories <= 100;
        expect(Object.keys(errors).length === 0).toBe(ok);
      }),
    );
  });

  it('totals are the sums of the rows', () => {
    fc.assert(
      fc.property(fc.array(arbRow), (rows) => {
        const totals = sovTotals(rows);
        const sum = (k: 'building_value' | 'contents_value' | 'business_income') =>
          rows.reduce((acc, r) => acc + (r[k] ?? 0), 0);
        expect(totals.building).toBe(sum('building_value'));
        expect(totals.total).toBe(sum('building_value') + sum('contents_value') + sum('business_income'));
      }),
    );
  });

  it('prefers the saved statement over the document', () => {
    const saved = [
      {
        location: 'A',
        building_value: 1,
        contents_value: 2,
        business_income: 3,
        construction: 'Frame',
        occupancy: 'Office',
        year_built: 2000,
        stories: 1,
      },
    ];
    const application = commercialApplication() as never;
    const statement = { quote_manager_id: 'qm', submitted: true, submitted_at: '2026-11-26T10:00:00Z' };
    expect(
      initialSovBuildings({ statement_of_values: { ...statement, buildings: saved }, application }),
    ).toEqual(saved);
    expect(
      initialSovBuildings({ statement_of_values: { ...statement, buildings: [] }, application })[0]
        .building_value,
    ).toBe(900000);
  });
});
