/**
 * Renders the whole portal (real route tree, guards and shell) at `path` with a memory history, for
 * route-level tests of issue 3 pages. Fetch is mocked by the caller (see render-with-providers.tsx).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createQueryClient } from '../../portal/lib/query-client.ts';
import { theme } from '../../portal/lib/theme.ts';
import { createAppRouter } from '../../portal/router.tsx';
import { envelope } from './render-with-providers.tsx';

/**
 * Renders the app at `path`; resolves once the first route load settled. Returns the router.
 * `whileLoading`, when given, is awaited by every route loader that asks for the query client:
 * a test holds a navigation in its loading state with it.
 */
export async function renderAppAt(path: string, whileLoading?: () => Promise<void>) {
  const queryClient = createQueryClient();
  const loadQueryClient = async () => {
    await whileLoading?.();
    return queryClient;
  };
  const router = createAppRouter(loadQueryClient, createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await router.load();
  return { ...view, router, queryClient };
}

/**
 * The answer to the call the shell makes on every page (the working-hour badge's
 * is-it-working-hour: inside working hours), else an empty envelope: mockFetch's answer for tests
 * whose page asks the server nothing else that they look at.
 */
export function shellAnswer(path: string) {
  return path === 'is-it-working-hour' ? envelope({ isItWorkingHour: true }) : envelope({});
}
