/**
 * The agent is told (issue 37): when update-application refuses a stored value (422 naming the
 * field, e.g. a foundation type the application's version no longer lists), the form shows the
 * message at that field, saves every other edit at once without it, and does not retry the
 * refusal in a loop. Real form and engine; fetch mocked.
 */
import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../portal/features/applications/api/application-types.ts';
import { ApplicationDetailsPage } from '../../portal/features/applications/components/application-details-page.tsx';
import { readUnsavedEdits } from '../../portal/features/applications/stores/unsaved-edits-store.ts';
import { examples } from '../../schemas/schema-set.ts';
import { draftApplication, fieldInput } from './draft-application.ts';
import { FORM_SETTLED_MS } from './form-settled.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';
import { signInSampleAgentRecordingToasts } from './signed-in-agent.ts';

vi.setConfig({ testTimeout: 120_000 });

const ID = 42;
const SAVE = 'agent-portal/update-application';
const REFUSAL = 'Foundation Type must be one of the listed options';

function application(version: number, changes: Record<string, unknown> = {}): Application {
  return draftApplication(version, { ...examples.primary, foundation_type: 'Crawlspace', ...changes });
}

const saveState = () => document.querySelector('[data-save-state]')?.textContent ?? '';

let toasts: unknown[];
beforeEach(() => {
  toasts = signInSampleAgentRecordingToasts();
});
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a value the server refuses', () => {
  it('is shown at its field, every other edit is saved without it, and the refusal is not retried', async () => {
    let version = 1;
    const calls = mockFetch((path, body) => {
      if (path !== SAVE) return envelope({ application: application(version) });
      const details = body.address_details as Record<string, unknown>;
      if (details.foundation_type === 'Crawlspace') {
        return envelope(null, {
          status: 'error',
          code: 422,
          message: REFUSAL,
          error_obj: { foundation_type: REFUSAL },
        });
      }
      version += 1;
      return envelope({ application: application(version, details) });
    });
    const saves = () => calls.filter((call) => call.path === SAVE).map((call) => call.body);
    renderWithProviders(<ApplicationDetailsPage applicationId={ID} onDeleted={() => {}} />);
    await waitFor(() => fieldInput('first_name'), { timeout: FORM_SETTLED_MS });

    fireEvent.change(fieldInput('first_name'), { target: { value: 'Marisol' } });
    await waitFor(() => expect(saves()).toHaveLength(2), { timeout: FORM_SETTLED_MS });
    const [refused, saved] = saves();
    expect((refused.address_details as Record<string, unknown>).foundation_type).toBe('Crawlspace');
    expect(saved.address_details).toMatchObject({ first_name: 'Marisol' });
    expect(saved.address_details).not.toHaveProperty('foundation_type');
    await waitFor(() => expect(saveState()).toBe('Not saved — see the marked field'), {
      timeout: FORM_SETTLED_MS,
    });

    // The message stands where the field is, and the field keeps what the agent has.
    const field = fieldInput('foundation_type').closest('.mantine-InputWrapper-root') ?? document.body;
    expect(field.textContent).toContain(REFUSAL);
    expect(fieldInput('first_name').value).toBe('Marisol');
    // Every other edit reached the server (the refused value is the one it holds); nothing is
    // retried past the autosave backoff.
    expect(readUnsavedEdits(ID)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(saves()).toHaveLength(2);
    expect(toasts).toEqual([]);

    // The next edit saves again, still without the refused value.
    fireEvent.change(fieldInput('last_name'), { target: { value: 'Reyes' } });
    await waitFor(() => expect(saves()).toHaveLength(3), { timeout: FORM_SETTLED_MS });
    expect(saves()[2].address_details).toMatchObject({ last_name: 'Reyes' });
    expect(saves()[2].address_details).not.toHaveProperty('foundation_type');
  });
});
