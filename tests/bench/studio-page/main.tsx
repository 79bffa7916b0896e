/**
 * The schema studio benchmark's page: the portal's SchemaEditor over the full shipped schema set,
 * as a super-admin sees it (editable, preview of the primary form). Every DOM mutation batch after
 * a keydown is offered to `window.studioBench.check`, which the runner sets to tell when the edit
 * shows; the time from the capturing keydown listener to that batch (ms, performance.now()) is
 * pushed to `window.studioBench.samples`. Issue 11 (preview within 100 ms of an edit).
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SchemaEditor } from '../../../portal/features/schema-studio/components/schema-editor.tsx';
import { theme } from '../../../portal/lib/theme.ts';
import { schemaSet } from '../../../schemas/schema-set.ts';

declare global {
  interface Window {
    studioBench: { samples: number[]; check: (() => boolean) | null };
  }
}

const bench: Window['studioBench'] = { samples: [], check: null };
window.studioBench = bench;
let keyDownAt: number | null = null;
document.addEventListener(
  'keydown',
  () => {
    keyDownAt = performance.now();
  },
  true,
);
new MutationObserver(() => {
  if (keyDownAt === null || !bench.check?.()) return;
  bench.samples.push(performance.now() - keyDownAt);
  keyDownAt = null;
}).observe(document.body, { subtree: true, childList: true, characterData: true });

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={new QueryClient()}>
        <SchemaEditor baseVersion={1} base={schemaSet} editable />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
