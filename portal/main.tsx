/** Browser entry: styles, start-up guards, and the React root. */
import './styles/sign-in-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startNewBuildCheck } from './lib/new-build-check.ts';
import { installReloadGuard } from './lib/reload-guard.ts';

installReloadGuard();
startNewBuildCheck();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
