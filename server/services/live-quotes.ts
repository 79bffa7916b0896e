/**
 * Live quotes of one application (issue 17 "Live quotes", docs/decisions/204-live-quotes.md):
 * what the per-application events stream (GET /api/agent-portal/quote-events) sends. A snapshot
 * is the application's status and its quotes exactly as get-application-by-id answers them;
 * `liveQuoteEvents` compares a snapshot with what the stream sent before and answers only the
 * changes, so the portal shows each carrier arriving without refetching the application. The
 * first snapshot of a stream sends everything, which is also how a reconnect catches up.
 */
import type { Executor } from '../db/database.ts';
import { quotesOfApplication } from '../repositories/quotes-repository.ts';
import type { Actor } from './actor.ts';
import { type QuoteView, quoteViewsOf } from './application-view.ts';
import { loadOwned } from './owned-application.ts';

/** The stream's timing; tests shorten it (an injected request waits for the stream's end). */
export interface LiveQuotesTiming {
  /** How often an open stream looks at its application's quotes, in ms. */
  pollMs: number;
  /** Longest life of one stream, in ms (the browser reconnects and catches up). */
  streamMs: number;
}

/** The timing of a running portal: a quote shows within half a second of being written. */
export const LIVE_QUOTES_TIMING: LiveQuotesTiming = { pollMs: 500, streamMs: 5 * 60_000 };

/** The application fields a stream follows besides its quotes. */
export interface LiveApplicationState {
  status: string;
  application_relaunch_count: number;
  launched_at: string | null;
  /** Launched while the quote backlog is older than its limit: quotes are queued (issue 47, ADR 729). */
  carriers_busy: boolean;
}

/** What the stream compares: the application's state and its quotes (docs/api.md Quote). */
export interface LiveQuotesSnapshot {
  application: LiveApplicationState;
  quotes: QuoteView[];
}

/** One event of the stream: the application's state, a new or changed quote, or a quote gone (reset, relaunch). */
export type LiveQuoteEvent =
  | { event: 'application'; data: LiveApplicationState }
  | { event: 'quote'; data: QuoteView }
  | { event: 'quote-removed'; data: { id: number } };

/** What a stream has sent so far: the application's state and each quote, as JSON. Empty for a new stream. */
export interface SentQuotes {
  application: string | null;
  quotes: ReadonlyMap<number, string>;
}

/** Nothing sent yet. */
export const NOTHING_SENT: SentQuotes = { application: null, quotes: new Map() };

/**
 * The application `applicationId` as `actor` may see it (ApiError 404 otherwise, as
 * get-application-by-id), reduced to what the stream follows; `carriersBusy` is asked only while
 * the application is launched (server/quoting/quote-backlog.ts).
 */
export async function liveQuotesSnapshot(
  db: Executor,
  actor: Actor,
  applicationId: number,
  carriersBusy: () => Promise<boolean>,
): Promise<LiveQuotesSnapshot> {
  const row = await loadOwned(db, actor, applicationId);
  return {
    application: {
      status: row.status,
      application_relaunch_count: row.application_relaunch_count,
      launched_at: row.launched_at?.toISOString() ?? null,
      carriers_busy: row.status === 'launched' && (await carriersBusy()),
    },
    quotes: quoteViewsOf(row, await quotesOfApplication(db, row.id)),
  };
}

/**
 * The events that bring a client which received `sent` up to `snapshot`, in order: the
 * application's state if it changed, each new or changed quote, each quote no longer there;
 * and what has been sent after them.
 */
export function liveQuoteEvents(
  sent: SentQuotes,
  snapshot: LiveQuotesSnapshot,
): { events: LiveQuoteEvent[]; sent: SentQuotes } {
  const events: LiveQuoteEvent[] = [];
  const application = JSON.stringify(snapshot.application);
  if (application !== sent.application) events.push({ event: 'application', data: snapshot.application });
  const quotes = new Map<number, string>();
  for (const quote of snapshot.quotes) {
    const json = JSON.stringify(quote);
    quotes.set(quote.id, json);
    if (sent.quotes.get(quote.id) !== json) events.push({ event: 'quote', data: quote });
  }
  for (const id of sent.quotes.keys())
    if (!quotes.has(id)) events.push({ event: 'quote-removed', data: { id } });
  return { events, sent: { application, quotes } };
}
