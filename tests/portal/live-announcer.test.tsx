/**
 * The portal's one announcer (portal/lib/announce.ts, issue 46): what `announce` puts in the polite
 * and assertive live regions, that the same words are read again, and that an empty text says
 * nothing.
 */
import { MantineProvider } from '@mantine/core';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveAnnouncer } from '../../portal/components/live-announcer.tsx';
import { announce } from '../../portal/lib/announce.ts';
import { announced } from './announced.ts';

describe('announce', () => {
  it('puts each message in its live region, reads the same words twice and ignores empty ones', () => {
    render(
      <MantineProvider env="test">
        <LiveAnnouncer />
      </MantineProvider>,
    );
    act(() => announce('3 address suggestions'));
    expect(announced('polite')).toBe('3 address suggestions');
    act(() => announce('Not saved — retrying', 'assertive'));
    expect(announced('assertive')).toBe('Not saved — retrying');
    expect(announced('polite')).toBe('3 address suggestions');
    // The same words again are a changed text (a trailing no-break space), so they are read again.
    act(() => announce('Not saved — retrying', 'assertive'));
    expect(announced('assertive')).not.toBe('Not saved — retrying');
    expect(announced('assertive').trim()).toBe('Not saved — retrying');
    act(() => announce('   '));
    expect(announced('polite')).toBe('3 address suggestions');
    // Both regions are atomic: a reader gets the whole message, not the changed part.
    for (const region of document.querySelectorAll('[data-live-announcer]'))
      expect(region.getAttribute('aria-atomic')).toBe('true');
  });
});
