/**
 * The theme's Mantine transitions (dialogs, menus, popovers, toasts) honour the system's reduced
 * motion: none with `prefers-reduced-motion: reduce`, their 200 ms otherwise (ADR 794).
 */
import { MantineProvider, Transition } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../portal/lib/theme.ts';
import { mediaQueryList } from './media-query-list.ts';

/** matchMedia answering `prefers-reduced-motion: reduce` with `reduce`, every other query false. */
function systemMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) =>
    mediaQueryList(query, reduce && query === '(prefers-reduced-motion: reduce)'),
  );
}

/** The inline transition-duration of a 200 ms fade as it enters, under the portal's theme. */
async function enteringDuration(): Promise<string> {
  const fade = (mounted: boolean) => (
    // No env="test": that turns every transition off, whatever the system asks.
    <MantineProvider theme={theme}>
      <Transition mounted={mounted} transition="fade" duration={200}>
        {(style) => <div style={style}>Quote details</div>}
      </Transition>
    </MantineProvider>
  );
  const view = render(fade(false));
  view.rerender(fade(true));
  return (await screen.findByText('Quote details')).style.transitionDuration;
}

describe('transitions and the system reduced motion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are skipped when the system asks for reduced motion', async () => {
    systemMotion(true);
    expect(await enteringDuration()).toBe('');
  });

  it('play for their duration otherwise', async () => {
    systemMotion(false);
    expect(await enteringDuration()).toBe('200ms');
  });
});
