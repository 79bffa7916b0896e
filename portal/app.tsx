/** The portal's providers: Mantine (theme, colour mode), toasts, query client, router. */
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { LiveAnnouncer } from './components/live-announcer.tsx';
import { PortalQueryClientProvider } from './components/portal-query-client-provider.tsx';
import { ToastHost } from './components/toast-host.tsx';
import { COLOR_SCHEME_STORAGE_KEY } from './lib/constants.ts';
import { loadQueryClient } from './lib/load-query-client.ts';
import { cssVariablesResolver, theme } from './lib/theme.ts';
import { createAppRouter } from './router.tsx';

const router = createAppRouter(loadQueryClient);
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/**
 * Root component. Toasts top right (components/toast-stack.tsx, SPEC §9); the live regions of
 * lib/announce.ts, once for every page, signed in or not (issue 46).
 */
export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
    >
      <ToastHost />
      <PortalQueryClientProvider>
        <RouterProvider router={router} />
      </PortalQueryClientProvider>
      {/* After the pages: a page's own text comes first in the document. */}
      <LiveAnnouncer />
    </MantineProvider>
  );
}
