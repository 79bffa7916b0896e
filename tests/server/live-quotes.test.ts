/**
 * Live quotes (issue 17, docs/decisions/204-live-quotes.md): the per-application events stream
 * sends the application's state and each quote as get-application-by-id answers them, then only
 * what changed; the portal's reducer applied to the events gives the server's answer. On PGlite
 * and PostgreSQL. Who may open the stream is in the access matrix (application-cells.ts).
 */
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import type { Application } from '../../portal/features/applications/api/application-types.ts';
import {
  applyLiveQuoteEvent,
  type LiveQuoteEvent,
} from '../../portal/features/applications/api/live-quotes.ts';
import { examples } from '../../schemas/schema-set.ts';
import type { QuoteView } from '../../server/services/application-view.ts';
import { type LiveQuotesSnapshot, liveQuoteEvents, NOTHING_SENT } from '../../server/services/live-quotes.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

/** A quote as the stream sends it, with the fields a test varies. */
function quote(id: number, status: string, premium: number | null): QuoteView {
  return {
    id,
    carrier: `carrier_${id}`,
    sub_carrier: null,
    display_name: `Carrier ${id}`,
    status: status as QuoteView['status'],
    premium,
    coverages: {},
    differences: [],
    benefits: [],
    message: null,
    indicative: true,
    requested_at: '2026-11-25T10:00:00.000Z',
    answered_at: status === 'pending' ? null : '2026-11-25T10:00:01.000Z',
    expires_at: null,
    expired: false,
    source: 'automatic',
    document: null,
    bound: null,
    carrier_reference: null,
    bind_url: null,
  };
}

const snapshotArbitrary: fc.Arbitrary<LiveQuotesSnapshot> = fc.record({
  application: fc.record({
    status: fc.constantFrom('new', 'launched', 'completed'),
    application_relaunch_count: fc.integer({ min: 0, max: 3 }),
    launched_at: fc.constantFrom(null, '2026-11-25T10:00:00.000Z'),
    carriers_busy: fc.boolean(),
  }),
  quotes: fc
    .uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 6 })
    .chain((ids) =>
      fc.tuple(
        ...ids.map((id) =>
          fc
            .tuple(
              fc.constantFrom('pending', 'quoted', 'declined'),
              fc.option(fc.integer({ min: 100, max: 9999 })),
            )
            .map(([status, premium]) => quote(id, status, premium)),
        ),
      ),
    ),
});

/** An application in the portal's cache with no quotes yet. */
const EMPTY_CACHE = { status: 'new', quotes: [] } as unknown as Application;

const byId = (quotes: readonly { id: number }[]) => [...quotes].sort((a, b) => a.id - b.id);

describe('liveQuoteEvents', () => {
  it('brings the portal from any snapshot to any later one, sending nothing twice (property)', () => {
    fc.assert(
      fc.property(fc.array(snapshotArbitrary, { minLength: 1, maxLength: 6 }), (snapshots) => {
        let sent = NOTHING_SENT;
        let cache = EMPTY_CACHE;
        for (const snapshot of snapshots) {
          const next = liveQuoteEvents(sent, snapshot);
          sent = next.sent;
          for (const message of next.events) cache = applyLiveQuoteEvent(cache, message as LiveQuoteEvent);
          expect(byId(cache.quotes)).toEqual(byId(snapshot.quotes));
          expect(cache).toMatchObject(snapshot.application);
          // The same state again: nothing to send.
          expect(liveQuoteEvents(sent, snapshot).events).toEqual([]);
        }
      }),
    );
  });

  it('sends the state first, then only the quote that changed, then the quote that went', () => {
    const launched = {
      status: 'launched',
      application_relaunch_count: 0,
      launched_at: null,
      carriers_busy: false,
    };
    const first = liveQuoteEvents(NOTHING_SENT, {
      application: launched,
      quotes: [quote(1, 'pending', null), quote(2, 'pending', null)],
    });
    expect(first.events.map((e) => e.event)).toEqual(['application', 'quote', 'quote']);
    const second = liveQuoteEvents(first.sent, {
      application: launched,
      quotes: [quote(1, 'quoted', 812), quote(2, 'pending', null)],
    });
    expect(second.events).toEqual([{ event: 'quote', data: quote(1, 'quoted', 812) }]);
    const third = liveQuoteEvents(second.sent, { application: launched, quotes: [quote(1, 'quoted', 812)] });
    expect(third.events).toEqual([{ event: 'quote-removed', data: { id: 2 } }]);
  });
});

/** The events of an SSE text, in order. */
function parseEvents(text: string): LiveQuoteEvent[] {
  return text
    .split('\n\n')
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: /^data: (.*)$/m.exec(block)?.[1],
    }))
    .filter((e) => e.event && e.data)
    .map((e) => ({ event: e.event, data: JSON.parse(e.data as string) }) as LiveQuoteEvent);
}

describe.each(DATABASE_KINDS)('the live quotes stream on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { liveQuotes: { streamMs: 20_000, pollMs: 50 } });
    agentKey = await t.loginAs('agent@demo.test');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends each pending quote, then each answer as the worker writes it, ending as get-application-by-id', async () => {
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    const id: number = created.body.data.application.id;
    const launched = await t.post('agent-portal/launch-application', {
      session_key: agentKey,
      application_id: id,
      address_details: structuredClone(examples.primary) as Doc,
    });
    expect(launched.statusCode, launched.body.message).toBe(200);
    const pending = launched.body.data.application.quotes.length;
    expect(pending).toBeGreaterThan(1);

    const response = await fetch(
      `${origin}/api/agent-portal/quote-events?session_key=${encodeURIComponent(agentKey)}&application_id=${id}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const until = async (done: (events: LiveQuoteEvent[]) => boolean) => {
      const deadline = Date.now() + 15_000;
      while (!done(parseEvents(text)) && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ]);
        if (chunk === null || chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      return parseEvents(text);
    };

    const opening = await until((events) => events.filter((e) => e.event === 'quote').length >= pending);
    expect(opening[0]).toEqual({
      event: 'application',
      data: expect.objectContaining({ status: 'launched', application_relaunch_count: 0 }),
    });
    expect(opening.filter((e) => e.event === 'quote').map((e) => (e.data as QuoteView).status)).toEqual(
      Array(pending).fill('pending'),
    );

    await t.app.quoteWorker.drain();
    // The portal's cache after `events`, starting from nothing.
    const applied = (events: LiveQuoteEvent[]) =>
      events.reduce(applyLiveQuoteEvent, { status: 'new', quotes: [] } as unknown as Application);
    // Until the events, applied, show the application completed with every quote answered.
    const all = await until((events) => {
      const cache = applied(events);
      return cache.status === 'completed' && cache.quotes.every((q) => q.status !== 'pending');
    });
    await reader.cancel();

    const answer = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: id,
    });
    const server = answer.body.data.application as Application;
    const cache = applied(all);
    expect(cache.status).toBe(server.status);
    expect(byId(cache.quotes)).toEqual(byId(server.quotes));
    // Every answered quote came as its own event after the opening ones.
    expect(all.length).toBeGreaterThan(opening.length + 1);
  });

  it('refuses a malformed application id and an unknown one with the envelope, before any stream', async () => {
    const key = encodeURIComponent(agentKey);
    const malformed = await fetch(
      `${origin}/api/agent-portal/quote-events?session_key=${key}&application_id=abc`,
    );
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).status).toBe('error');
    const unknown = await fetch(
      `${origin}/api/agent-portal/quote-events?session_key=${key}&application_id=999999`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
