/** Error page of SPEC §2 and unmatched routes: 404 is Page Not Found, 403 Access denied, others Internal Server Error. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorPageText } from '../../portal/components/error-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { createAppRouter } from '../../portal/router.tsx';
import { ALL_AREAS } from './all-areas.ts';
import { envelope, mockFetch } from './render-with-providers.tsx';

describe('errorPageText', () => {
  it('is Page Not Found for 404, Access denied for 403 and Internal Server Error with the own message otherwise', () => {
    expect(errorPageText(404, 'anything').title).toBe('Page Not Found');
    expect(errorPageText(403, 'Forbidden.')).toEqual({
      title: 'Access denied',
      text: 'You do not have access to this page.',
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 599 }).filter((s) => s !== 404 && s !== 403),
        fc.option(fc.string(), { nil: null }),
        (status, message) => {
          const text = errorPageText(status, message);
          expect(text.title).toBe('Internal Server Error');
          if (message?.trim()) expect(text.text).toBe(message.trim());
          else expect(text.text.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('unmatched and unknown pages', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadAuthFromStorage();
    mockFetch(() => envelope({ isItWorkingHour: true }));
  });
  afterEach(() => vi.unstubAllGlobals());

  async function show(path: string) {
    const queryClient = new QueryClient();
    const router = createAppRouter(async () => queryClient, createMemoryHistory({ initialEntries: [path] }));
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await router.load();
  }

  it.each(['/no/such/page', '/auth/forgot', '/404'])('%s shows Page Not Found', async (path) => {
    await show(path);
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
  });

  it('a non-numeric application id is a 404 inside the shell', async () => {
    setSession('sk-1', { id: 1, name: 'Alex', user_accesses_final: ALL_AREAS }, null);
    await show('/agent-portal/application-details/abc');
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(document.body.textContent).toContain('Rocket MGA');
  });
});
