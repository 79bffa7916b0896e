/**
 * The contact create/update dialog of SPEC §2 (issue 20, docs/decisions/432-client-contacts.md),
 * opened from the details form: prefilled from the application's contact fields, checked with the
 * SPEC §5 messages before any call, created and linked (client_name_id) with a success toast, the
 * form taking the saved values through its autosave; an application naming a contact edits that
 * contact; the server's field messages show under their fields. Real form and engine; fetch mocked.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../portal/features/applications/api/application-types.ts';
import { ApplicationDetailsPage } from '../../portal/features/applications/components/application-details-page.tsx';
import { examples } from '../../schemas/schema-set.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';
import { signInSampleAgentRecordingToasts } from './signed-in-agent.ts';

vi.setConfig({ testTimeout: 120_000 });

function application(clientNameId: string | null = null): Application {
  return {
    id: 42,
    application_id: 'RMGA0000042',
    status: 'new',
    application_type: 'flood',
    carrier_quote_type: ['Primary'],
    is_cross_sale: false,
    min_quote_amount: null,
    payload: { useable_details: { ...(examples.primary as Record<string, unknown>) } },
    notes: [],
    quotes: [],
    application_relaunch_count: 0,
    schema_version: 1,
    application_source: 'Agent Portal',
    client_name_id: clientNameId,
    version: 1,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    launched_at: null,
  };
}

const contact = (fields: Record<string, unknown>) => ({
  id: 5,
  owned_type: 'Individual Owned',
  business_name: null,
  first_name: 'Maria',
  last_name: 'Alvarez',
  phone: '(305) 555-0142',
  email: 'maria.alvarez@mail.test',
  name: 'Maria Alvarez',
  company_id: 1,
  agent_id: 3,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...fields,
});

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

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

describe('client contact dialog', () => {
  it('creates the contact from the application, after the SPEC §5 checks, and links it', async () => {
    let linked: string | null = null;
    const calls = mockFetch((path, body) => {
      if (path === 'agent-portal/create-contact') {
        linked = '5';
        return envelope({ contact: contact({ phone: body.phone, email: body.email }), application_id: 42 });
      }
      if (path === 'agent-portal/update-application')
        return envelope({ application: { ...application(linked), version: 2 } });
      return envelope({ application: application(linked) });
    });
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create client contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create client contact' });
    expect(field(dialog, 'First Name').value).toBe('Maria');
    expect(field(dialog, 'Email').value).toBe('maria.alvarez@mail.test');
    expect(within(dialog).getByRole('radio', { name: 'Individual Owned' })).toHaveProperty('checked', true);
    // An individual has no business name; a business does.
    expect(within(dialog).queryByRole('textbox', { name: /^Business Name/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Business Owned' }));
    expect(field(dialog, 'Business Name')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Individual Owned' }));

    fireEvent.change(field(dialog, 'Phone'), { target: { value: '305-555' } });
    fireEvent.change(field(dialog, 'Email'), { target: { value: 'maria@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await within(dialog).findByText('Invalid Phone number!')).toBeTruthy();
    expect(within(dialog).getByText('Invalid Email!')).toBeTruthy();
    expect(calls.some((call) => call.path === 'agent-portal/create-contact')).toBe(false);

    fireEvent.change(field(dialog, 'Phone'), { target: { value: '(305) 555-0188' } });
    fireEvent.change(field(dialog, 'Email'), { target: { value: ' maria@alvarez.example ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create client contact' })).toBeNull());
    const created = calls.find((call) => call.path === 'agent-portal/create-contact');
    expect(created?.body).toEqual({
      owned_type: 'Individual Owned',
      business_name: null,
      first_name: 'Maria',
      last_name: 'Alvarez',
      phone: '(305) 555-0188',
      email: 'maria@alvarez.example',
      application_id: 42,
      session_key: 'sk-1',
    });
    expect(toasts).toContain('Contact created');
    // The form takes the contact's values and saves them; the application now names the contact.
    const saved = await waitFor(
      () => {
        const save = calls.find((call) => call.path === 'agent-portal/update-application');
        if (!save) throw new Error('not saved yet');
        return save.body.address_details as Record<string, unknown>;
      },
      { timeout: 5000 },
    );
    expect(saved).toMatchObject({ phone: '(305) 555-0188', email: 'maria@alvarez.example' });
    expect(await screen.findByRole('button', { name: 'Update client contact' })).toBeTruthy();
  });

  it("edits the contact the application names, showing the server's field message under its field", async () => {
    let rejectOnce = true;
    const calls = mockFetch((path, body) => {
      if (path === 'agent-portal/get-contact')
        return envelope({ contact: contact({ last_name: 'Alvarez Ruiz' }) });
      if (path === 'agent-portal/update-contact') {
        if (rejectOnce) {
          rejectOnce = false;
          return envelope(null, {
            status: 'error',
            code: 422,
            message: 'Invalid Email!',
            error_obj: { email: 'Invalid Email!' },
          });
        }
        return envelope({ contact: contact({ last_name: body.last_name }) });
      }
      if (path === 'agent-portal/update-application')
        return envelope({ application: { ...application('5'), version: 2 } });
      return envelope({ application: application('5') });
    });
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Update client contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update client contact' });
    // The stored contact's values, not the application's.
    await waitFor(() => expect(field(dialog, 'Last Name').value).toBe('Alvarez Ruiz'));
    fireEvent.change(field(dialog, 'Last Name'), { target: { value: 'Alvarez-Ruiz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    expect(await within(dialog).findByText('Invalid Email!')).toBeTruthy();
    expect(toasts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update client contact' })).toBeNull());
    const updates = calls.filter((call) => call.path === 'agent-portal/update-contact');
    expect(updates).toHaveLength(2);
    expect(updates[1].body).toMatchObject({ contact_id: 5, last_name: 'Alvarez-Ruiz', session_key: 'sk-1' });
    expect(toasts).toEqual(['Contact saved']);
  });
});
