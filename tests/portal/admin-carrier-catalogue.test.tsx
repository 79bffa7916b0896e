/**
 * The carrier catalogue page's connection health (issue 43, docs/decisions/772 and 773): each
 * company whose credentials a connection refuses is listed with where the refusal was seen, in
 * plain words ("refused in a live quote on <date>", "refused by a connection test on <date>"), and
 * a connection without refusals says None.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import type { CarrierCatalogue } from '../../portal/features/admin/api/carrier-catalogue-api.ts';
import { CarrierCataloguePage } from '../../portal/features/admin/components/carrier-catalogue-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const health = (id: string, label: string) => ({
  id,
  label,
  endpoint: `https://${id}.example/v1`,
  carriers: ['Neptune Flood'],
  answered: 4,
  errors: 2,
  error_rate: 0.5,
  last_success: '2026-11-29T09:00:00Z',
  refused_credentials: [],
});

const CATALOGUE: CarrierCatalogue = {
  version: 3,
  catalogue: carriersFile as unknown as CarrierCatalogue['catalogue'],
  versions: [
    {
      version: 3,
      note: 'Keys rotated',
      created_by_name: 'Sam Super',
      created_at: '2026-11-29T08:00:00Z',
      published_at: '2026-11-29T08:00:00Z',
    },
  ],
  connections: [
    {
      ...health('sample_api_key', 'Neptune Flood (sample API-key connection)'),
      refused_credentials: [
        { company_id: 1, company_name: 'Demo Agency', source: 'quote', at: '2026-11-29T10:30:00Z' },
        { company_id: 34, company_name: 'Keyless Agency', source: 'test', at: '2026-11-28T15:00:00Z' },
      ],
    },
    health('sample_oauth2', 'Palomar Flood (sample OAuth2 connection)'),
  ],
  window_days: 7,
};

beforeEach(() => {
  localStorage.clear();
  setSession(
    'sk-1',
    { id: 1, name: 'Sam Super', role: 'super-admin', mga_company: { id: 10, name: 'Acme' } },
    null,
  );
  reloadAuthFromStorage();
  mockFetch((path) => (path === 'carrier-catalogue/get' ? envelope(CATALOGUE) : envelope({ companies: [] })));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the carrier catalogue page', () => {
  it('says for each refused company whether a live quote or a connection test saw it, and when', async () => {
    renderWithProviders(<CarrierCataloguePage />);
    const table = await screen.findByRole('table', { name: 'Connections and their health' });
    const [apiKey, oauth] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent ?? '');
    expect(apiKey).toMatch(/Demo Agency, refused in a live quote on Nov \d+, 2026 \d+:30 [AP]M/);
    expect(apiKey).toMatch(/Keyless Agency, refused by a connection test on Nov \d+, 2026 \d+:00 [AP]M/);
    expect(apiKey).not.toContain('tested');
    expect(oauth).toMatch(/None$/);
  });
});
