/**
 * The quotes comparison of issue 17: the desktop table (sort by any column, declined / error /
 * timeout grouped below), selecting 2 to 4 carriers for the side-by-side view with differing rows
 * highlighted, the server's `differences` flagged with the asked value; below sm a compact list
 * that sorts as the table does, with a compare sheet (issue 40, ADR 766). The logos are the carriers
 * in use's (carrier-catalogue/carriers, issue 43), answered as carriers.json's version 1.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveAnnouncer } from '../../portal/components/live-announcer.tsx';
import type { Application, Quote } from '../../portal/features/applications/api/application-types.ts';
import {
  COMPACT_SORTS,
  parseCompactSort,
} from '../../portal/features/applications/components/quotes-compact-list.tsx';
import {
  comparisonRows,
  QuotesComparisonTable,
  sortValue,
} from '../../portal/features/applications/components/quotes-comparison-table.tsx';
import { QuotesView } from '../../portal/features/applications/components/quotes-view.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { announced } from './announced.ts';
import { withCarriersInUse } from './carriers-in-use.ts';
import { mediaQueryList } from './media-query-list.ts';
import { mockFetch, renderWithProviders } from './render-with-providers.tsx';

function quote(id: number, display_name: string, patch: Partial<Quote> = {}): Quote {
  return {
    id,
    carrier: display_name.toLowerCase().replace(/ /g, '_'),
    sub_carrier: null,
    display_name,
    status: 'quoted',
    premium: 1000 + id,
    coverages: { building_limit: 250000, contents_limit: 100000, deductible: 5000 },
    differences: [],
    benefits: [],
    message: null,
    indicative: true,
    requested_at: '2026-11-02T10:00:00.000Z',
    answered_at: '2026-11-02T10:01:00.000Z',
    expires_at: null,
    expired: false,
    source: 'automatic',
    document: null,
    ...patch,
  };
}

const QUOTES: Quote[] = [
  quote(1, 'Neptune', { premium: 1290, benefits: ['Fast claims'] }),
  quote(2, 'Hippo', { status: 'declined', premium: null, coverages: {}, message: 'Risk outside appetite' }),
  quote(3, 'Beyond Flood', {
    premium: 812,
    coverages: { building_limit: 250000, contents_limit: 100000, deductible: 10000, loss_of_use: 50000 },
    differences: [
      { coverage: 'deductible', field: 'deductible', kind: 'changed', asked: 5000, quoted: 10000 },
      { coverage: 'loss_of_use', field: 'loss_of_use', kind: 'not_asked', asked: 0, quoted: 50000 },
    ],
  }),
  quote(4, 'Palomar', { status: 'pending', premium: null, coverages: {} }),
  quote(5, 'Aon Edge', { premium: 2100, status: 'timeout' }),
  quote(6, 'Wright', {
    premium: 990,
    coverages: { building_limit: 200000, contents_limit: 100000, deductible: 5000 },
    differences: [
      { coverage: 'building_limit', field: 'building_limit', kind: 'changed', asked: 250000, quoted: 200000 },
      {
        coverage: 'temporary_living_expense',
        field: 'temporary_living_expense',
        kind: 'not_included',
        asked: 'Yes',
        quoted: null,
      },
    ],
  }),
  quote(7, 'Selective', { premium: 1500 }),
  quote(8, 'Zurich', { premium: 1600 }),
];

const carriersInOrder = () =>
  screen
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
    .filter((text) => !text?.startsWith('Not quoted'));

/** The table with its selection held as the quotes view holds it. */
function SelectingTable({ quotes }: { quotes: Quote[] }) {
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <QuotesComparisonTable
      quotes={quotes}
      cheapestId={6}
      actionsOf={() => null}
      selected={selected}
      onSelectedChange={setSelected}
    />
  );
}

async function renderTable(quotes = QUOTES) {
  renderWithProviders(<SelectingTable quotes={quotes} />);
  // The harness router renders on the next tick.
  await screen.findByRole('table', { name: 'Quotes comparison' });
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 } }, null);
  // Only the carriers in use are answered: nothing else these views show calls the server.
  mockFetch(withCarriersInUse(() => undefined));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/**
 * The flagged coverage cell of `container` that reads `text`: its value, then the explanation read
 * with it by assistive technology (the cell is no Tab stop of its own, issue 46). Throws when none.
 */
function flaggedCell(container: HTMLElement, text: string): HTMLElement {
  const cell = [...container.querySelectorAll<HTMLElement>('[data-difference]')].find(
    (element) => element.textContent === text,
  );
  if (!cell) throw new Error(`no flagged cell reads "${text}"`);
  return cell;
}

describe('comparisonRows', () => {
  const arbQuote = fc
    .record({
      id: fc.nat(),
      status: fc.constantFrom('quoted', 'pending', 'declined', 'error', 'timeout') as fc.Arbitrary<
        Quote['status']
      >,
      premium: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
      deductible: fc.option(fc.constantFrom(1000, 5000, 25000), { nil: undefined }),
      name: fc.string({ maxLength: 6 }),
    })
    .map(({ id, status, premium, deductible, name }) =>
      quote(id, name, { status, premium, coverages: deductible === undefined ? {} : { deductible } }),
    );
  const columns = ['carrier', 'status', 'premium', 'coverage:deductible', 'benefits', 'message'];

  it('keeps every quote once, declined / error / timeout after the others, sorted with empty values last', () => {
    fc.assert(
      fc.property(
        fc.array(arbQuote, { maxLength: 12 }),
        fc.constantFrom(...columns),
        fc.constantFrom('asc', 'desc') as fc.Arbitrary<'asc' | 'desc'>,
        (quotes, column, direction) => {
          const { answered, notQuoted } = comparisonRows(quotes, { column, direction });
          expect([...answered, ...notQuoted].map((q) => q.id).sort()).toEqual(quotes.map((q) => q.id).sort());
          expect(answered.every((q) => q.status === 'quoted' || q.status === 'pending')).toBe(true);
          expect(notQuoted.every((q) => ['declined', 'error', 'timeout'].includes(q.status))).toBe(true);
          for (const group of [answered, notQuoted]) {
            const values = group.map((q) => sortValue(q, column));
            const firstEmpty = values.indexOf(null);
            if (firstEmpty >= 0) expect(values.slice(firstEmpty).every((v) => v === null)).toBe(true);
            const numbers = values.filter((v): v is number => typeof v === 'number');
            for (let i = 1; i < numbers.length; i++) {
              if (direction === 'asc') expect(numbers[i]).toBeGreaterThanOrEqual(numbers[i - 1]);
              else expect(numbers[i]).toBeLessThanOrEqual(numbers[i - 1]);
            }
          }
        },
      ),
    );
  });
});

describe('the comparison table', () => {
  it('lists every carrier cheapest first, with the not-quoted ones grouped below', async () => {
    await renderTable();
    expect(carriersInOrder()).toEqual([
      'Beyond Flood',
      'Wright',
      'Neptune',
      'Selective',
      'Zurich',
      'Palomar',
      'Aon Edge',
      'Hippo',
    ]);
    const group = screen.getByRole('rowheader', { name: /^Not quoted \(2\)/ });
    const rows = screen.getAllByRole('row');
    const groupIndex = rows.indexOf(group.closest('tr') as HTMLElement);
    expect(rows.slice(groupIndex + 1).map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Aon Edge',
      'Hippo',
    ]);
    // Each extra coverage is its own column, those only flagged included.
    for (const name of [
      'Carrier',
      'Status',
      'Premium',
      'Building',
      'Contents',
      'Deductible',
      'Loss of use',
      'Temporary living expense',
      'Benefits',
      'Message',
    ]) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeTruthy();
    }
  });

  it('sorts by any column, ascending then descending', async () => {
    await renderTable();
    const carrier = screen.getByRole('columnheader', { name: /^Carrier/ });
    expect(screen.getByRole('columnheader', { name: /^Premium/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    fireEvent.click(within(carrier).getByRole('button'));
    expect(carrier.getAttribute('aria-sort')).toBe('ascending');
    expect(carriersInOrder()).toEqual([
      'Beyond Flood',
      'Neptune',
      'Palomar',
      'Selective',
      'Wright',
      'Zurich',
      'Aon Edge',
      'Hippo',
    ]);
    fireEvent.click(within(carrier).getByRole('button'));
    expect(carrier.getAttribute('aria-sort')).toBe('descending');
    expect(carriersInOrder()).toEqual([
      'Zurich',
      'Wright',
      'Selective',
      'Palomar',
      'Neptune',
      'Beyond Flood',
      'Hippo',
      'Aon Edge',
    ]);

    const deductible = screen.getByRole('columnheader', { name: /^Deductible/ });
    fireEvent.click(within(deductible).getByRole('button'));
    fireEvent.click(within(deductible).getByRole('button'));
    // Highest deductible first; quotes without one last.
    expect(carriersInOrder().slice(0, 1)).toEqual(['Beyond Flood']);
    expect(carriersInOrder().indexOf('Palomar')).toBe(5);
  });

  it("shows each carrier in use's logo beside its name, the row header still named by the name alone", async () => {
    await renderTable();
    const neptune = screen.getByRole('rowheader', { name: 'Neptune' });
    await waitFor(() => expect(neptune.querySelector('img')).not.toBeNull());
    const logo = neptune.querySelector('img');
    expect(logo?.getAttribute('src')).toBe('/carriers/neptune.svg');
    expect(logo?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('rowheader', { name: 'Zurich' }).querySelector('img')).toBeNull();
  });

  it('flags each cell that differs from what was asked, with the asked value', async () => {
    await renderTable();
    const beyond = screen.getByRole('rowheader', { name: 'Beyond Flood' }).closest('tr') as HTMLElement;
    const deductible = flaggedCell(beyond, '$10,000. Asked $5,000');
    expect(deductible.getAttribute('data-difference')).toBe('changed');
    expect(flaggedCell(beyond, '$50,000. Not asked (asked $0); included in this quote')).toBeTruthy();
    const wright = screen.getByRole('rowheader', { name: 'Wright' }).closest('tr') as HTMLElement;
    expect(flaggedCell(wright, '$200,000. Asked $250,000')).toBeTruthy();
    expect(flaggedCell(wright, '—. Asked Yes; not included in this quote')).toBeTruthy();
    const neptune = screen.getByRole('rowheader', { name: 'Neptune' }).closest('tr') as HTMLElement;
    expect(neptune.querySelectorAll('[data-difference]')).toHaveLength(0);
  });

  it("marks a row's source, sandbox rate and bound policy beside its status, as the card does", async () => {
    await renderTable([
      quote(1, 'Neptune', {
        bound: {
          id: 1,
          policy_number: 'FLD-1',
          effective_date: '2026-12-01',
          premium: 1001,
          business: 'new',
          paid: false,
        },
      }),
      quote(2, 'Wright', { indicative: false, source: 'manual' }),
      quote(3, 'Hippo', { status: 'declined', premium: null, coverages: {} }),
    ]);
    const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(within(row('Neptune')).getByText('Bound · FLD-1')).toBeTruthy();
    expect(within(row('Neptune')).getByText('Indicative')).toBeTruthy();
    expect(within(row('Wright')).getByText('Manual')).toBeTruthy();
    expect(within(row('Wright')).queryByText('Indicative')).toBeNull();
    // A declined request has no rate, so nothing indicative about it.
    expect(within(row('Hippo')).queryByText('Indicative')).toBeNull();
    expect(within(row('Hippo')).queryByText(/^Bound/)).toBeNull();
  });

  it('compares 2 to 4 selected carriers side by side, highlighting the rows that differ', async () => {
    await renderTable();
    const compare = screen.getByRole('button', { name: 'Compare selected' }) as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    // Only quoted carriers can be selected.
    expect(screen.queryByRole('checkbox', { name: 'Compare Hippo' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Compare Palomar' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Neptune' }));
    expect(compare.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Beyond Flood' }));
    expect(compare.disabled).toBe(false);
    fireEvent.click(compare);

    const side = screen.getByRole('table', { name: 'Selected quotes side by side' });
    expect(
      within(side)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Coverage', 'Neptune', 'Beyond Flood']);
    const rowOf = (label: string) =>
      within(side)
        .getByRole('rowheader', { name: new RegExp(`^${label}`) })
        .closest('tr') as HTMLElement;
    const highlighted = (label: string) =>
      within(rowOf(label))
        .getAllByRole('cell')
        .map((c) => c.hasAttribute('data-differs'));
    expect(highlighted('Premium')).toEqual([true, true]);
    expect(highlighted('Deductible')).toEqual([true, true]);
    expect(highlighted('Building')).toEqual([false, false]);
    expect(highlighted('Contents')).toEqual([false, false]);
    expect(highlighted('Benefits')).toEqual([true, true]);
    // The flag against the request stays in the side-by-side cell.
    expect(flaggedCell(rowOf('Deductible'), '$10,000. Asked $5,000')).toBeTruthy();
    // Keyboard users land on the comparison they opened (its Close hands focus back, below).
    expect(document.activeElement?.textContent).toBe('2 carriers side by side');

    // At most four: the fifth quoted carrier cannot be added.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Wright' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Selective' }));
    expect((screen.getByRole('checkbox', { name: 'Compare Zurich' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(within(side).getAllByRole('columnheader')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Close comparison' }));
    expect(screen.queryByRole('table', { name: 'Selected quotes side by side' })).toBeNull();
    expect(document.activeElement).toBe(compare);
  });
});

describe('the quotes view by screen width', () => {
  function application(): Application {
    return {
      id: 42,
      application_id: 'RMGA0000042',
      status: 'completed',
      application_type: 'flood',
      carrier_quote_type: ['Primary'],
      is_cross_sale: false,
      min_quote_amount: 812,
      payload: { useable_details: {} },
      notes: [],
      quotes: QUOTES,
      application_relaunch_count: 0,
      schema_version: 1,
      version: 1,
      application_source: 'Agent Portal',
      client_name_id: null,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-02T10:00:00.000Z',
      launched_at: '2026-11-02T10:00:00.000Z',
    };
  }

  function stubWidth(desktop: boolean) {
    vi.stubGlobal('matchMedia', (query: string) =>
      mediaQueryList(query, desktop && query.includes('min-width')),
    );
  }

  it('starts on the table on a desktop, and switches to cards', async () => {
    stubWidth(true);
    renderWithProviders(<QuotesView application={application()} onChanged={() => {}} />);
    expect(await screen.findByRole('table', { name: 'Quotes comparison' })).toBeTruthy();
    expect(screen.queryByLabelText('Neptune quote')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Cards' }));
    expect(await screen.findByLabelText('Neptune quote')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Quotes comparison' })).toBeNull();
  });

  it('says honestly that carriers are busy while the live stream reports a backlog', async () => {
    stubWidth(true);
    const pending = { ...QUOTES[0], id: 901, status: 'pending' as const, premium: null };
    const launched = { ...application(), status: 'launched' as const, quotes: [...QUOTES, pending] };
    const quiet = renderWithProviders(<QuotesView application={launched} onChanged={() => {}} />);
    const progress = () => document.querySelector('[data-launch-progress]')?.textContent;
    await waitFor(() => expect(progress()).toBe('Waiting for 2 carriers…'));
    quiet.unmount();
    const busy = { ...launched, carriers_busy: true } as Application;
    renderWithProviders(<QuotesView application={busy} onChanged={() => {}} />);
    await waitFor(() =>
      expect(progress()).toBe('Carriers are busy: 2 quotes are queued and will arrive as carriers answer.'),
    );
  });

  it("reads a launch's progress, then its outcome, and heads the view with the summary", async () => {
    stubWidth(true);
    const pending = { ...QUOTES[0], id: 901, status: 'pending' as const, premium: null };
    const launched = { ...application(), status: 'launched' as const, quotes: [...QUOTES, pending] };
    const shown: { set?: (next: Application) => void } = {};
    function Following() {
      const [current, set] = useState<Application>(launched);
      shown.set = set;
      return (
        <>
          <LiveAnnouncer />
          <QuotesView application={current} onChanged={() => {}} />
        </>
      );
    }
    renderWithProviders(<Following />);
    const summary = await screen.findByRole('heading', { level: 2, name: /carriers quoted/ });
    expect(summary.textContent).toBe('6 of 9 carriers quoted · lowest $812');
    await waitFor(() =>
      expect(announced('polite')).toBe('6 of 9 carriers quoted, lowest $812. Waiting for 2 carriers…'),
    );
    act(() => shown.set?.({ ...launched, status: 'completed', quotes: QUOTES }));
    await waitFor(() => expect(announced('polite')).toBe('6 of 8 carriers quoted, lowest $812'));
    // The notes are a section of the view too: h2 under the page's h1, no level skipped.
    expect(screen.getByRole('heading', { level: 2, name: 'Notes' })).toBeTruthy();
  });

  it('shows a compact list, with the flags, on a phone', async () => {
    stubWidth(false);
    renderWithProviders(<QuotesView application={application()} onChanged={() => {}} />);
    const item = await screen.findByLabelText('Beyond Flood quote');
    expect(flaggedCell(item, '$10,000. Asked $5,000')).toBeTruthy();
    // Each item shows its carrier's logo, named; a carrier not in the catalogue in use has none.
    expect((await within(item).findByRole('img', { name: 'Beyond Flood logo' })).getAttribute('src')).toBe(
      '/carriers/beyond_flood.svg',
    );
    expect(within(screen.getByLabelText('Zurich quote')).queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Quotes comparison' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Cards' })).toBeNull();
    // The carriers that did not quote are a list of their own below, as the table groups them.
    const notQuoted = within(screen.getByRole('list', { name: 'Not quoted' })).getAllByRole('listitem');
    expect(notQuoted.map((entry) => entry.getAttribute('aria-label'))).toEqual([
      'Aon Edge quote',
      'Hippo quote',
    ]);
    expect(within(notQuoted[1] as HTMLElement).getByText('Risk outside appetite')).toBeTruthy();
  });

  it('sorts the phone list in any order the table offers, as the table sorts', async () => {
    stubWidth(false);
    renderWithProviders(<QuotesView application={application()} onChanged={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Quotes' });
    const shown = () =>
      within(list)
        .getAllByRole('listitem')
        .map((entry) => entry.getAttribute('aria-label'));
    const sortBy = screen.getByLabelText('Sort by') as HTMLSelectElement;
    for (const option of [...sortBy.options]) {
      fireEvent.change(sortBy, { target: { value: option.value } });
      const expected = comparisonRows(QUOTES, parseCompactSort(option.value)).answered;
      expect(shown(), option.label).toEqual(expected.map((q) => `${q.display_name} quote`));
    }
  });

  it('compares two ticked carriers side by side in a sheet from the bottom', async () => {
    stubWidth(false);
    renderWithProviders(<QuotesView application={application()} onChanged={() => {}} />);
    const compare = (await screen.findByRole('button', { name: /^Compare/ })) as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    // Only quoted carriers can be ticked.
    expect(screen.queryByRole('checkbox', { name: 'Compare Palomar' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Neptune' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Wright' }));
    expect(compare.textContent).toBe('Compare (2)');
    fireEvent.click(compare);
    const sheet = await screen.findByRole('dialog', { name: '2 carriers side by side' });
    const side = within(sheet).getByRole('table', { name: 'Selected quotes side by side' });
    expect(
      within(side)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Coverage', 'Neptune', 'Wright']);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close comparison' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '2 carriers side by side' })).toBeNull());
  });
});

describe('parseCompactSort', () => {
  it('reads every offered order as a column and a direction the table sorts by', () => {
    for (const { value } of COMPACT_SORTS) {
      const sort = parseCompactSort(value);
      expect(`${sort.column}:${sort.direction}`).toBe(value);
      expect(['asc', 'desc']).toContain(sort.direction);
    }
    expect(parseCompactSort('coverage:deductible:desc')).toEqual({
      column: 'coverage:deductible',
      direction: 'desc',
    });
  });
});
