/**
 * A statement of values whose quote manager fails or never answers (issue 16 leftovers): the
 * carrier's sov quote records `error` or `timeout` with its message, and the application gets the
 * alert note of SPEC §3 with its colour (red for a failed launch, yellow for a quote timeout), as a
 * failed automatic quote does. Quote managers are faked through the app's `sov.quoteManagerFor`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sovCarriers } from '../../carrier-catalog/sov-carriers.ts';
import { examples } from '../../schemas/schema-set.ts';
import type { QuoteManager } from '../../server/quoting/sandbox-quote-manager.ts';
import { MIAMI, SOV_BUILDING } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const failing: QuoteManager = {
  id: 'failing',
  quote: async () => {
    throw new Error('quote manager unavailable');
  },
};
const silent: QuoteManager = { id: 'silent', quote: () => new Promise(() => {}) };

// tmh fails, ftp never answers.
const fakes: Record<string, QuoteManager> = { tmh: failing, ftp: silent };

describe.each(DATABASE_KINDS)('SOV quote manager faults on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { sov: { timeoutMs: 150, quoteManagerFor: (id) => fakes[id] } });
    agentKey = await t.loginAs('agent@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function launchedToSov(carrier: string): Promise<number> {
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      carrier_quote_type: 'Commercial',
      address: MIAMI,
    });
    const id = created.body.data.application.id;
    const launched = await t.post('agent-portal/launch-application', {
      session_key: agentKey,
      application_id: id,
      address_details: structuredClone(examples.commercial),
    });
    expect(launched.statusCode, launched.body.message).toBe(200);
    await t.app.quoteWorker.drain();
    const sov = await t.post('agent-portal/launch-application-sov-carriers', {
      session_key: agentKey,
      application_id: id,
      sov_carrier_names_list: [carrier],
    });
    expect(sov.statusCode, sov.body.message).toBe(200);
    return id;
  }

  async function submitted(carrier: string) {
    const id = await launchedToSov(carrier);
    const result = await t.post('sov/submit-statement-of-values', {
      session_key: agentKey,
      carrier_id: carrier,
      application_id: id,
      buildings: [SOV_BUILDING],
    });
    expect(result.statusCode, result.body.message).toBe(200);
    const display = sovCarriers().find((c) => c.quote_manager_id === carrier)?.display_name;
    const application = result.body.data.application;
    return {
      quote: application.quotes.find((q: { source: string }) => q.source === 'sov'),
      notes: application.notes.map((n: { payload: object; color: string }) => [n.payload, n.color]),
      display,
    };
  }

  it('records a failing quote manager as error and leaves a red failed-launch note', async () => {
    const { quote, notes, display } = await submitted('tmh');
    expect(quote).toMatchObject({ status: 'error', premium: null, message: 'quote manager unavailable' });
    expect(notes).toContainEqual([
      {
        is_alert: true,
        is_active: true,
        sent_by: 'auto_launch',
        status: 'failed',
        message: `Automatic launch failed for ${display}.`,
      },
      'red',
    ]);
  });

  it('records a silent quote manager as timeout (in the worker’s words) and leaves a yellow note', async () => {
    const { quote, notes, display } = await submitted('ftp');
    expect(quote).toMatchObject({ status: 'timeout', premium: null, message: 'No answer within 0.15 s.' });
    expect(notes).toContainEqual([
      {
        is_alert: true,
        is_active: true,
        sent_by: 'auto_quote_timeout',
        status: 'timeout',
        message: `No quote in time from ${display}.`,
      },
      'yellow',
    ]);
  });
});
