/**
 * The support chat widget (SPEC §1, §7): its script loads from config/public's `chat_widget_url`
 * and is absent when none is set. For testing companies the widget's launcher is found by polling
 * (SPEC §9: 100 x 100 ms, then 200 x 150 ms) and moved 110 px from the right, clear of the AI frame.
 */
import { useEffect } from 'react';
import { useAuth } from '../lib/auth-store.ts';
import {
  CHAT_BUBBLE_OFFSET_PX,
  CHAT_WIDGET_LAUNCHER_SELECTOR,
  CHAT_WIDGET_POLL_PHASES,
  CHAT_WIDGET_SCRIPT_ID,
} from '../lib/constants.ts';
import { pollFor } from '../lib/poll-for.ts';
import { usePublicConfig } from '../lib/public-config.ts';
import { isTestingCompany } from '../lib/testing-company.ts';

/** Adds the widget script once (an existing script with the same id is kept). Returns the element. */
export function ensureChatWidgetScript(url: string): HTMLScriptElement {
  const existing = document.getElementById(CHAT_WIDGET_SCRIPT_ID);
  if (existing instanceof HTMLScriptElement) return existing;
  const script = document.createElement('script');
  script.id = CHAT_WIDGET_SCRIPT_ID;
  script.src = url;
  script.async = true;
  document.body.appendChild(script);
  return script;
}

/**
 * Loads the widget from `url` (nothing when absent) and, when `shiftBubble`, polls for its launcher
 * and sets its right offset to `CHAT_BUBBLE_OFFSET_PX`. Stops polling on unmount.
 */
export function useChatWidget(url: string | undefined, shiftBubble: boolean): void {
  useEffect(() => {
    if (!url) return;
    ensureChatWidgetScript(url);
    if (!shiftBubble) return;
    return pollFor(
      () => document.querySelector<HTMLElement>(CHAT_WIDGET_LAUNCHER_SELECTOR),
      CHAT_WIDGET_POLL_PHASES,
      (launcher) => launcher.style.setProperty('right', `${CHAT_BUBBLE_OFFSET_PX}px`, 'important'),
      () => console.warn('Chat widget launcher not found; bubble not moved'),
    );
  }, [url, shiftBubble]);
}

/** Mounts the widget for the signed-in shell; renders nothing itself. */
export function ChatWidget() {
  const { user } = useAuth();
  const config = usePublicConfig();
  useChatWidget(config.data?.chat_widget_url, isTestingCompany(user));
  return null;
}
