/** The portal's providers: Mantine (theme, colour mode), toasts, query client, router. */
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { PortalQueryClientProvider } from './components/portal-query-client-provider.tsx';
import { ToastHost } from './components/toast-host.tsx';
import { COLOR_SCHEME_STORAGE_KEY } from './lib/constants.ts';
import { loadQueryClient } from './lib/load-query-client.ts';
import { cssVariablesResolver, theme } from './lib/theme.ts';
import { createAppRouter } from './routes/router.tsx';

const router = createAppRouter(loadQueryClient);
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** Root component. Toasts top right (components/toast-stack.tsx, SPEC §9). */
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
    </MantineProvider>
  );
}
