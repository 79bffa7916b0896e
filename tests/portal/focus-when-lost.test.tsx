/**
 * Keyboard focus in the shell (issue 17 Accessibility, keyboard-only journey): the first Tab stop
 * skips to the page, and focus that a navigation or a replaced view dropped on <body> moves to the
 * new content instead of the top of the document; focus held elsewhere stays put.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { focusIsLost, useFocusWhenLost } from '../../portal/lib/focus-when-lost.ts';
import { ALL_AREAS } from './all-areas.ts';
import { renderAppAt, shellAnswer } from './render-app-at.tsx';
import { envelope, mockFetch } from './render-with-providers.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A view switched by its own button, which goes away with the view (as Launch does). */
function SwitchingViews({ keepFocusElsewhere = false }: { keepFocusElsewhere?: boolean }) {
  const [view, setView] = useState<'form' | 'quotes'>('form');
  const area = useRef<HTMLDivElement>(null);
  useFocusWhenLost(area, view);
  return (
    <>
      <input aria-label="Elsewhere" />
      <div ref={area} tabIndex={-1} data-testid="area">
        {view === 'form' ? (
          <button
            type="button"
            onClick={() => {
              if (keepFocusElsewhere) screen.getByLabelText('Elsewhere').focus();
              setView('quotes');
            }}
          >
            Launch
          </button>
        ) : (
          <p>Quotes</p>
        )}
      </div>
    </>
  );
}

describe('useFocusWhenLost', () => {
  it('moves focus to the new view when the focused control went away with the old one', async () => {
    render(<SwitchingViews />);
    const launch = screen.getByRole('button', { name: 'Launch' });
    launch.focus();
    fireEvent.click(launch);
    await screen.findByText('Quotes');
    expect(focusIsLost()).toBe(false);
    expect(document.activeElement).toBe(screen.getByTestId('area'));
  });

  it('leaves focus where it was put', async () => {
    render(<SwitchingViews keepFocusElsewhere />);
    fireEvent.click(screen.getByRole('button', { name: 'Launch' }));
    await screen.findByText('Quotes');
    expect(document.activeElement).toBe(screen.getByLabelText('Elsewhere'));
  });
});

describe('the shell', () => {
  it('starts with a link that skips to the main content', async () => {
    localStorage.clear();
    reloadAuthFromStorage();
    setSession('sk-1', { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 } }, null);
    mockFetch(shellAnswer);
    const view = await renderAppAt('/dashboard/no-such-page');
    await screen.findByText('Page Not Found');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    // First in the document, before the header's and the navigation's links.
    const links = screen.getAllByRole('link');
    expect(links[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(document.getElementById('main-content'));
    expect(document.activeElement?.tagName).toBe('MAIN');
    view.unmount();
  });

  it('hands focus to the new page when a Tab reached the page it left while the next one loaded', async () => {
    localStorage.clear();
    reloadAuthFromStorage();
    const agent = { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 }, user_accesses_final: ALL_AREAS };
    setSession('sk-1', agent, null);
    mockFetch((path) => (path === 'auth/me' ? envelope({ user: agent, company: null }) : shellAnswer(path)));
    let holding = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const view = await renderAppAt('/dashboard', async () => {
      if (holding) await held;
    });
    const onDashboard = await screen.findByRole('link', { name: 'New application' });
    holding = true;
    void view.router.navigate({ to: '/agent-portal' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/agent-portal'));
    // The URL moved on; the dashboard is still what is shown, and a Tab can land on its links.
    onDashboard.focus();
    expect(document.activeElement).toBe(onDashboard);
    release();
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main-content')));
    view.unmount();
  });
});
