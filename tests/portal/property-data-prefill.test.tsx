/**
 * The background pre-fill on the details form (issue 40): while it runs the form says so (a
 * polite status) and stays editable; when it has written a newer version the form takes it under
 * the agent's unsaved edits (a value typed meanwhile stays, and is saved on the new version); each
 * pre-filled field shows its source and date, an estimate "Estimate · confirm or change"; the
 * summary lists what was filled and not found; "Fill from property data" queues a re-run.
 * Real form and engine; fetch mocked.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../portal/features/applications/api/application-types.ts';
import { ApplicationDetailsPage } from '../../portal/features/applications/components/application-details-page.tsx';
import { examples } from '../../schemas/schema-set.ts';
import { draftApplication, fieldInput } from './draft-application.ts';
import { FORM_SETTLED_MS } from './form-settled.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';
import { signInSampleAgentRecordingToasts } from './signed-in-agent.ts';

vi.setConfig({ testTimeout: 120_000 });

const FETCHED = '2026-11-25T09:00:00.000Z';
const sample = (value: string | number) => ({
  value,
  source: 'Sample data',
  fetched_at: FETCHED,
  estimate: false,
});
const estimate = (value: number) => ({ value, source: 'Estimate', fetched_at: FETCHED, estimate: true });

const {
  year_build: _year,
  sqft: _sqft,
  building_replacement_cost: _cost,
  building_limit: _limit,
  ...EMPTY
} = examples.primary as Record<string, unknown>;
/** What the server's pre-fill wrote (version 2). */
const FILLED = { year_build: '1961', sqft: 1850, building_replacement_cost: 315000, building_limit: 250000 };

function application(version: number, doc: Record<string, unknown>): Application {
  return draftApplication(version, { ...doc, construction_type: 'Masonry' });
}

const status = (state: 'running' | 'queued' | 'done') => ({
  application_id: 42,
  status: state,
  queued_at: FETCHED,
  finished_at: state === 'done' ? FETCHED : null,
  marks:
    state === 'done'
      ? {
          year_build: sample('1961'),
          sqft: sample(1850),
          building_replacement_cost: estimate(315000),
          building_limit: estimate(250000),
        }
      : {},
  result:
    state === 'done'
      ? {
          version: 2,
          filled: Object.keys(FILLED),
          kept: [],
          sample: true,
          sources: ['Sample data'],
          problems: [
            { source: 'Sample data', text: 'Foundation Type: Sample data found nothing for this address.' },
          ],
          skipped: null,
        }
      : null,
  error: null,
});

const fieldBox = (field: string) =>
  document.querySelector<HTMLElement>(`[data-field="${field}"]`) as HTMLElement;

beforeEach(() => {
  signInSampleAgentRecordingToasts();
});
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('background pre-fill on the details form', () => {
  it('shows it running, takes its values under a typed one, marks sources and estimates, and re-runs', async () => {
    let written = false;
    const calls = mockFetch((path, body) => {
      if (path === 'property-data/prefill-status') {
        const answer = status(written ? 'done' : 'running');
        written = true;
        return envelope(answer);
      }
      if (path === 'property-data/prefill') return envelope(status('queued'));
      // The job wrote version 2 first: a save based on version 1 is stale, as the server answers it.
      if (path === 'agent-portal/update-application')
        return body.version === 1
          ? envelope(
              { application: application(2, { ...EMPTY, ...FILLED }) },
              { status: 'error', code: 409, message: 'This application was changed elsewhere.' },
            )
          : envelope({
              application: application(
                Number(body.version) + 1,
                body.address_details as Record<string, unknown>,
              ),
            });
      return envelope({
        application: written ? application(2, { ...EMPTY, ...FILLED }) : application(1, EMPTY),
      });
    });
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);

    const running = await screen.findByRole('status', { name: /Filling from property data/ });
    expect(running.textContent).toContain('nothing you type is replaced');
    // The agent types the living area while the look-up runs.
    const livingArea = await waitFor(() => fieldInput('sqft'), { timeout: FORM_SETTLED_MS });
    fireEvent.change(livingArea, { target: { value: '2000' } });

    await waitFor(() => expect(fieldInput('year_build').value).toBe('1961'), {
      timeout: FORM_SETTLED_MS,
    });
    expect(screen.queryByRole('status', { name: /Filling from property data/ })).toBeNull();
    expect(fieldInput('sqft').value).toBe('2000');
    expect(within(fieldBox('year_build')).getByText(/Sample data · Nov 25, 2026/)).toBeTruthy();
    expect(
      within(fieldBox('building_limit')).getByText(/Estimate · confirm or change · Nov 25, 2026/),
    ).toBeTruthy();
    expect(
      within(fieldBox('building_replacement_cost')).getByText(/Estimate · confirm or change/),
    ).toBeTruthy();
    // The typed value carries no pre-fill note.
    expect(fieldBox('sqft').textContent).not.toMatch(/Sample data/);

    const summary = await screen.findByRole('alert', { name: /^Property data/ });
    expect(summary.textContent).toContain('4 fields filled from Sample data.');
    expect(summary.textContent).toContain('Foundation Type: Sample data found nothing for this address.');

    // The typed value is saved on the pre-fill's version, with the pre-filled values beside it: no
    // Merge / Reload question for a pre-fill's write.
    const save = await waitFor(
      () => {
        const found = calls.find((c) => c.path === 'agent-portal/update-application' && c.body.version === 2);
        if (!found) throw new Error('not saved yet');
        return found.body;
      },
      { timeout: FORM_SETTLED_MS },
    );
    expect(save.version).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(save.address_details).toMatchObject({ sqft: 2000, year_build: '1961', building_limit: 250000 });

    fireEvent.click(screen.getByRole('button', { name: 'Fill from property data' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'property-data/prefill')).toBe(true), {
      timeout: FORM_SETTLED_MS,
    });
  });
});
