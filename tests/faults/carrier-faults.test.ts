/**
 * Carrier faults (issue 5): through the real launch call and quote worker, each carrier of a
 * Primary launch in Florida answers normally, never answers, fails as on an HTTP 500, or answers
 * garbage. A fault stays with its carrier's quote (timeout or error, with a clear message), every
 * other carrier's quote arrives exactly as in a launch without faults, and the application gets
 * the alert note of SPEC §3 Note (red for a failed automatic launch, yellow for an auto quote
 * timeout) and the listing row its colour, once, however often the request is retried. Only the
 * carrier side is faked, through the worker's `connectorFor` option; ok carriers are the real
 * sandbox connector. 15 fault assignments (3 fixed, 12 random) per database.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import { examples } from '../../schemas/schema-set.ts';
import { quoteJobs } from '../../server/db/schema.ts';
import { QUOTE_MAX_ATTEMPTS } from '../../server/jobs/quote-worker.ts';
import { INVALID_ANSWER_MESSAGE } from '../../server/quoting/parse-quote-answer.ts';
import { createSandboxConnector } from '../../server/quoting/sandbox-connector.ts';
import type { Connector, LaunchTarget, QuoteAnswer } from '../../server/quoting/types.ts';
import { CARRIER_FAULT_NOTES } from '../../server/services/carrier-fault-note.ts';
import { garbageAnswer } from '../carriers/quote-answer-arbitraries.ts';
import { MIAMI } from '../server/helpers/sample-records.ts';
import { DATABASE_KINDS, type LooseData, startTestApp, type TestApp } from '../server/helpers/test-app.ts';

/**
 * Connector timeout of this suite's worker, in ms: short, yet far above an ok answer (0 ms here)
 * even when PGlite's in-process queries or a busy machine stall the event loop (100 ms flaked).
 */
const TIMEOUT_MS = 1000;
const HTTP_500_MESSAGE = 'The carrier answered HTTP 500 Internal Server Error.';

type Fault =
  | { kind: 'ok' }
  | { kind: 'timeout'; honoursSignal: boolean }
  | { kind: '500' }
  | { kind: 'garbage'; answer: unknown };

const faultArb: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'ok' as const }) },
  {
    weight: 1,
    arbitrary: fc.boolean().map((honoursSignal) => ({ kind: 'timeout' as const, honoursSignal })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: '500' as const }) },
  { weight: 1, arbitrary: garbageAnswer.map((answer) => ({ kind: 'garbage' as const, answer })) },
);

const keyOf = (target: Pick<LaunchTarget, 'carrier' | 'sub_carrier'>) =>
  `${target.carrier}/${target.sub_carrier ?? ''}`;

/** What each carrier does on the next request, by carrier key; absent = ok. */
const plan = new Map<string, Fault>();
const sandbox = createSandboxConnector({ latencyMs: () => 0 });

/** The sandbox connector, except for the carriers `plan` makes faulty. */
const faultyCarriers: Connector = {
  id: 'sandbox',
  quote(request, signal) {
    const fault = plan.get(keyOf(request.target)) ?? { kind: 'ok' };
    switch (fault.kind) {
      case 'ok':
        return sandbox.quote(request, signal);
      case 'timeout':
        return new Promise((_, reject) => {
          if (fault.honoursSignal) signal.addEventListener('abort', () => reject(signal.reason));
        });
      case '500':
        return Promise.reject(new Error(HTTP_500_MESSAGE));
      case 'garbage':
        return Promise.resolve(fault.answer as QuoteAnswer);
    }
  },
};

interface QuoteView {
  id: number;
  carrier: string;
  sub_carrier: string | null;
  display_name: string;
  status: string;
  premium: number | null;
  message: string | null;
}

describe.each(DATABASE_KINDS)('carrier faults on %s', (kind) => {
  let t: TestApp;
  let key: string;
  /** Each carrier's quote in a launch without faults, by carrier key, in launch order. */
  let baseline: Map<string, QuoteView>;

  async function application(id: number): Promise<LooseData> {
    const result = await t.post('agent-portal/get-application-by-id', {
      session_key: key,
      application_id: id,
    });
    return result.body.data.application;
  }

  /** Creates and launches the Primary example in Miami Beach, runs every quote job, returns the application. */
  async function launchAndSettle(): Promise<LooseData> {
    const created = await t.post('agent-portal/create-new-application', { session_key: key, address: MIAMI });
    const id: number = created.body.data.application.id;
    const launched = await t.post('agent-portal/launch-application', {
      session_key: key,
      application_id: id,
      address_details: structuredClone(examples.primary as Doc),
    });
    expect(launched.statusCode, launched.body.message).toBe(200);
    await t.app.quoteWorker.drain();
    return application(id);
  }

  /** The application's row in the agent's listing (its alert_color comes from the notes there). */
  async function listingRow(app: LooseData): Promise<LooseData> {
    const result = await t.post('agent-portal/get-agent-applications-list', {
      session_key: key,
      filters: { application_id: app.application_id },
    });
    expect(result.body.data.applications.data).toHaveLength(1);
    return result.body.data.applications.data[0];
  }

  /** Asserts each quote, the completion, the alert notes and the listing colour against `plan`. */
  async function expectOutcome(app: LooseData) {
    const quotes: QuoteView[] = app.quotes;
    expect(quotes.map((q) => keyOf(q))).toEqual([...baseline.keys()]);
    const failed: string[] = [];
    const timedOut: string[] = [];
    const premiums: number[] = [];
    for (const quote of quotes) {
      const fault = plan.get(keyOf(quote)) ?? { kind: 'ok' };
      const expected = baseline.get(keyOf(quote)) as QuoteView;
      if (fault.kind === 'ok') {
        expect(quote).toMatchObject({
          status: expected.status,
          premium: expected.premium,
          message: expected.message,
        });
        if (quote.premium !== null) premiums.push(quote.premium);
      } else if (fault.kind === 'timeout') {
        expect(quote).toMatchObject({
          status: 'timeout',
          premium: null,
          message: `No answer within ${TIMEOUT_MS / 1000} s.`,
        });
        timedOut.push(quote.display_name);
      } else {
        expect(quote.status).toBe('error');
        expect(quote.premium).toBeNull();
        if (fault.kind === '500') expect(quote.message).toBe(HTTP_500_MESSAGE);
        else expect(quote.message).toMatch(new RegExp(`^${INVALID_ANSWER_MESSAGE}: answer\\S* .+\\.$`));
        failed.push(quote.display_name);
      }
    }
    expect(app.status).toBe('completed');
    expect(app.min_quote_amount).toBe(premiums.length ? Math.min(...premiums) : null);

    const notes = app.notes.map((note: LooseData) => ({ ...note.payload, color: note.color }));
    const expectedNotes = [];
    const red = CARRIER_FAULT_NOTES.error;
    const yellow = CARRIER_FAULT_NOTES.timeout;
    if (failed.length)
      expectedNotes.push({
        sent_by: red.sent_by,
        status: red.status,
        message: red.message(failed.join(', ')),
        color: 'red',
      });
    if (timedOut.length)
      expectedNotes.push({
        sent_by: yellow.sent_by,
        status: yellow.status,
        message: yellow.message(timedOut.join(', ')),
        color: 'yellow',
      });
    expect(
      notes.map(({ sent_by, status, message, color }: LooseData) => ({ sent_by, status, message, color })),
    ).toEqual(expect.arrayContaining(expectedNotes));
    expect(notes).toHaveLength(expectedNotes.length);
    expect(notes.every((note: LooseData) => note.is_alert && note.is_active)).toBe(true);
    expect((await listingRow(app)).alert_color).toBe(
      failed.length ? 'red' : timedOut.length ? 'yellow' : null,
    );
  }

  beforeAll(async () => {
    t = await startTestApp(kind, {
      worker: { timeoutMs: TIMEOUT_MS, concurrency: 32, connectorFor: () => faultyCarriers },
    });
    key = await t.loginAs('agent@demo.test');
    plan.clear();
    const app = await launchAndSettle();
    baseline = new Map(app.quotes.map((quote: QuoteView) => [keyOf(quote), quote]));
    expect(baseline.size).toBeGreaterThan(10);
    expect(app.quotes.filter((quote: QuoteView) => quote.status === 'quoted').length).toBeGreaterThan(0);
    expect(app.notes).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('isolates one carrier of each fault, with its message and one note per colour', async () => {
    const keys = [...baseline.keys()];
    plan.clear();
    plan.set(keys[0], { kind: 'timeout', honoursSignal: false });
    plan.set(keys[1], { kind: '500' });
    plan.set(keys[2], { kind: 'garbage', answer: '<html><body>Bad Gateway</body></html>' });
    plan.set(keys[3], { kind: 'garbage', answer: { status: 'quoted', premium: 'call us' } });
    const app = await launchAndSettle();
    await expectOutcome(app);
    const byKey = new Map(app.quotes.map((quote: QuoteView) => [keyOf(quote), quote]));
    expect(byKey.get(keys[2])).toMatchObject({
      message: `${INVALID_ANSWER_MESSAGE}: answer must be object.`,
    });
    expect(byKey.get(keys[3])).toMatchObject({
      message: `${INVALID_ANSWER_MESSAGE}: answer/premium must be number.`,
    });
  });

  it('for any assignment of faults to carriers: ok quotes arrive, faults stay with their carrier, notes match (property)', async () => {
    const keys = [...baseline.keys()];
    const allOf = (fault: Fault) => keys.map(() => fault);
    await fc.assert(
      fc.asyncProperty(
        fc.array(faultArb, { minLength: keys.length, maxLength: keys.length }),
        async (faults) => {
          plan.clear();
          keys.forEach((carrier, index) => {
            plan.set(carrier, faults[index]);
          });
          await expectOutcome(await launchAndSettle());
        },
      ),
      {
        numRuns: 12,
        examples: [
          [allOf({ kind: 'ok' })],
          [allOf({ kind: 'timeout', honoursSignal: true })],
          [allOf({ kind: '500' })],
        ],
      },
    );
  });

  it('adds no second note when failed and timed-out carriers are retried', async () => {
    const keys = [...baseline.keys()];
    plan.clear();
    plan.set(keys[0], { kind: '500' });
    plan.set(keys[1], { kind: 'timeout', honoursSignal: true });
    const first = await launchAndSettle();
    await expectOutcome(first);
    for (const quote of first.quotes.slice(0, 2)) {
      const result = await t.post('agent-portal/reactivate-carrier', {
        session_key: key,
        application_id: first.id,
        quote_id: quote.id,
      });
      expect(result.statusCode, result.body.message).toBe(200);
    }
    await t.app.quoteWorker.drain();
    const again = await application(first.id);
    await expectOutcome(again);
    expect(again.notes.map((note: LooseData) => note.id)).toEqual(
      first.notes.map((note: LooseData) => note.id),
    );

    // The timed-out carrier now fails: it joins the one red note; the yellow note stays as it was.
    plan.set(keys[1], { kind: '500' });
    const retried = await t.post('agent-portal/reactivate-carrier', {
      session_key: key,
      application_id: first.id,
      quote_id: first.quotes[1].id,
    });
    expect(retried.statusCode, retried.body.message).toBe(200);
    await t.app.quoteWorker.drain();
    const later = await application(first.id);
    expect(later.quotes[1]).toMatchObject({ status: 'error', message: HTTP_500_MESSAGE });
    const names = `${first.quotes[0].display_name}, ${first.quotes[1].display_name}`;
    expect(later.notes.map((note: LooseData) => [note.id, note.payload.message, note.color])).toEqual(
      first.notes.map((note: LooseData) => [
        note.id,
        note.color === 'red' ? CARRIER_FAULT_NOTES.error.message(names) : note.payload.message,
        note.color,
      ]),
    );
  });

  it(`notes a job given up after ${QUOTE_MAX_ATTEMPTS} crashed attempts as a failed launch`, async () => {
    plan.clear();
    const created = await t.post('agent-portal/create-new-application', { session_key: key, address: MIAMI });
    const id: number = created.body.data.application.id;
    await t.post('agent-portal/launch-application', {
      session_key: key,
      application_id: id,
      address_details: structuredClone(examples.primary as Doc),
    });
    const [crashed] = (await application(id)).quotes;
    await t.db
      .update(quoteJobs)
      .set({ status: 'running', attempts: QUOTE_MAX_ATTEMPTS, locked_until: new Date(Date.now() - 1000) })
      .where(eq(quoteJobs.quote_id, crashed.id));
    await t.app.quoteWorker.drain();
    const app = await application(id);
    expect(app.quotes[0]).toMatchObject({
      status: 'error',
      message: `Quote request failed after ${QUOTE_MAX_ATTEMPTS} attempts.`,
    });
    expect(app.notes.map((note: LooseData) => [note.payload.message, note.color])).toEqual([
      [CARRIER_FAULT_NOTES.error.message(crashed.display_name), 'red'],
    ]);
  });
});
