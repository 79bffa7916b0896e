/**
 * Quote `differences` through the API (issue 17): every quote of get-application-by-id carries the
 * differences of its coverages from the application's document, computed on the server, [] until
 * it is quoted; a manual quote recorded with another deductible has exactly that one difference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import { examples } from '../../schemas/schema-set.ts';
import { quoteDifferences } from '../../server/quoting/quote-differences.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

interface QuoteAnswer {
  id: number;
  carrier: string;
  status: string;
  coverages: Record<string, unknown>;
  differences: unknown[];
}

describe.each(DATABASE_KINDS)('quote differences on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let adminKey: string;

  async function application(id: number) {
    const result = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: id,
    });
    expect(result.statusCode, result.body.message).toBe(200);
    return result.body.data.application;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    [agentKey, adminKey] = await Promise.all(['agent@demo.test', 'admin@demo.test'].map((e) => t.loginAs(e)));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers each quote with the differences of its coverages from the launched document', async () => {
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    const id: number = created.body.data.application.id;
    const doc = structuredClone(examples.primary) as Doc;
    const launched = await t.post('agent-portal/launch-application', {
      session_key: agentKey,
      application_id: id,
      address_details: doc,
    });
    expect(launched.statusCode, launched.body.message).toBe(200);
    // Not answered yet: nothing to compare.
    for (const quote of launched.body.data.application.quotes as QuoteAnswer[]) {
      expect(quote.differences).toEqual([]);
    }
    await t.app.quoteWorker.drain();

    const done = await application(id);
    const quoted = (done.quotes as QuoteAnswer[]).filter((q) => q.status === 'quoted');
    expect(quoted.length).toBeGreaterThan(1);
    for (const quote of done.quotes as QuoteAnswer[]) {
      expect(quote.differences).toEqual(
        quote.status === 'quoted'
          ? quoteDifferences(quote.coverages, done.payload.useable_details, 'Primary')
          : [],
      );
    }
    // The example asks for every optional coverage, so at least one carrier leaves one out.
    expect(quoted.some((q) => q.differences.length > 0)).toBe(true);

    // A manual carrier's quote with a higher deductible and everything else as asked.
    const manual = await t.post('agent-portal/launch-application-manual-carriers', {
      session_key: agentKey,
      application_id: id,
      manual_carrier_names_list: ['msi'],
    });
    expect(manual.statusCode, manual.body.message).toBe(200);
    const quoteId = (manual.body.data.application.quotes as (QuoteAnswer & { source: string })[]).find(
      (q) => q.source === 'manual',
    )?.id;
    const asked = {
      building_limit: doc.building_limit,
      contents_limit: doc.contents_limit,
      deductible: 10_000,
      replacement_cost_on_content: 'Yes',
      temporary_living_expense: 'Yes',
      loss_of_use: doc.loss_of_use,
      other_structure: doc.other_structure,
    };
    const recorded = await t.post('agent-portal/record-manual-quote', {
      session_key: adminKey,
      application_id: id,
      quote_id: quoteId,
      status: 'quoted',
      premium: 2100,
      coverages: asked,
    });
    expect(recorded.statusCode, recorded.body.message).toBe(200);
    const seen = (await application(id)).quotes.find((q: QuoteAnswer) => q.id === quoteId);
    expect(seen.differences).toEqual([
      { coverage: 'deductible', field: 'deductible', kind: 'changed', asked: 5000, quoted: 10_000 },
    ]);
  });
});
