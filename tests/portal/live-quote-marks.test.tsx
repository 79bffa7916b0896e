/**
 * A live carrier's quote on a card and in the comparison table (issue 19): "Bindable" with the carrier's reference and a link
 * to bind on the carrier's portal; a sandbox quote stays "Indicative" without either, and a manual
 * quote (not indicative either) is not called bindable.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Quote } from '../../portal/features/applications/api/application-types.ts';
import { isLiveRate } from '../../portal/features/applications/components/live-quote-marks.tsx';
import { QuoteCard } from '../../portal/features/applications/components/quote-card.tsx';
import { QuotesComparisonTable } from '../../portal/features/applications/components/quotes-comparison-table.tsx';
import { renderWithProviders } from './render-with-providers.tsx';

const sandbox: Quote = {
  id: 1,
  carrier: 'titan',
  sub_carrier: null,
  display_name: 'Titan Flood',
  status: 'quoted',
  premium: 2400,
  coverages: { building_limit: 250000, contents_limit: 100000, deductible: 5000 },
  benefits: [],
  message: null,
  indicative: true,
  carrier_reference: null,
  bind_url: null,
  requested_at: '2026-11-02T10:00:00.000Z',
  answered_at: '2026-11-02T10:01:00.000Z',
  expires_at: null,
  expired: false,
  differences: [],
  source: 'automatic',
  document: null,
};
const live: Quote = {
  ...sandbox,
  id: 2,
  carrier: 'neptune',
  display_name: 'Neptune Flood',
  indicative: false,
  carrier_reference: 'NEP-7',
  bind_url: 'https://portal.neptune-sample.example/bind/NEP-7',
};

describe('live quote marks', () => {
  it('calls only an automatic, rated, non-indicative quote a live rate', () => {
    expect(isLiveRate(live)).toBe(true);
    expect(isLiveRate(sandbox)).toBe(false);
    expect(isLiveRate({ ...live, source: 'manual' })).toBe(false);
    expect(isLiveRate({ ...live, status: 'declined', premium: null })).toBe(false);
    expect(isLiveRate({ ...live, source: undefined })).toBe(true);
  });

  it("shows Bindable and the carrier's bind link on a live quote, Indicative and no link on a sandbox one", async () => {
    renderWithProviders(
      <>
        <QuoteCard quote={live} cheapest={false} />
        <QuoteCard quote={sandbox} cheapest />
        <QuoteCard
          quote={{ ...live, id: 3, display_name: 'AMWins', source: 'manual', bind_url: null }}
          cheapest={false}
        />
      </>,
    );
    const liveCard = await screen.findByLabelText('Neptune Flood quote');
    expect(within(liveCard).getByText('Bindable')).toBeTruthy();
    expect(within(liveCard).queryByText('Indicative')).toBeNull();
    const link = within(liveCard).getByRole('link', {
      name: "Bind on the carrier's portal: the Neptune Flood quote (opens a new tab)",
    });
    expect(link.getAttribute('href')).toBe('https://portal.neptune-sample.example/bind/NEP-7');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const sandboxCard = screen.getByLabelText('Titan Flood quote');
    expect(within(sandboxCard).getByText('Indicative')).toBeTruthy();
    expect(within(sandboxCard).queryByText('Bindable')).toBeNull();
    expect(within(sandboxCard).queryByRole('link')).toBeNull();
    expect(within(screen.getByLabelText('AMWins quote')).queryByText('Bindable')).toBeNull();
  });

  it('links a live quote to the carrier portal from its comparison table row too', async () => {
    renderWithProviders(
      <QuotesComparisonTable
        quotes={[live, sandbox]}
        cheapestId={1}
        actionsOf={() => null}
        selected={[]}
        onSelectedChange={() => {}}
      />,
    );
    const row = (await screen.findByRole('rowheader', { name: 'Neptune Flood' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Bindable')).toBeTruthy();
    expect(
      within(row)
        .getByRole('link', {
          name: "Bind on the carrier's portal: the Neptune Flood quote (opens a new tab)",
        })
        .getAttribute('href'),
    ).toBe('https://portal.neptune-sample.example/bind/NEP-7');
    const sandboxRow = screen.getByRole('rowheader', { name: 'Titan Flood' }).closest('tr') as HTMLElement;
    expect(within(sandboxRow).getByText('Indicative')).toBeTruthy();
    expect(within(sandboxRow).queryByRole('link')).toBeNull();
  });
});
