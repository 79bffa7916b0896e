/**
 * The details form never loses an edit (issue 5, docs/decisions/101): a save that meets a newer
 * version offers Merge or Reload; unsaved edits wait in localStorage, come back after a reload and
 * are retried when the network returns. Real form and engine; fetch mocked.
 */
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveAnnouncer } from '../../portal/components/live-announcer.tsx';
import type { Application } from '../../portal/features/applications/api/application-types.ts';
import { ApplicationDetailsPage } from '../../portal/features/applications/components/application-details-page.tsx';
import {
  readUnsavedEdits,
  unsavedEditsKey,
} from '../../portal/features/applications/stores/unsaved-edits-store.ts';
import { examples } from '../../schemas/schema-set.ts';
import { announced } from './announced.ts';
import { draftApplication, fieldInput } from './draft-application.ts';
import { FORM_SETTLED_MS } from './form-settled.ts';
import { envelope, mockFetch, type RecordedCall, renderWithProviders } from './render-with-providers.tsx';
import { signInSampleAgentRecordingToasts } from './signed-in-agent.ts';

// Each test renders the whole form (about 250 fields) several times; on a loaded 2-core machine
// that alone can pass the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

const ID = 42;
const SAVE = 'agent-portal/update-application';

function application(version: number, changes: Record<string, unknown> = {}): Application {
  return draftApplication(version, { ...examples.primary, ...changes });
}

/** The 409 answer of a stale version: the current application rides along. */
function stale(current: Application) {
  return envelope(
    { application: current },
    { status: 'error', code: 409, message: 'This application was changed elsewhere.' },
  );
}

const saves = (calls: RecordedCall[]) => calls.filter((c) => c.path === SAVE).map((c) => c.body);

/**
 * The input of a document field. Found by id: label and role queries walk the whole form (about
 * 250 fields) and take seconds each in jsdom.
 */
/** The save indicator's text. */
const saveState = () => document.querySelector('[data-save-state]')?.textContent ?? '';

/** The Merge / Reload dialog once it is open. */
async function conflictDialog(): Promise<HTMLElement> {
  return waitFor(
    () => {
      const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
      if (!dialog?.textContent?.includes('This application was changed elsewhere'))
        throw new Error('no dialog');
      return dialog;
    },
    { timeout: FORM_SETTLED_MS },
  );
}

let toasts: unknown[];

beforeEach(() => {
  toasts = signInSampleAgentRecordingToasts();
});
afterEach(async () => {
  // Unmount first: the form saves what is pending a tick after unmount, and that must meet the mock.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openForm(strict = false) {
  // With the app's live regions, as the app mounts them beside every page.
  const page = (
    <>
      <ApplicationDetailsPage applicationId={ID} onDeleted={() => {}} />
      <LiveAnnouncer />
    </>
  );
  const view = renderWithProviders(strict ? <StrictMode>{page}</StrictMode> : page);
  await waitFor(() => fieldInput('first_name'), { timeout: FORM_SETTLED_MS });
  return view;
}

describe('a save based on an old version', () => {
  it('offers Merge, which keeps both the other change and the agent’s and saves on the new version', async () => {
    const elsewhere = application(2, { last_name: 'Changed-Elsewhere' });
    const calls = mockFetch((path, body) => {
      if (path !== SAVE) return envelope({ application: application(1) });
      if (body.version === 1) return stale(elsewhere);
      const details = body.address_details as Record<string, unknown>;
      return envelope({ application: application(3, details) });
    });
    await openForm();
    fireEvent.change(fieldInput('first_name'), { target: { value: 'Marisol' } });
    // Kept locally at once, before any save.
    await waitFor(() => expect(readUnsavedEdits(ID)).not.toBeNull(), { timeout: FORM_SETTLED_MS });
    expect(readUnsavedEdits(ID)).toEqual({
      version: 1,
      fields: { first_name: 'Marisol' },
      saved_at: expect.any(String),
    });

    const dialog = await conflictDialog();
    expect(within(dialog).getByRole('list', { name: 'Your unsaved changes' }).textContent).toBe('First Name');
    expect(saveState()).toBe('Changed elsewhere — not saved');
    expect(toasts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));

    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    const merged = saves(calls)[1];
    expect(merged.version).toBe(2);
    expect(merged.address_details).toMatchObject({ first_name: 'Marisol', last_name: 'Changed-Elsewhere' });
    expect(fieldInput('last_name').value).toBe('Changed-Elsewhere');
    expect(fieldInput('first_name').value).toBe('Marisol');
    await waitFor(() => expect(saveState()).toBe('All changes saved'));
    expect(localStorage.getItem(unsavedEditsKey(ID))).toBeNull();

    // The next edit is based on the version that save answered.
    fireEvent.change(fieldInput('first_name'), { target: { value: 'Marisela' } });
    await waitFor(() => expect(saves(calls)).toHaveLength(3), { timeout: FORM_SETTLED_MS });
    expect(saves(calls)[2].version).toBe(3);
  });

  it('offers Reload, which takes the latest document and forgets the local change', async () => {
    const elsewhere = application(2, { first_name: 'Theirs' });
    const calls = mockFetch((path) =>
      path === SAVE ? stale(elsewhere) : envelope({ application: application(1) }),
    );
    await openForm();
    fireEvent.change(fieldInput('first_name'), { target: { value: 'Mine' } });
    const dialog = await conflictDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(fieldInput('first_name').value).toBe('Theirs'));
    expect(localStorage.getItem(unsavedEditsKey(ID))).toBeNull();
    expect(saves(calls)).toHaveLength(1);
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });
});

describe('unsaved edits in this browser', () => {
  it('come back after a reload and are saved on the version they were based on', async () => {
    localStorage.setItem(
      unsavedEditsKey(ID),
      JSON.stringify({ version: 1, fields: { first_name: 'Kept' }, saved_at: '2026-11-23T10:00:00.000Z' }),
    );
    const calls = mockFetch((path, body) =>
      envelope({
        application:
          path === SAVE ? application(2, body.address_details as Record<string, unknown>) : application(1),
      }),
    );
    await openForm();
    expect(fieldInput('first_name').value).toBe('Kept');
    expect(document.body.textContent).toContain('Unsaved changes restored');
    await waitFor(() => expect(saves(calls)).toHaveLength(1), { timeout: FORM_SETTLED_MS });
    expect(saves(calls)[0]).toMatchObject({ version: 1, address_details: { first_name: 'Kept' } });
    await waitFor(() => expect(saveState()).toBe('All changes saved'));
    expect(localStorage.getItem(unsavedEditsKey(ID))).toBeNull();
  });

  it('are saved once, even when StrictMode mounts the form twice', async () => {
    localStorage.setItem(
      unsavedEditsKey(ID),
      JSON.stringify({ version: 1, fields: { first_name: 'Once' }, saved_at: '' }),
    );
    const calls = mockFetch((path, body) =>
      envelope({
        application:
          path === SAVE ? application(2, body.address_details as Record<string, unknown>) : application(1),
      }),
    );
    await openForm(true);
    await waitFor(() => expect(saveState()).toBe('All changes saved'), { timeout: FORM_SETTLED_MS });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(saves(calls)).toEqual([expect.objectContaining({ version: 1 })]);
  });

  it('are sent when the page goes away before the debounce ends', async () => {
    const calls = mockFetch((path, body) =>
      envelope({
        application:
          path === SAVE ? application(2, body.address_details as Record<string, unknown>) : application(1),
      }),
    );
    const view = await openForm();
    fireEvent.change(fieldInput('first_name'), { target: { value: 'Leaving' } });
    await waitFor(() => expect(readUnsavedEdits(ID)).not.toBeNull(), { timeout: FORM_SETTLED_MS });
    view.unmount();
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toMatchObject({ version: 1, address_details: { first_name: 'Leaving' } });
    await waitFor(() => expect(localStorage.getItem(unsavedEditsKey(ID))).toBeNull());
  });

  it('are dropped when they equal the server document already', async () => {
    localStorage.setItem(
      unsavedEditsKey(ID),
      JSON.stringify({ version: 1, fields: { first_name: examples.primary.first_name }, saved_at: '' }),
    );
    const calls = mockFetch(() => envelope({ application: application(4) }));
    await openForm();
    expect(document.body.textContent).not.toContain('Unsaved changes restored');
    fireEvent.change(fieldInput('first_name'), { target: { value: 'New' } });
    await waitFor(() => expect(saves(calls)).toHaveLength(1), { timeout: FORM_SETTLED_MS });
    // Nothing was restored, so the edit is based on the version just read.
    expect(saves(calls)[0].version).toBe(4);
  });

  it('stay while the network is down, show the offline state, and save when it is back', async () => {
    let online = false;
    const savesSentAt: number[] = [];
    const calls = mockFetch((path, body) => {
      if (path !== SAVE) return envelope({ application: application(1) });
      savesSentAt.push(performance.now());
      if (!online) throw new TypeError('Failed to fetch');
      return envelope({ application: application(2, body.address_details as Record<string, unknown>) });
    });
    await openForm();
    fireEvent.change(fieldInput('first_name'), { target: { value: 'Offline edit' } });
    await waitFor(() => expect(saveState()).toBe('Offline — changes kept on this device, will retry'), {
      timeout: FORM_SETTLED_MS,
    });
    // The failure is read out at once; the indicator itself is no live region (issue 46). The
    // region is drawn in a render of its own: a loaded run read the earlier test's message there.
    await waitFor(() =>
      expect(announced('assertive')).toBe(
        'Autosave failed: you are offline. Your changes are kept on this device and sent when back online.',
      ),
    );
    expect(document.querySelector('[data-save-state]')?.closest('[aria-live]')).toBeNull();
    expect(readUnsavedEdits(ID)?.fields).toEqual({ first_name: 'Offline edit' });
    const tried = saves(calls).length;

    online = true;
    const onlineAt = performance.now();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // Sent by the online event, not by the 3 s retry: it left at once.
    await waitFor(() => expect(saveState()).toBe('All changes saved'), { timeout: FORM_SETTLED_MS });
    expect(savesSentAt[tried] - onlineAt).toBeLessThan(1000);
    expect(saves(calls)).toHaveLength(tried + 1);
    expect(saves(calls).at(-1)).toMatchObject({
      version: 1,
      address_details: { first_name: 'Offline edit' },
    });
    expect(localStorage.getItem(unsavedEditsKey(ID))).toBeNull();
  });

  it('stay when the server fails, without a toast per retry', async () => {
    mockFetch((path) =>
      path === SAVE
        ? envelope(null, { status: 'error', code: 503, message: 'Service Unavailable' })
        : envelope({ application: application(1) }),
    );
    await openForm();
    fireEvent.change(fieldInput('first_name'), { target: { value: 'During outage' } });
    await waitFor(() => expect(saveState()).toBe('Offline — changes kept on this device, will retry'), {
      timeout: FORM_SETTLED_MS,
    });
    expect(readUnsavedEdits(ID)?.fields).toEqual({ first_name: 'During outage' });
    expect(toasts).toEqual([]);
  });
});
