/** The bundle benchmark's baseline: the smallest React 19 page, built by Vite like the portal. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <h1>Hello, world</h1>
  </StrictMode>,
);
