/** The portal's providers: Mantine (theme, colour mode), notifications, query client, router. */
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { COLOR_SCHEME_STORAGE_KEY, TOAST_AUTO_CLOSE_MS } from './lib/constants.ts';
import { queryClient } from './lib/query-client.ts';
import { cssVariablesResolver, theme } from './lib/theme.ts';
import { createAppRouter } from './routes/router.tsx';

const router = createAppRouter(queryClient);
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** Root component. Toasts top right, 5000 ms (SPEC §9). */
export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
    >
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
