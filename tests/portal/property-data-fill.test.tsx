/**
 * "Fill from property data" on the details form (issue 15): the lookup's values go only into
 * empty fields (a typed value stays), through the form's autosave; each filled field shows its
 * source and date; the summary says "Sample data" for the sandbox and lists what was not found.
 * Real form and engine; fetch mocked.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../portal/features/applications/api/application-types.ts';
import { ApplicationDetailsPage } from '../../portal/features/applications/components/application-details-page.tsx';
import { examples } from '../../schemas/schema-set.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';
import { signInSampleAgentRecordingToasts } from './signed-in-agent.ts';

vi.setConfig({ testTimeout: 120_000 });

const FETCHED = '2026-11-25T09:00:00.000Z';
const sample = (value: string | number) => ({ value, source: 'Sample data', fetched_at: FETCHED });

function application(): Application {
  const { year_build, sqft, flood_zone, bfe_elevation, ...doc } = examples.primary as Record<string, unknown>;
  return {
    id: 42,
    application_id: 'RMGA0000042',
    status: 'new',
    application_type: 'flood',
    carrier_quote_type: ['Primary'],
    is_cross_sale: false,
    min_quote_amount: null,
    payload: { useable_details: { ...doc, construction_type: 'Masonry' } },
    notes: [],
    quotes: [],
    application_relaunch_count: 0,
    schema_version: 1,
    application_source: 'Agent Portal',
    client_name_id: null,
    version: 1,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    launched_at: null,
  };
}

const JOBS = [
  {
    job: 'characteristics',
    provider: 'sandbox',
    source: 'Sample data',
    sample: true,
    fetched_at: FETCHED,
    cached: false,
    error: null,
    fields: { year_build: sample('1961'), sqft: sample(1850), construction_type: sample('Frame') },
    missing: [{ field: 'foundation_type', reason: 'Sample data found nothing for this address.' }],
  },
  {
    job: 'flood_zone',
    provider: 'sandbox',
    source: 'Sample data',
    sample: true,
    fetched_at: FETCHED,
    cached: false,
    error: null,
    fields: { flood_zone: sample('AE'), bfe_elevation: sample(9) },
    missing: [],
  },
];

beforeEach(() => {
  signInSampleAgentRecordingToasts();
});
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('fill from property data', () => {
  it('fills only the empty fields, saves them, marks their source and lists what was not found', async () => {
    const calls = mockFetch((path) => {
      if (path === 'property-data/lookup') return envelope({ application_id: 42, jobs: JOBS });
      if (path === 'agent-portal/update-application')
        return envelope({ application: { ...application(), version: 2 } });
      return envelope({ application: application() });
    });
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Fill from property data' }));
    const summary = await screen.findByRole('alert', { name: /^Property data/ });
    expect(summary.textContent).toContain('Sample data');
    expect(summary.textContent).toContain(
      '4 empty fields filled from Sample data; 1 field already filled was kept.',
    );
    expect(summary.textContent).toContain('Foundation Type: Sample data found nothing for this address.');
    const save = await waitFor(
      () => {
        const found = calls.find((c) => c.path === 'agent-portal/update-application');
        if (!found) throw new Error('not saved yet');
        return found.body.address_details as Record<string, unknown>;
      },
      { timeout: 5000 },
    );
    expect(save).toMatchObject({ year_build: '1961', sqft: 1850, flood_zone: 'AE', bfe_elevation: 9 });
    expect(save.construction_type).toBe('Masonry');
    // Computed from the filled BFE: elevation 9 - BFE 9.
    expect(save.elevation_difference).toBe(0);
    expect(screen.getAllByText('Sample data · Nov 25, 2026')).toHaveLength(4);
  });
});
