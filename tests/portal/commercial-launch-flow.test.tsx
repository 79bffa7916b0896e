/**
 * The order of the commercial launch flow (ADR 073): underwriting warnings -> potential repetitive
 * loss -> launch-application -> immediate info with the accepted warnings. The engine's verdicts are
 * stubbed here (validation passes, one warning) because this checks the portal's orchestration; the
 * engine and the commercial rules have their own tests.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutcomeMessage } from '../../engine/types.ts';
import type { Application } from '../../portal/features/applications/api/application-types.ts';
import { ApplicationDetailsPage } from '../../portal/features/applications/components/application-details-page.tsx';
import { resetDetailsView } from '../../portal/features/applications/stores/details-view-store.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { withCarriersInUse } from './carriers-in-use.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const WARNING: OutcomeMessage = {
  table_id: 'commercial',
  question_id: 'commercial-prior-loss',
  field: 'underwriting_prior_flood_loss',
  outcome: 'warning',
  question: 'Has the property had a flood loss in the last 10 years?',
  message: 'Prior flood losses need underwriter review: quotes are preliminary.',
};

// The launch sees a valid document; the form's own field checks stay real.
vi.mock('../../engine/validate-document.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../engine/validate-document.ts')>()),
  validateDocument: () => [],
}));
vi.mock('../../engine/evaluate-outcomes.ts', () => ({ evaluateOutcomes: () => [WARNING] }));

const DOC = {
  searched_address: '10 Harbor St, Miami, FL 33101',
  state: 'FL',
  commercial_building_type: 'Office',
  underwriting_prior_flood_loss: 'Yes',
  prior_loss_amount: 40000,
  building_replacement_cost: 100000,
};

function application(status: Application['status']): Application {
  return {
    id: 42,
    application_id: 'RMGA0000042',
    status,
    application_type: 'flood',
    carrier_quote_type: ['Commercial'],
    is_cross_sale: false,
    min_quote_amount: null,
    payload: { useable_details: DOC },
    notes: [],
    quotes: [],
    application_relaunch_count: 0,
    schema_version: 1,
    version: 1,
    application_source: 'Agent Portal',
    client_name_id: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    launched_at: null,
  };
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 } }, null);
  resetDetailsView();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('commercial launch flow', () => {
  it('asks warnings, then repetitive loss, launches, then shows immediate info', async () => {
    let launched = false;
    const calls = mockFetch(
      withCarriersInUse((path) => {
        if (path === 'agent-portal/launch-application') {
          launched = true;
          return envelope({ application: application('completed'), warnings: [WARNING] });
        }
        return envelope({ application: application(launched ? 'completed' : 'new') });
      }),
    );
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Launch' }));

    const warnings = await screen.findByRole('dialog', { name: 'Underwriting warnings' });
    expect(within(warnings).getByText(WARNING.message)).toBeTruthy();
    fireEvent.click(within(warnings).getByRole('button', { name: 'Launch anyway' }));

    // $40,000 of a $100,000 building is a substantial loss: potential repetitive loss even for one loss.
    const loss = await screen.findByRole('dialog', { name: 'Potential repetitive loss' });
    expect(calls.some((c) => c.path === 'agent-portal/launch-application')).toBe(false);
    fireEvent.click(within(loss).getByText('Only this one'));
    fireEvent.click(await within(loss).findByRole('button', { name: 'Launch anyway' }));

    await waitFor(() => expect(calls.some((c) => c.path === 'agent-portal/launch-application')).toBe(true));
    const info = await screen.findByRole('dialog', { name: 'Immediate info' });
    expect(within(info).getByText(WARNING.message)).toBeTruthy();
    fireEvent.click(within(info).getByRole('button', { name: 'Got it' }));
    expect(await screen.findByRole('button', { name: 'Launch to SOV carriers' })).toBeTruthy();
  });

  it('cancelling the repetitive loss dialog does not launch', async () => {
    const calls = mockFetch(() => envelope({ application: application('new') }));
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Launch' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Underwriting warnings' })).getByRole('button', {
        name: 'Launch anyway',
      }),
    );
    const loss = await screen.findByRole('dialog', { name: 'Potential repetitive loss' });
    fireEvent.click(within(loss).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Potential repetitive loss' })).toBeNull(),
    );
    expect(calls.some((c) => c.path === 'agent-portal/launch-application')).toBe(false);
  });
});
