/**
 * The template preview and the automatic messages dialog of the messaging console (issue 14):
 * the preview sends the texts as typed (and the chosen application's id) to
 * portal-settings/preview-template and shows the rendered texts, or the server's error (bad Liquid)
 * as an alert; a bad application number is refused before any call; the automatic messages
 * dialog saves the chosen templates, delay and working-hours switch.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettingsCompanyId } from '../../portal/features/admin/api/settings-company-store.ts';
import { MessagingConsolePage } from '../../portal/features/admin/components/messaging-console-page.tsx';
import {
  APPLICATION_NUMBER_MESSAGE,
  applicationIdOf,
} from '../../portal/features/admin/components/template-preview-panel.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { settingsFixture } from './admin-settings-fixtures.ts';
import { envelope, mockFetch, type RecordedCall, renderWithProviders } from './render-with-providers.tsx';

const SYNTAX_ERROR = 'Template syntax error: tag {% if first_name %} not closed, line:1, col:1.';

beforeEach(() => {
  // jsdom has no layout: Mantine's Select scrolls the chosen option into view.
  Element.prototype.scrollIntoView ??= () => {};
  localStorage.clear();
  reloadAuthFromStorage();
  setSettingsCompanyId(null);
  setSession('sk-1', { id: 1, name: 'Sam', role: 'admin', mga_company: { id: 10, name: 'Acme' } }, null);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const callsTo = (calls: RecordedCall[], path: string) => calls.filter((call) => call.path === path);

/** Answers settings, and previews: an error for `{% if` bodies, else the body with Jane. */
function answer(path: string, body: Record<string, unknown>) {
  if (path !== 'portal-settings/preview-template') return envelope({ settings: settingsFixture() });
  if (String(body.body).includes('{% if')) {
    return envelope(null, {
      status: 'error',
      code: 422,
      message: SYNTAX_ERROR,
      error_obj: { body: SYNTAX_ERROR },
    });
  }
  return envelope({
    preview: {
      subject: body.kind === 'email' ? String(body.subject).replace('{{first_name}}', 'Jane') : null,
      body: String(body.body).replace('{{first_name}}', body.application_id ? 'Maria' : 'Jane'),
      sample: body.application_id === undefined,
    },
  });
}

async function openEmailTemplates() {
  renderWithProviders(<MessagingConsolePage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Manage email templates' }));
  return screen.findByRole('dialog');
}

describe('template preview', () => {
  it('renders the typed template for the sample client, then for a chosen application', async () => {
    const calls = mockFetch(answer);
    const dialog = await openEmailTemplates();
    expect((within(dialog).getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: 'For {{first_name}}' } });
    fireEvent.change(within(dialog).getByLabelText(/^Body/), { target: { value: 'Hi {{first_name}}!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const shown = await within(dialog).findByRole('region', { name: 'Template preview' });
    expect(shown.textContent).toContain('Rendered for the sample client Jane Sample');
    expect(shown.textContent).toContain('For Jane');
    expect(shown.textContent).toContain('Hi Jane!');
    expect(callsTo(calls, 'portal-settings/preview-template')[0].body).toEqual({
      session_key: 'sk-1',
      kind: 'email',
      subject: 'For {{first_name}}',
      body: 'Hi {{first_name}}!',
    });

    fireEvent.change(within(dialog).getByLabelText(/^Preview for application/), {
      target: { value: 'RMGA0000042' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('region', { name: 'Template preview' }).textContent).toContain(
        'Hi Maria!',
      ),
    );
    expect(callsTo(calls, 'portal-settings/preview-template')[1].body).toMatchObject({ application_id: 42 });
    // Nothing was saved by previewing.
    expect(callsTo(calls, 'portal-settings/email-templates/create')).toHaveLength(0);
  });

  it('shows the server’s Liquid error as an alert and clears the last preview', async () => {
    mockFetch(answer);
    const dialog = await openEmailTemplates();
    fireEvent.change(within(dialog).getByLabelText(/^Body/), { target: { value: 'Hi {{first_name}}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('region', { name: 'Template preview' });
    fireEvent.change(within(dialog).getByLabelText(/^Body/), {
      target: { value: '{% if first_name %}open' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Cannot preview');
    expect(alert.textContent).toContain(SYNTAX_ERROR);
    expect(within(dialog).queryByRole('region', { name: 'Template preview' })).toBeNull();
  });

  it('refuses an application number that is no number without asking the server', async () => {
    const calls = mockFetch(answer);
    const dialog = await openEmailTemplates();
    fireEvent.change(within(dialog).getByLabelText(/^Body/), { target: { value: 'Hi' } });
    fireEvent.change(within(dialog).getByLabelText(/^Preview for application/), {
      target: { value: 'Maria' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(APPLICATION_NUMBER_MESSAGE);
    expect(callsTo(calls, 'portal-settings/preview-template')).toHaveLength(0);
  });

  it('reads an application number with or without its prefix and zeros (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999 }),
        fc.constantFrom('', 'RMGA', 'rmga'),
        (id, prefix) => {
          expect(applicationIdOf(`${prefix}${String(id).padStart(7, '0')}`)).toBe(id);
          expect(applicationIdOf(` ${id} `)).toBe(id);
        },
      ),
    );
    expect(applicationIdOf('  ')).toBeNull();
    expect(applicationIdOf('12a')).toBeUndefined();
  });
});

describe('automatic messages', () => {
  it('shows the chosen templates and saves new ones with the delay and the working-hours switch', async () => {
    const calls = mockFetch(answer);
    renderWithProviders(<MessagingConsolePage />);
    const card = await screen.findByRole('region', { name: 'Automatic messages' });
    expect(card.textContent).toContain('Quote ready (email), nothing (SMS)');
    expect(card.textContent).toContain('Follow-up after 60 min');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit automatic messages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Automatic messages' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Follow-up: email template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Quote ready' }));
    fireEvent.change(within(dialog).getByLabelText('Follow up after (minutes)'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save automatic messages' }));
    expect(await within(dialog).findByText('Enter 5 to 10080 minutes.')).toBeTruthy();
    expect(callsTo(calls, 'portal-settings/update-auto-send')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Follow up after (minutes)'), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Only during working hours/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save automatic messages' }));
    await waitFor(() =>
      expect(callsTo(calls, 'portal-settings/update-auto-send')[0]?.body).toEqual({
        session_key: 'sk-1',
        auto_send: {
          working_hours_only: false,
          complete: { email_template_id: 3, sms_template_id: null },
          timeout: { email_template_id: 3, sms_template_id: null, after_minutes: 90 },
        },
      }),
    );
  });
});
