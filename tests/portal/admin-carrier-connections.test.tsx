/**
 * The carrier connections card and dialog of global settings (issue 19): the list as the server
 * answers it, credentials sent only when typed (write-only), the server's field errors, and
 * "Test connection" showing the masked exchange. Fetch mocked.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarrierConnection } from '../../portal/features/admin/api/carrier-connections-api.ts';
import { setSettingsCompanyId } from '../../portal/features/admin/api/settings-company-store.ts';
import {
  CarrierConnectionTestResult,
  CREDENTIALS_REFUSED_HINT,
  exchangeText,
} from '../../portal/features/admin/components/carrier-connection-test-result.tsx';
import { typedCredentials } from '../../portal/features/admin/components/carrier-connections-dialog.tsx';
import { GlobalSettingsPage } from '../../portal/features/admin/components/global-settings-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { settingsFixture } from './admin-settings-fixtures.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const connection: CarrierConnection = {
  id: 'sample_api_key',
  label: 'Neptune Flood (sample API-key connection)',
  auth_kind: 'api_key',
  endpoint: 'https://api.neptune-sample.example/v1/quotes',
  carriers: ['Neptune Flood'],
  credential_names: ['api_key'],
  credentials_set: [],
  enabled: false,
};
const exchange = {
  method: 'POST',
  url: 'https://api.neptune-sample.example/v1/quotes',
  headers: { 'x-api-key': '********' },
  body: '{"product":"Primary"}',
  status: 200,
  answer: '{"status":"QUOTED"}',
};

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSettingsCompanyId(null);
  setSession('sk-1', { id: 1, name: 'Sam', role: 'admin', mga_company: { id: 10, name: 'Acme' } }, null);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function answer(path: string, body: Record<string, unknown>) {
  if (path === 'carrier-connections/list') return envelope({ connections: [connection] });
  if (path === 'carrier-connections/update') {
    if (body.enabled && !body.credentials) {
      return {
        ...envelope(null),
        status: 'error',
        code: 422,
        message: 'Neptune Flood (sample API-key connection) needs api_key.',
        error_obj: { 'credentials.api_key': 'Neptune Flood (sample API-key connection) needs api_key.' },
      };
    }
    return envelope({ connections: [{ ...connection, enabled: true, credentials_set: ['api_key'] }] });
  }
  if (path === 'carrier-connections/test') {
    return {
      ...envelope({
        test: {
          answer: { status: 'quoted', premium: 1390, message: null },
          error: null,
          credentials_refused: false,
          exchanges: [exchange],
        },
      }),
      message: 'The carrier answered: quoted.',
    };
  }
  return envelope({ settings: settingsFixture() });
}

describe('carrier connections in global settings', () => {
  it('keeps only typed credentials', () => {
    expect(typedCredentials({ api_key: '', client_id: 'c' })).toEqual({ client_id: 'c' });
  });

  it('writes an exchange as request, headers, body and answer', () => {
    expect(exchangeText(exchange)).toBe(
      'POST https://api.neptune-sample.example/v1/quotes\nx-api-key: ********\n\n{"product":"Primary"}\n\n--- HTTP 200\n{"status":"QUOTED"}',
    );
    expect(exchangeText({ ...exchange, status: null, answer: 'no answer within 4 s' })).toContain(
      '--- No answer',
    );
  });

  it('lists the connection, shows the server refusal, saves a typed key and tests the connection', async () => {
    const calls = mockFetch(answer);
    renderWithProviders(<GlobalSettingsPage />);
    const card = await screen.findByRole('region', { name: 'Carrier connections' });
    await waitFor(() => expect(card.textContent).toContain('Off (sandbox)'));
    fireEvent.click(within(card).getByRole('button', { name: 'Manage carrier connections' }));
    const section = await screen.findByRole('region', { name: connection.label });
    expect(section.textContent).toContain('Not set.');
    fireEvent.click(within(section).getByRole('switch', { name: 'Live quotes' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText('Neptune Flood (sample API-key connection) needs api_key.'),
    ).toBeTruthy();

    fireEvent.change(within(section).getByLabelText('API key'), { target: { value: 'typed-key' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(section.textContent).toContain('Set. Leave empty to keep it.'));
    const updates = calls.filter((call) => call.path === 'carrier-connections/update');
    expect(updates.map((call) => call.body)).toEqual([
      { session_key: 'sk-1', connection_id: 'sample_api_key', enabled: true },
      {
        session_key: 'sk-1',
        connection_id: 'sample_api_key',
        enabled: true,
        credentials: { api_key: 'typed-key' },
      },
    ]);
    expect((within(section).getByLabelText('API key') as HTMLInputElement).value).toBe('');

    fireEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    expect(await within(section).findByText('The carrier answered: quoted.')).toBeTruthy();
    expect(within(section).getByLabelText('Request 1 and its answer').textContent).toContain(
      'x-api-key: ********',
    );
    expect(section.textContent).not.toContain(CREDENTIALS_REFUSED_HINT);
  });

  it('says what to do when the carrier refused the credentials', async () => {
    const refused = { status: 401, answer: '{"errors":[{"message":"Invalid API key"}]}' };
    renderWithProviders(
      <CarrierConnectionTestResult
        message="The test failed: Neptune Flood (sample API-key connection) refused the request (HTTP 401): Invalid API key"
        test={{
          answer: null,
          error: 'refused',
          credentials_refused: true,
          exchanges: [{ ...exchange, ...refused }],
        }}
      />,
    );
    expect(await screen.findByText(CREDENTIALS_REFUSED_HINT)).toBeTruthy();
    expect(screen.getByText(/refused the request \(HTTP 401\)/)).toBeTruthy();
  });
});
