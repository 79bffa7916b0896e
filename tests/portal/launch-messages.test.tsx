/**
 * Launch messages (issue 17): a failed launch lists every message of the form in one panel (field
 * label and message, in form order), focuses the first field, each entry moves focus to its field,
 * the toast keeps SPEC §8's first message and the list shrinks as fields are fixed. Real engine
 * and schema set; fetch mocked.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { fieldLabel } from '../../engine/field-label.ts';
import { firstMessage } from '../../engine/first-message.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import type { Application } from '../../portal/features/applications/api/application-types.ts';
import { FormView, ruleContextOf } from '../../portal/features/applications/components/form-view.tsx';
import { launchMessageEntries } from '../../portal/features/applications/components/launch-messages-panel.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import { fixtureCtx, fixtureSchemaSet } from '../engine-react/fixtures/fixture-schema-set.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const compiled = compileSchemaSet(schemaSet);

function application(doc: Record<string, unknown>): Application {
  return {
    id: 42,
    application_id: 'RMGA0000042',
    status: 'new',
    application_type: 'flood',
    carrier_quote_type: ['Primary'],
    is_cross_sale: false,
    min_quote_amount: null,
    payload: { useable_details: doc },
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

let toasts: { title: unknown; message: unknown }[];

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 } }, null);
  toasts = [];
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    toasts.push({ title: data.title, message: data.message });
    return 'id';
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('launchMessageEntries', () => {
  it('is one entry per field, in the order of the messages, with the schema label', () => {
    const doc = { address1: '10 Harbor St', city: 'Miami', state: 'FL', zip: '33101' };
    const messages = validateDocument(compiled, doc, ruleContextOf(application(doc)));
    const entries = launchMessageEntries(compiled, messages);
    expect(entries.map((e) => e.field)).toEqual([...new Set(messages.map((m) => m.field))]);
    expect(entries[0]).toEqual({
      field: messages[0].field,
      label: fieldLabel(compiled, messages[0].field).label,
      message: messages[0].message,
    });
    expect(launchMessageEntries(compiled, [])).toEqual([]);
  });
});

describe('a failed launch', () => {
  // The form view over the small generic fixture set: the product's whole form is checked in Chromium.
  const fixture = compileSchemaSet(fixtureSchemaSet);
  const fixtureApp = (doc: Record<string, unknown>): Application => ({
    ...application(doc),
    carrier_quote_type: [fixtureCtx.product],
    application_type: fixtureCtx.application_type as Application['application_type'],
  });

  it('lists every message in form order, focuses the first field and jumps to each entry', async () => {
    const doc = { alpha: 'A', answer: 'No', amount: 10 };
    const app = fixtureApp(doc);
    const calls = mockFetch(() => envelope({ application: app }));
    const onLaunched = vi.fn(async () => {});
    renderWithProviders(<FormView application={app} compiled={fixture} onLaunched={onLaunched} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Launch' }));

    const panel = await screen.findByRole('alert', { name: /attention before launch$/ });
    const messages = validateDocument(fixture, doc, ruleContextOf(app));
    expect(messages.length).toBeGreaterThanOrEqual(3);
    const entries = within(panel).getAllByRole('button');
    expect(entries.map((b) => b.textContent)).toEqual(
      messages.map((m) => `${fieldLabel(fixture, m.field).label}: ${m.message}`),
    );
    expect(entries[0].textContent).toBe('Alpha: Alpha needs at least 2 characters!');
    expect(within(panel).getByText(`${messages.length} fields need attention before launch`)).toBeTruthy();
    // The toast keeps SPEC §8's first message; nothing was sent.
    expect(toasts).toContainEqual({ title: 'Invalid data!', message: firstMessage(fixture, messages) });
    expect(calls.some((c) => c.path === 'agent-portal/launch-application')).toBe(false);
    expect(onLaunched).not.toHaveBeenCalled();

    // Focus is on the first field.
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('application42_alpha')));

    // Each entry moves focus to its field.
    fireEvent.click(entries[1]);
    expect(document.activeElement?.id).toBe(`application42_${messages[1].field}`);

    // Fixing a field takes it off the list.
    fireEvent.change(document.getElementById('application42_alpha') as HTMLInputElement, {
      target: { value: 'Alpha' },
    });
    await waitFor(() => expect(within(panel).getAllByRole('button')).toHaveLength(messages.length - 1));
    expect(within(panel).queryByText(/^Alpha/)).toBeNull();
  });

  it('shows no panel and launches when the form is valid', async () => {
    const doc = {
      alpha: 'Alpha',
      kind: 'one',
      answer: 'No',
      amount: 10,
      count: 2,
      contact_phone: '(305) 555-0100',
      level: 5000,
    };
    const app = fixtureApp(doc);
    expect(validateDocument(fixture, doc, ruleContextOf(app))).toEqual([]);
    const calls = mockFetch((path) =>
      path === 'agent-portal/launch-application'
        ? envelope({ application: { ...app, status: 'launched' }, warnings: [] })
        : envelope({ application: app }),
    );
    const onLaunched = vi.fn(async () => {});
    renderWithProviders(<FormView application={app} compiled={fixture} onLaunched={onLaunched} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Launch' }));
    await waitFor(() => expect(onLaunched).toHaveBeenCalled());
    expect(calls.some((c) => c.path === 'agent-portal/launch-application')).toBe(true);
    expect(screen.queryByRole('alert', { name: /attention before launch$/ })).toBeNull();
  });
});
