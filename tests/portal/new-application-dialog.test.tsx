/** New application dialog: ZIP look-up fills the address, create navigates, invalid state opens its dialog (SPEC §8). */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  composeSearchedAddress,
  NewApplicationDialog,
} from '../../portal/features/applications/components/new-application-dialog.tsx';
import { INVALID_STATE_MESSAGE } from '../../portal/lib/constants.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';
import { signInSampleAgentRecordingToasts } from './signed-in-agent.ts';

const MIAMI = { zip: '33101', city: 'Miami', state: 'FL', county: 'Miami-Dade', lat: 25.7791, lng: -80.1978 };
let toasts: unknown[];

beforeEach(() => {
  toasts = signInSampleAgentRecordingToasts();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function fillAddress() {
  fireEvent.change(await screen.findByLabelText(/^Zip/), { target: { value: '33101' } });
  await waitFor(() => expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Miami'));
  fireEvent.change(screen.getByRole('combobox', { name: /^Address 1/ }), {
    target: { value: '100 Biscayne Blvd' },
  });
}

describe('composeSearchedAddress', () => {
  it('joins the non-empty parts with commas and keeps state and ZIP together', () => {
    expect(
      composeSearchedAddress({
        address1: '1 Main St',
        address2: '',
        city: 'Miami',
        state: 'FL',
        zip: '33101',
      }),
    ).toBe('1 Main St, Miami, FL 33101');
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9 ]{0,12}$/),
        fc.stringMatching(/^[A-Za-z ]{0,10}$/),
        (a1, city) => {
          const line = composeSearchedAddress({
            address1: a1,
            address2: '',
            city,
            state: 'FL',
            zip: '33101',
          });
          expect(line.endsWith('FL 33101')).toBe(true);
          expect(line).not.toMatch(/^,|, ,|,$/);
        },
      ),
    );
  });
});

describe('NewApplicationDialog', () => {
  it('fills city, state, county from the ZIP and creates with the composed address, then opens it', async () => {
    const calls = mockFetch((path) =>
      path === 'address/zip-lookup' ? envelope(MIAMI) : envelope({ application: { id: 77 } }),
    );
    const created: number[] = [];
    renderWithProviders(
      <NewApplicationDialog opened onClose={() => {}} onCreated={(id) => created.push(id)} />,
    );
    await fillAddress();
    expect((screen.getByLabelText(/^State/) as HTMLInputElement).value).toBe('FL');
    expect((screen.getByLabelText(/^County/) as HTMLInputElement).value).toBe('Miami-Dade');
    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    await waitFor(() => expect(created).toEqual([77]));
    const create = calls.find((c) => c.path === 'agent-portal/create-new-application');
    expect(create?.body).toMatchObject({
      agent_id: 3,
      carrier_quote_type: 'Primary',
      application_type: 'flood',
      address: {
        searched_address: '100 Biscayne Blvd, Miami, FL 33101',
        address1: '100 Biscayne Blvd',
        city: 'Miami',
        state: 'FL',
        zip: '33101',
        county: 'Miami-Dade',
        lat: 25.7791,
        lng: -80.1978,
      },
    });
  });

  it('opens the invalid-state dialog instead of a toast when the agent is not licensed', async () => {
    mockFetch((path) =>
      path === 'address/zip-lookup'
        ? envelope(MIAMI)
        : envelope(null, { status: 'error', code: 422, message: INVALID_STATE_MESSAGE }),
    );
    const created: number[] = [];
    renderWithProviders(
      <NewApplicationDialog opened onClose={() => {}} onCreated={(id) => created.push(id)} />,
    );
    await fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    expect(await screen.findByText('You are not licensed in FL.')).toBeTruthy();
    expect(toasts).toEqual([]);
    expect(created).toEqual([]);
  });

  it("shows the agency's approved-states refusal as a toast and stays open, creating nothing (issue 20)", async () => {
    const notApproved = 'Invalid state! Agency is not approved for the given address state.';
    mockFetch((path) =>
      path === 'address/zip-lookup'
        ? envelope(MIAMI)
        : envelope(null, { status: 'error', code: 422, message: notApproved }),
    );
    const created: number[] = [];
    renderWithProviders(
      <NewApplicationDialog opened onClose={() => {}} onCreated={(id) => created.push(id)} />,
    );
    await fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Message', message: notApproved }),
      ),
    );
    expect(screen.queryByText('You are not licensed in FL.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create application' })).toBeTruthy();
    expect(created).toEqual([]);
  });

  it('autocompletes the street and fills the verified lines, county and rooftop point of the pick', async () => {
    const calls = mockFetch((path) => {
      if (path === 'property-data/autocomplete')
        return envelope({
          source: 'Sample data',
          sample: true,
          error: null,
          suggestions: [
            {
              street_line: '1500 Meridian Ave',
              secondary: '',
              city: 'Miami Beach',
              state: 'FL',
              zipcode: '33139',
            },
          ],
        });
      if (path === 'property-data/verify-address')
        return envelope({
          source: 'Sample data',
          sample: true,
          error: null,
          address: {
            delivery_line_1: '1500 Meridian Ave',
            last_line: 'Miami Beach FL 33139-1234',
            city: 'Miami Beach',
            state: 'FL',
            zip: '33139',
            plus4: '1234',
            county: 'Miami-Dade',
            latitude: 25.78771,
            longitude: -80.13472,
            precision: 'Rooftop',
          },
        });
      return envelope({ application: { id: 78 } });
    });
    const created: number[] = [];
    renderWithProviders(
      <NewApplicationDialog opened onClose={() => {}} onCreated={(id) => created.push(id)} />,
    );
    const street = await screen.findByRole('combobox', { name: /^Address 1/ });
    fireEvent.change(street, { target: { value: '1500 meri' } });
    fireEvent.click(await screen.findByRole('option', { name: '1500 Meridian Ave, Miami Beach, FL 33139' }));
    expect(await screen.findByText('Verified · Sample data')).toBeTruthy();
    expect((screen.getByLabelText(/^County/) as HTMLInputElement).value).toBe('Miami-Dade');
    expect((street as HTMLInputElement).value).toBe('1500 Meridian Ave');
    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    await waitFor(() => expect(created).toEqual([78]));
    expect(calls.find((c) => c.path === 'property-data/autocomplete')?.body).toMatchObject({
      search: '1500 meri',
    });
    expect(calls.find((c) => c.path === 'agent-portal/create-new-application')?.body.address).toMatchObject({
      address1: '1500 Meridian Ave',
      zip: '33139',
      county: 'Miami-Dade',
      lat: 25.78771,
      lng: -80.13472,
    });
  });

  it('does not call create while required address parts are missing', async () => {
    const calls = mockFetch(() => envelope(MIAMI));
    renderWithProviders(<NewApplicationDialog opened onClose={() => {}} onCreated={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create application' }));
    expect(await screen.findByText('Zip cannot be empty!')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
