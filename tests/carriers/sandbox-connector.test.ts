import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carrierSettings } from '../../carrier-catalog/carrier-settings.ts';
import type { Doc } from '../../engine/types.ts';
import excessExample from '../../schemas/examples/excess.json' with { type: 'json' };
import mobileExample from '../../schemas/examples/mobile.json' with { type: 'json' };
import primaryExample from '../../schemas/examples/primary.json' with { type: 'json' };
import { eligibilityDecline } from '../../server/quoting/eligibility-decline.ts';
import { launchTargets } from '../../server/quoting/launch-targets.ts';
import { QUOTE_TIMEOUT_MS } from '../../server/quoting/quote-timeout-ms.ts';
import { createSandboxConnector, sandboxConnector } from '../../server/quoting/sandbox-connector.ts';
import {
  SANDBOX_MAX_LATENCY_MS,
  SANDBOX_MIN_LATENCY_MS,
  sandboxLatencyMs,
} from '../../server/quoting/sandbox-latency-ms.ts';
import type { LaunchTarget } from '../../server/quoting/types.ts';
import {
  commercialDocument,
  contextFor,
  excessDocument,
  mobileDocument,
  primaryDocument,
} from './sample-documents.ts';

const instant = createSandboxConnector({ latencyMs: () => 0 });
const never = () => new AbortController().signal;
const targetFor = (doc: Doc, product: string, carrier: string, sub: string | null = null): LaunchTarget => {
  const target = launchTargets(doc, contextFor(product)).find(
    (t) => t.carrier === carrier && t.sub_carrier === sub,
  );
  if (!target) throw new Error(`${carrier}/${sub} does not write ${product}`);
  return target;
};
const quote = (doc: Doc, product: string, target: LaunchTarget) =>
  instant.quote({ target, document: doc, ctx: contextFor(product) }, never());

describe('sandbox connector', () => {
  it('quotes every target of every sample document, indicatively, with whole-dollar premiums', async () => {
    const samples: [Doc, string][] = [
      [primaryDocument, 'Primary'],
      [excessDocument, 'Excess'],
      [mobileDocument, 'Mobile'],
      [commercialDocument, 'Commercial'],
    ];
    for (const [doc, product] of samples) {
      const targets = launchTargets(doc, contextFor(product));
      expect(targets.length).toBeGreaterThan(0);
      const answers = await Promise.all(targets.map((target) => quote(doc, product, target)));
      for (const [index, answer] of answers.entries()) {
        expect(answer.indicative).toBe(true);
        expect(answer.benefits).toEqual(targets[index].benefits);
        if (answer.status === 'quoted') {
          expect(Number.isInteger(answer.premium)).toBe(true);
          expect(answer.premium).toBeGreaterThan(0);
          expect(answer.coverages.deductible).toBe(5000);
        } else {
          expect(answer.status).toBe('declined');
          expect(answer.message).toEqual(expect.any(String));
        }
      }
      // Carriers differ: the per-carrier factor spreads the premiums.
      const premiums = new Set(answers.map((answer) => answer.premium).filter((p) => p !== null));
      expect(premiums.size).toBeGreaterThan(1);
    }
  });

  it('declines with the eligibility message: V zone, NFIP maximum, below BFE', async () => {
    const inV = { ...primaryDocument, flood_zone: 'VE' };
    const titan = await quote(inV, 'Primary', targetFor(inV, 'Primary', 'titan'));
    expect(titan).toMatchObject({ status: 'declined', premium: null, indicative: true });
    expect(titan.message).toBe('Coastal high-hazard V zones are not eligible with this carrier.');
    const neptune = await quote(inV, 'Primary', targetFor(inV, 'Primary', 'neptune'));
    expect(neptune.status).toBe('quoted');

    const big = { ...primaryDocument, building_limit: 400000 };
    const nfip = await quote(big, 'Primary', targetFor(big, 'Primary', 'natgen_nfip'));
    expect(nfip.message).toBe('Building limit above the NFIP residential maximum of $250,000.');
    const commercial = await quote(
      { ...commercialDocument, building_limit: 400000 },
      'Commercial',
      targetFor(commercialDocument, 'Commercial', 'natgen_nfip'),
    );
    expect(commercial.status).toBe('quoted');

    const low = { ...primaryDocument, elevation_difference: -5 };
    const neptuneLow = await quote(low, 'Primary', targetFor(low, 'Primary', 'neptune'));
    expect(neptuneLow.message).toBe('Lowest floor more than 3 feet below the base flood elevation.');
  });

  it('declines exactly when the carrier eligibility of carriers.json says so', async () => {
    const targets = launchTargets(primaryDocument, contextFor('Primary'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.record({
          building_limit: fc.integer({ min: 10000, max: 5_000_000 }),
          contents_limit: fc.integer({ min: 0, max: 500_000 }),
          flood_zone: fc.constantFrom('AE', 'VE', 'X', 'A', 'V1-30', 'AO'),
          elevation_difference: fc.integer({ min: -8, max: 8 }),
          year_build: fc.integer({ min: 1900, max: 2025 }).map(String),
          occupancy_type: fc.constantFrom('Single Family', 'Condo Unit', '2-4 Family'),
        }),
        async (target, changes) => {
          const doc = { ...primaryDocument, ...changes };
          const ctx = contextFor('Primary');
          const expected = eligibilityDecline(
            carrierSettings(target.carrier, target.sub_carrier).settings.eligibility,
            doc,
            ctx,
          );
          const answer = await quote(doc, 'Primary', target);
          expect(answer.status).toBe(expected === null ? 'quoted' : 'declined');
          expect(answer.message).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers an error, not a throw, for a carrier it does not know', async () => {
    const target: LaunchTarget = {
      carrier: 'nope',
      sub_carrier: null,
      display_name: 'Nope',
      connector: 'sandbox',
      benefits: [],
    };
    const answer = await quote(primaryDocument, 'Primary', target);
    expect(answer).toMatchObject({
      status: 'error',
      premium: null,
      message: 'Unknown carrier nope',
      indicative: true,
    });
  });

  it('simulates a latency between 50 and 400 ms, the same each time per carrier, well under the timeout', () => {
    expect(SANDBOX_MAX_LATENCY_MS).toBeLessThan(QUOTE_TIMEOUT_MS / 10);
    const all = ['Primary', 'Excess', 'Mobile', 'Commercial'].flatMap((product) =>
      launchTargets(primaryDocument, contextFor(product)),
    );
    const latencies = all.map((target) => sandboxLatencyMs(target));
    for (const [index, ms] of latencies.entries()) {
      expect(ms).toBeGreaterThanOrEqual(SANDBOX_MIN_LATENCY_MS);
      expect(ms).toBeLessThanOrEqual(SANDBOX_MAX_LATENCY_MS);
      expect(sandboxLatencyMs({ ...all[index] })).toBe(ms);
    }
    expect(new Set(latencies).size).toBeGreaterThan(5);
  });

  it('takes its simulated latency in real time', async () => {
    const target = targetFor(primaryDocument, 'Primary', 'titan');
    const started = performance.now();
    const answer = await sandboxConnector.quote(
      { target, document: primaryDocument, ctx: contextFor('Primary') },
      never(),
    );
    const elapsed = performance.now() - started;
    expect(answer.status).toBe('quoted');
    expect(elapsed).toBeGreaterThanOrEqual(sandboxLatencyMs(target) - 5);
    expect(elapsed).toBeLessThan(SANDBOX_MAX_LATENCY_MS + 500);
  });

  it('honours the AbortSignal: rejects at once when aborted before or during the wait', async () => {
    const slow = createSandboxConnector({ latencyMs: () => 10_000 });
    const target = targetFor(primaryDocument, 'Primary', 'titan');
    const request = { target, document: primaryDocument, ctx: contextFor('Primary') };

    const already = new AbortController();
    already.abort();
    await expect(slow.quote(request, already.signal)).rejects.toMatchObject({ name: 'AbortError' });

    const controller = new AbortController();
    const started = performance.now();
    const pending = slow.quote(request, controller.signal);
    setTimeout(() => controller.abort(new Error('timed out')), 20);
    await expect(pending).rejects.toThrow('timed out');
    expect(performance.now() - started).toBeLessThan(1000);

    const timed = slow.quote(request, AbortSignal.timeout(30));
    await expect(timed).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('sandbox connector on the schema examples', () => {
  it('quotes or declines every target of schemas/examples primary, excess and mobile', async () => {
    const examples: [Doc, string][] = [
      [primaryExample, 'Primary'],
      [excessExample, 'Excess'],
      [mobileExample, 'Mobile'],
    ];
    for (const [doc, product] of examples) {
      const targets = launchTargets(doc, contextFor(product));
      expect(targets.length, product).toBeGreaterThanOrEqual(product === 'Primary' ? 8 : 1);
      const answers = await Promise.all(targets.map((target) => quote(doc, product, target)));
      expect(answers.map((answer) => answer.status)).not.toContain('error');
      expect(answers.some((answer) => answer.status === 'quoted')).toBe(true);
    }
  });

  it('declines the NFIP writers on the primary example, whose building limit is above $250,000', async () => {
    const answer = await quote(
      primaryExample,
      'Primary',
      targetFor(primaryExample, 'Primary', 'natgen_nfip'),
    );
    expect(answer.status).toBe('declined');
  });
});
