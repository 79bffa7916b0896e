/**
 * The AI-assistant frame (SPEC §2 Shell, §4, §9): only testing companies see it; 430x775 on
 * iframeOpened, 110x110 exactly 1000 ms after iframeClosed; messages from other origins ignored.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiAssistantFrame, frameMessageName } from '../../portal/components/ai-assistant-frame.tsx';
import { aiAssistantUrl } from '../../portal/lib/ai-assistant-url.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { renderWithProviders } from './render-with-providers.tsx';

const SRC = 'https://crm.example.com/ai-assistant?assistant_id=asst-1';
const ORIGIN = 'https://crm.example.com';

function signIn(isTesting: boolean) {
  setSession(
    'sk-1',
    { id: 1, name: 'Tess', role: 'agent' },
    { id: 1, name: 'Rocket Flood', is_testing_company: isTesting },
  );
}

function post(data: unknown, origin = ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

function size() {
  const frame = screen.getByTitle('AI assistant');
  return `${frame.getAttribute('width')}x${frame.getAttribute('height')}`;
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
});
afterEach(() => vi.useRealTimers());

describe('AiAssistantFrame', () => {
  it('opens at 430x775 and closes to 110x110 one second after iframeClosed', async () => {
    signIn(true);
    renderWithProviders(<AiAssistantFrame src={SRC} />);
    await screen.findByTitle('AI assistant');
    vi.useFakeTimers();
    expect(size()).toBe('110x110');
    expect(screen.getByTitle('AI assistant').getAttribute('src')).toBe(SRC);
    post('iframeOpened');
    expect(size()).toBe('430x775');
    post({ type: 'iframeClosed' });
    act(() => vi.advanceTimersByTime(999));
    expect(size()).toBe('430x775');
    act(() => vi.advanceTimersByTime(1));
    expect(size()).toBe('110x110');
  });

  it('reopening within the second cancels the shrink', async () => {
    signIn(true);
    renderWithProviders(<AiAssistantFrame src={SRC} />);
    await screen.findByTitle('AI assistant');
    vi.useFakeTimers();
    post('iframeOpened');
    post('iframeClosed');
    act(() => vi.advanceTimersByTime(500));
    post('iframeOpened');
    act(() => vi.advanceTimersByTime(2000));
    expect(size()).toBe('430x775');
  });

  it('ignores messages from any other origin', async () => {
    signIn(true);
    renderWithProviders(<AiAssistantFrame src={SRC} />);
    await screen.findByTitle('AI assistant');
    post('iframeOpened', 'https://evil.example.net');
    expect(size()).toBe('110x110');
  });

  it('is absent for every other company and without a configured URL', async () => {
    signIn(false);
    const view = renderWithProviders(<AiAssistantFrame src={SRC} />);
    await act(async () => {});
    expect(screen.queryByTitle('AI assistant')).toBeNull();
    view.unmount();
    signIn(true);
    renderWithProviders(<AiAssistantFrame src={null} />);
    await act(async () => {});
    expect(screen.queryByTitle('AI assistant')).toBeNull();
  });

  it('builds the frame URL from the CRM page path and the assistant id', () => {
    expect(aiAssistantUrl('https://crm.example.com/ai-assistant', 'asst 1')).toBe(
      'https://crm.example.com/ai-assistant?assistant_id=asst+1',
    );
    expect(aiAssistantUrl('https://crm.example.com/ai', undefined)).toBeNull();
    expect(aiAssistantUrl(undefined, 'asst-1')).toBeNull();
    expect(aiAssistantUrl('javascript:alert(1)', 'asst-1')).toBeNull();
    expect(frameMessageName({ event: 'iframeOpened' })).toBe('iframeOpened');
    expect(frameMessageName(42)).toBeNull();
  });
});
