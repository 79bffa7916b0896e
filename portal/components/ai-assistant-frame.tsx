/**
 * The AI-assistant frame of SPEC §2 Shell and §4: an iframe of the provider's CRM page in the
 * bottom-right corner, 430x775 px when it posts iframeOpened, back to 110x110 px 1000 ms after it
 * posts iframeClosed (so its closing animation is not cut). Shown only to testing companies.
 */
import { useEffect, useState } from 'react';
import { useAuth } from '../lib/auth-store.ts';
import {
  AI_FRAME_CLOSED_MESSAGE,
  AI_FRAME_CLOSED_SIZE,
  AI_FRAME_OPENED_MESSAGE,
  AI_FRAME_OPENED_SIZE,
  AI_FRAME_SHRINK_DELAY_MS,
} from '../lib/constants.ts';
import { isTestingCompany } from '../lib/testing-company.ts';

/** Width and height in px. */
export interface FrameSize {
  width: number;
  height: number;
}

/** The event name a frame message carries: the string itself, or its `type`/`event`/`message` field. */
export function frameMessageName(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data !== null) {
    for (const key of ['type', 'event', 'message'] as const) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value === 'string') return value;
    }
  }
  return null;
}

/**
 * The frame's size, driven by messages from `origin` only (another page cannot resize it): opened
 * at once on iframeOpened, closed `AI_FRAME_SHRINK_DELAY_MS` after iframeClosed; reopening within
 * that delay cancels the shrink.
 */
export function useAiFrameSize(origin: string | null): FrameSize {
  const [size, setSize] = useState<FrameSize>(AI_FRAME_CLOSED_SIZE);
  useEffect(() => {
    if (!origin) return;
    let shrinkTimer: ReturnType<typeof setTimeout> | null = null;
    const cancelShrink = () => {
      if (shrinkTimer !== null) clearTimeout(shrinkTimer);
      shrinkTimer = null;
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const name = frameMessageName(event.data);
      if (name === AI_FRAME_OPENED_MESSAGE) {
        cancelShrink();
        setSize(AI_FRAME_OPENED_SIZE);
      } else if (name === AI_FRAME_CLOSED_MESSAGE) {
        cancelShrink();
        shrinkTimer = setTimeout(() => {
          shrinkTimer = null;
          setSize(AI_FRAME_CLOSED_SIZE);
        }, AI_FRAME_SHRINK_DELAY_MS);
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      cancelShrink();
    };
  }, [origin]);
  return size;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Props: the frame URL (lib/ai-assistant-url.ts); null renders nothing. */
export interface AiAssistantFrameProps {
  src: string | null;
}

/** The frame for testing companies; nothing for everyone else or without a configured URL. */
export function AiAssistantFrame({ src }: AiAssistantFrameProps) {
  const { user } = useAuth();
  const enabled = isTestingCompany(user) && src !== null;
  const size = useAiFrameSize(enabled ? originOf(src) : null);
  if (!enabled || !src) return null;
  return (
    <iframe
      title="AI assistant"
      src={src}
      data-testid="ai-assistant-frame"
      width={size.width}
      height={size.height}
      allow="clipboard-write; microphone"
      style={{
        position: 'fixed',
        right: 0,
        bottom: 0,
        width: size.width,
        height: size.height,
        border: 0,
        background: 'transparent',
        zIndex: 400,
      }}
    />
  );
}
