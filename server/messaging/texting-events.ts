/**
 * Texting events for the server-sent events stream (GET /api/texting/events; issue 14,
 * docs/decisions/213-texting-events.md): new and changed messages of every process, found by
 * polling text_messages for rows changed in the last few seconds, so API processes behind a load
 * balancer each see the others' writes without a broker. Polls only while someone listens; each
 * change (message id, status, read state, time) is announced once per process.
 */
import type { Executor } from '../db/database.ts';
import { recentMessageChanges, type TextMessageChange } from '../repositories/texting-repository.ts';

/** How far back each poll looks: a write committed later than this after its statement is missed. */
const WINDOW_MS = 10_000;

/** A listener of one company's changes (`companyId` null: every company's, for super-admins). */
type Listener = { companyId: number | null; notify: (change: TextMessageChange) => void };

export interface TextingEvents {
  /** Calls `notify` with each change of `companyId` (null: all) until the returned function is called. */
  subscribe(companyId: number | null, notify: (change: TextMessageChange) => void): () => void;
  /** Stops polling and forgets every listener. */
  close(): void;
}

/** Events of `db`, polled every `pollMs`; `onError` sees a failed poll (the next one retries). */
export function createTextingEvents(
  db: Executor,
  pollMs: number,
  onError: (error: unknown) => void = () => {},
): TextingEvents {
  const listeners = new Set<Listener>();
  /** Changes already announced, by key, with their time (forgotten once out of the window). */
  const seen = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;

  async function poll() {
    if (polling) return;
    polling = true;
    try {
      const changes = await recentMessageChanges(db, WINDOW_MS);
      const oldest = Date.now() - 2 * WINDOW_MS;
      for (const [key, at] of seen) if (at < oldest) seen.delete(key);
      for (const change of changes) {
        const key = `${change.id}:${change.status}:${change.read}:${change.updated_at.getTime()}`;
        if (seen.has(key)) continue;
        seen.set(key, change.updated_at.getTime());
        for (const listener of listeners) {
          if (listener.companyId === null || listener.companyId === change.company_id)
            listener.notify(change);
        }
      }
    } catch (error) {
      onError(error);
    } finally {
      polling = false;
    }
  }

  return {
    subscribe(companyId, notify) {
      const listener = { companyId, notify };
      listeners.add(listener);
      timer ??= setInterval(() => void poll(), pollMs);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    close() {
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
