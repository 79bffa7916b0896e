/**
 * The agent's side of the customer portal (issue 16): the application's client select offers the
 * customers assigned to the agent, saves the choice with set-application-client and confirms it;
 * it is not shown when no customer is assigned.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplicationClientSelect } from '../../portal/features/applications/components/application-client-select.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const LABEL = 'Client (sees this application in the customer portal)';
let toasts: string[] = [];

beforeEach(() => {
  toasts = [];
  vi.spyOn(notifications, 'show').mockImplementation((toast) => {
    toasts.push(`${toast.title}: ${toast.message}`);
    return 'id';
  });
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-agent', { id: 3, name: 'Alex Agent', role: 'agent', agent: { id: 1 } }, null);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('application client select', () => {
  it('names an assigned customer as the client and confirms it', async () => {
    let client: number | null = null;
    const calls = mockFetch((path, body) => {
      if (path === 'agent-portal/set-application-client') {
        client = body.client_user_id as number | null;
        return envelope({ application_id: 42, client_user_id: client });
      }
      return envelope({
        application_id: 42,
        client_user_id: client,
        customers: [{ id: 9, name: 'Casey Customer', email: 'customer@demo.test' }],
      });
    });
    renderWithProviders(<ApplicationClientSelect applicationId={42} />);
    const select = await screen.findByRole('combobox', { name: LABEL });
    expect((select as HTMLInputElement).value).toBe('No client');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Casey Customer (customer@demo.test)' }));
    await waitFor(() =>
      expect(toasts).toEqual(['Client saved: The customer now sees this application and its quotes.']),
    );
    expect(calls.find((c) => c.path === 'agent-portal/set-application-client')?.body).toEqual({
      session_key: 'sk-agent',
      application_id: 42,
      client_user_id: 9,
    });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: LABEL }) as HTMLInputElement).value).toBe(
        'Casey Customer (customer@demo.test)',
      ),
    );
  });

  it('is not shown when no customer is assigned to the agent', async () => {
    const calls = mockFetch(() => envelope({ application_id: 42, client_user_id: null, customers: [] }));
    renderWithProviders(<ApplicationClientSelect applicationId={42} />);
    await waitFor(() => expect(calls.length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('combobox', { name: LABEL })).toBeNull();
  });
});
