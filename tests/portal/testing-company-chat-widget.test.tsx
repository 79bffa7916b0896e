/**
 * The support chat widget (SPEC §1, §7, §9): loaded from config/public's URL, absent without one;
 * its bubble moved 110 px from the right only for testing companies, found by polling 100 x 100 ms
 * then 200 x 150 ms.
 */
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget } from '../../portal/components/chat-widget.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { CHAT_WIDGET_POLL_PHASES, CHAT_WIDGET_SCRIPT_ID } from '../../portal/lib/constants.ts';
import { pollFor } from '../../portal/lib/poll-for.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const WIDGET_URL = 'https://chat.example.com/widget.js';

function signIn(isTesting: boolean) {
  setSession(
    'sk-1',
    { id: 1, name: 'Tess', role: 'agent' },
    { id: 1, name: 'Demo', is_testing_company: isTesting },
  );
}

function addLauncher(): HTMLElement {
  const launcher = document.createElement('div');
  launcher.setAttribute('data-chat-widget-launcher', '');
  launcher.style.right = '20px';
  document.body.appendChild(launcher);
  return launcher;
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChatWidget', () => {
  it('is absent when config/public has no chat_widget_url', async () => {
    signIn(true);
    const calls = mockFetch(() => envelope({ reset_password_path: '/auth/reset-password' }));
    renderWithProviders(<ChatWidget />);
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['config/public']));
    await act(async () => {});
    expect(document.getElementById(CHAT_WIDGET_SCRIPT_ID)).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads the configured script once and moves the bubble 110 px for a testing company', async () => {
    signIn(true);
    mockFetch(() => envelope({ chat_widget_url: WIDGET_URL }));
    renderWithProviders(<ChatWidget />);
    await waitFor(() => expect(document.getElementById(CHAT_WIDGET_SCRIPT_ID)).not.toBeNull());
    expect(document.getElementById(CHAT_WIDGET_SCRIPT_ID)?.getAttribute('src')).toBe(WIDGET_URL);
    const launcher = addLauncher();
    await waitFor(() => expect(launcher.style.right).toBe('110px'));
  });

  it('leaves the bubble where it is for every other company', async () => {
    signIn(false);
    mockFetch(() => envelope({ chat_widget_url: WIDGET_URL }));
    renderWithProviders(<ChatWidget />);
    await waitFor(() => expect(document.getElementById(CHAT_WIDGET_SCRIPT_ID)).not.toBeNull());
    const launcher = addLauncher();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(launcher.style.right).toBe('20px');
  });
});

describe('pollFor with the SPEC §9 phases', () => {
  it('looks 100 times at 100 ms, then 200 times at 150 ms, then gives up', () => {
    vi.useFakeTimers();
    const looks: number[] = [];
    const start = Date.now();
    const gaveUp = vi.fn();
    pollFor(
      () => {
        looks.push(Date.now() - start);
        return null;
      },
      CHAT_WIDGET_POLL_PHASES,
      () => {},
      gaveUp,
    );
    vi.advanceTimersByTime(100 * 100 + 200 * 150 + 1000);
    expect(looks).toHaveLength(300);
    expect(looks[0]).toBe(100);
    expect(looks[99]).toBe(10_000);
    expect(looks[100]).toBe(10_150);
    expect(looks[299]).toBe(40_000);
    expect(gaveUp).toHaveBeenCalledTimes(1);
  });

  it('stops at the first find and after cancel', () => {
    vi.useFakeTimers();
    let calls = 0;
    const found = vi.fn();
    pollFor(() => (++calls === 3 ? 'x' : null), CHAT_WIDGET_POLL_PHASES, found);
    vi.advanceTimersByTime(60_000);
    expect(calls).toBe(3);
    expect(found).toHaveBeenCalledWith('x');
    let cancelledCalls = 0;
    const cancel = pollFor(
      () => {
        cancelledCalls += 1;
        return null;
      },
      CHAT_WIDGET_POLL_PHASES,
      found,
    );
    vi.advanceTimersByTime(250);
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(cancelledCalls).toBe(2);
  });
});
