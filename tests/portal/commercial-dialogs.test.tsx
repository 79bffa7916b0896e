/**
 * The commercial dialogs of SPEC §2 (address verification, building type, potential repetitive
 * loss, immediate info) and SPEC §4's placeholder phone cleared on a new commercial application.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../portal/features/applications/api/application-types.ts';
import { ApplicationDetailsPage } from '../../portal/features/applications/components/application-details-page.tsx';
import { COMMERCIAL_BUILDING_TYPES } from '../../portal/features/applications/components/commercial-building-type-dialog.tsx';
import { ImmediateInfoDialog } from '../../portal/features/applications/components/immediate-info-dialog.tsx';
import {
  asksAboutRepetitiveLoss,
  isPotentialRepetitiveLoss,
  REPETITIVE_LOSS_CLAIM_MIN,
  SUBSTANTIAL_LOSS_SHARE,
} from '../../portal/features/applications/components/potential-repetitive-loss.ts';
import { PotentialRepetitiveLossDialog } from '../../portal/features/applications/components/potential-repetitive-loss-dialog.tsx';
import { commercialIntroStart } from '../../portal/features/applications/components/use-commercial-intro.ts';
import { initialDocument } from '../../portal/features/applications/components/use-draft-document.ts';
import { resetDetailsView } from '../../portal/features/applications/stores/details-view-store.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { carriersWritingProduct } from '../../portal/lib/carrier-catalog.ts';
import { theme } from '../../portal/lib/theme.ts';
import commercialBuildingTypes from '../../schemas/constants/commercial-building-types.json' with {
  type: 'json',
};
import { placeholders } from '../../schemas/schema-set.ts';
import { CARRIERS_IN_USE, withCarriersInUse } from './carriers-in-use.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

function application(
  product: string,
  doc: Record<string, unknown>,
  status: Application['status'] = 'new',
): Application {
  return {
    id: 42,
    application_id: 'RMGA0000042',
    status,
    application_type: 'flood',
    carrier_quote_type: [product],
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

const ADDRESS = {
  searched_address: '10 Harbor St, Miami, FL 33101',
  address1: '10 Harbor St',
  city: 'Miami',
  state: 'FL',
  zip: '33101',
  county: 'Miami-Dade',
  phone: placeholders.phone,
};

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 } }, null);
  resetDetailsView();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SPEC §4 placeholder phone', () => {
  it('is cleared exactly for a new Commercial application', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Commercial', 'Primary', 'Excess', 'Mobile'),
        fc.constantFrom('new' as const, 'launched' as const, 'completed' as const),
        fc.constantFrom(placeholders.phone, '(305) 555-0100'),
        (product, status, phone) => {
          const doc = initialDocument(application(product, { ...ADDRESS, phone }, status));
          const cleared = product === 'Commercial' && status === 'new' && phone === placeholders.phone;
          expect(doc.phone).toBe(cleared ? '' : phone);
        },
      ),
    );
  });
});

describe('commercial address verification and building type', () => {
  it('start only for a new Commercial application without a building type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Commercial', 'Primary', 'Excess'),
        fc.constantFrom('new' as const, 'launched' as const),
        fc.option(fc.constantFrom(...COMMERCIAL_BUILDING_TYPES), { nil: undefined }),
        (product, status, type) => {
          const start = commercialIntroStart(
            { status, carrier_quote_type: [product] },
            { commercial_building_type: type },
          );
          expect(start).toBe(product === 'Commercial' && status === 'new' && !type ? 'address' : null);
        },
      ),
    );
    expect(COMMERCIAL_BUILDING_TYPES).toEqual(commercialBuildingTypes.enum);
  });

  it('confirms the address, then writes the chosen building type into the document', async () => {
    const calls = mockFetch(() => envelope({ application: application('Commercial', ADDRESS) }));
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
    const verify = await screen.findByRole('dialog', { name: 'Commercial address verification' });
    expect(within(verify).getByText('10 Harbor St')).toBeTruthy();
    expect(within(verify).getByText('Miami-Dade')).toBeTruthy();
    const confirm = within(verify).getByRole('button', { name: 'Confirm address' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(verify).getByLabelText(/address is correct/));
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(verify).getByLabelText(/used for business/));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    const typeDialog = await screen.findByRole('dialog', { name: 'Commercial building type' });
    fireEvent.click(within(typeDialog).getByRole('radio', { name: 'Main Street' }));
    fireEvent.click(within(typeDialog).getByRole('button', { name: 'Use this building type' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'agent-portal/update-application')).toBe(true), {
      timeout: 4000,
    });
    const saved = calls.find((c) => c.path === 'agent-portal/update-application')?.body
      .address_details as Record<string, unknown>;
    expect(saved.commercial_building_type).toBe('Main Street');
    expect(saved.phone).toBe('');
    expect(screen.queryByRole('dialog', { name: 'Commercial building type' })).toBeNull();
  });

  it('warns in the form when the agent says the building is not commercial', async () => {
    mockFetch(() => envelope({ application: application('Commercial', ADDRESS) }));
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
    const verify = await screen.findByRole('dialog', { name: 'Commercial address verification' });
    fireEvent.click(within(verify).getByRole('button', { name: 'Not a commercial building' }));
    expect(await screen.findByText('Not a commercial building')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Commercial address verification' })).toBeNull(),
    );
  });

  it('is not shown once the building type is known', async () => {
    mockFetch(() =>
      envelope({
        application: application('Commercial', { ...ADDRESS, commercial_building_type: 'Office' }),
      }),
    );
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Launch' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Commercial address verification' })).toBeNull();
  });
});

describe('potential repetitive loss', () => {
  it('asks exactly when the prior flood loss answer is Yes', () => {
    fc.assert(
      fc.property(fc.constantFrom('Yes', 'No', undefined, ''), (answer) => {
        expect(asksAboutRepetitiveLoss({ underwriting_prior_flood_loss: answer })).toBe(answer === 'Yes');
      }),
    );
  });

  it('is two or more losses over $1,000, or one loss of a quarter of the building value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Yes', 'No'),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 3_000_000 }), { nil: null }),
        (priorLoss, lossCount, amount, buildingValue) => {
          const result = isPotentialRepetitiveLoss({ priorLoss, lossCount, amount, buildingValue });
          const repeated = (lossCount ?? 0) >= 2 && (amount ?? 0) > REPETITIVE_LOSS_CLAIM_MIN;
          const substantial = !!buildingValue && (amount ?? 0) >= buildingValue * SUBSTANTIAL_LOSS_SHARE;
          expect(result).toBe(priorLoss === 'Yes' && (repeated || substantial));
        },
      ),
    );
  });

  it('only grows with more losses or a larger amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.nat(500_000),
        fc.nat(500_000),
        fc.integer({ min: 1, max: 2_000_000 }),
        (count, amount, extra, value) => {
          const base = isPotentialRepetitiveLoss({
            priorLoss: 'Yes',
            lossCount: count,
            amount,
            buildingValue: value,
          });
          const more = isPotentialRepetitiveLoss({
            priorLoss: 'Yes',
            lossCount: count + 1,
            amount: amount + extra,
            buildingValue: value,
          });
          if (base) expect(more).toBe(true);
        },
      ),
    );
  });

  function renderDialog(doc: Record<string, unknown>, onLaunch = vi.fn()) {
    render(
      <MantineProvider theme={theme} env="test">
        <PotentialRepetitiveLossDialog opened doc={doc} onLaunch={onLaunch} onClose={() => {}} />
      </MantineProvider>,
    );
    return onLaunch;
  }

  it('asks the count before launching and warns for two or more losses', async () => {
    const onLaunch = renderDialog({
      underwriting_prior_flood_loss: 'Yes',
      prior_loss_amount: 18000,
      prior_loss_date: '2021-09-01',
      prior_loss_claim_status: 'Closed',
      building_replacement_cost: 900000,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Potential repetitive loss' });
    expect(within(dialog).getByText('$18,000')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Launch' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('Only this one'));
    expect(await within(dialog).findByText(/not a repetitive loss/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Two or more'));
    expect(await within(dialog).findByRole('button', { name: 'Launch anyway' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Launch anyway' }));
    expect(onLaunch).toHaveBeenCalledTimes(1);
  });
});

describe('immediate info', () => {
  it('explains SOV and manual carriers, counted in the carriers in use, and lists the accepted warnings', async () => {
    mockFetch(withCarriersInUse(() => undefined));
    renderWithProviders(
      <ImmediateInfoDialog
        opened
        onClose={() => {}}
        warnings={[
          {
            table_id: 'commercial',
            question_id: 'commercial-prior-loss',
            field: 'underwriting_prior_flood_loss',
            outcome: 'warning',
            question: 'Prior loss?',
            message: 'Quotes are preliminary until the carrier reviews the loss.',
          },
        ]}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Immediate info' });
    expect(within(dialog).getByText(/quote only from a statement of values/)).toBeTruthy();
    const commercial = carriersWritingProduct('Commercial', CARRIERS_IN_USE);
    const count = (channel: string) => commercial.filter((w) => w.channel === channel).length;
    await waitFor(() =>
      expect(dialog.textContent).toContain(`Managed-program (SOV) carriers (${count('sov')})`),
    );
    expect(dialog.textContent).toContain(`Manual carriers (${count('manual')})`);
    expect(
      within(dialog).getByText('Quotes are preliminary until the carrier reviews the loss.'),
    ).toBeTruthy();
  });
});
