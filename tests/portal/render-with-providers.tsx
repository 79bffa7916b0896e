/**
 * Test harness for portal pieces: MantineProvider (test env), a fresh QueryClient, and a memory
 * router whose only route renders `ui`, so `<Link>` works. Plus a fetch mock answering envelopes.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../../portal/lib/query-client.ts';
import { theme } from '../../portal/lib/theme.ts';
import { schemaSet } from '../../schemas/schema-set.ts';

/** Renders `ui` with the portal's providers; returns the testing-library result and the query client. */
export function renderWithProviders(ui: ReactNode, initialPath = '/') {
  const queryClient = createQueryClient();
  const rootRoute = createRootRoute({ component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient, router };
}

/** One recorded call of the fetch mock: path after /api/ and the parsed JSON body. */
export interface RecordedCall {
  path: string;
  body: Record<string, unknown>;
}

/** An envelope of docs/api.md. */
export function envelope(data: unknown, overrides: Record<string, unknown> = {}) {
  return { status: 'success', code: 200, message: 'OK', data, error_obj: null, ...overrides };
}

/**
 * Replaces global fetch: `answer(path, body)` returns the JSON to answer (or throws for a network
 * failure). Returns the list of calls, in order.
 */
export function mockFetch(answer: (path: string, body: Record<string, unknown>) => unknown): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // The icon set (SPEC §9) answers no icon here (tests/portal/icon-set.test.tsx draws them): it
      // is not one of the calls a test looks at.
      // The portal calls `{origin}/api/<path>` (jsdom's origin is a local host: portal/lib/api-base.ts).
      const path = String(url).replace(`${window.location.origin}/api/`, '');
      if (path.startsWith('icons/')) return Response.json({ prefix: 'tabler', icons: {} });
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      // The schema set the details page asks for is the product's own, whatever the test answers.
      const json =
        path === 'agent-portal/get-schema-set'
          ? envelope({ schema_version: body.schema_version ?? 1, schema_set: schemaSet })
          : answer(path, body);
      const code = (json as { code?: number })?.code ?? 200;
      return new Response(JSON.stringify(json), {
        status: code,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
