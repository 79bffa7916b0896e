/**
 * Price predictor calls (issue 15) on PGlite and PostgreSQL: before the first fit every prediction
 * is "not enough data"; the refit job fits the seeded sample book (quotes read through the
 * database with the configured fields) and keeps the nightly schedule; predictions then give an
 * ordered range, carriers and drivers; an application's inputs are read for those who may see it;
 * only admins ask for a refit; bad input is refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/database.ts';
import { seedSampleBook } from '../../../server/db/seed-sample-book.ts';
import { pricePredictorConfig } from '../../../server/price-predictor/predictor-config.ts';
import {
  nextNightlyRefit,
  PRICE_MODEL_REFIT_KIND,
  schedulePriceModelRefits,
} from '../../../server/services/price-model-refit-job.ts';
import { REFIT_FORBIDDEN_MESSAGE } from '../../../server/services/price-predictor-service.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const VE_RISK = {
  flood_zone: 'VE',
  year_built: 1978,
  elevation_difference: -1,
  building_limit: 250_000,
  contents_limit: 50_000,
  deductible: 2000,
};

describe.each(DATABASE_KINDS)('price predictor on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let adminKey: string;
  let otherAgentKey: string;
  const call = (key: string, path: string, body: Record<string, unknown> = {}) =>
    t.post(`price-predictor/${path}`, { session_key: key, ...body });

  beforeAll(async () => {
    t = await startTestApp(kind);
    [agentKey, adminKey, otherAgentKey] = await Promise.all(
      ['agent@demo.test', 'admin@demo.test', 'otheragent@demo.test'].map((email) => t.loginAs(email)),
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says "not enough data" before the first fit, with the inputs and options to ask', async () => {
    const model = await call(agentKey, 'get-model');
    expect(model.statusCode).toBe(200);
    expect(model.body.data.model).toBeNull();
    expect(model.body.data.inputs.map((i: { input: string }) => i.input)).toEqual(
      pricePredictorConfig.inputs.map((i) => i.input),
    );
    const zone = model.body.data.inputs.find((i: { input: string }) => i.input === 'flood_zone');
    expect(zone.options.map((o: { value: string }) => o.value)).toContain('VE');
    // Every product is listed, none predicted before the first fit (ADR 761).
    expect(model.body.data.products.map((p: { value: string }) => p.value)).toContain('Primary');
    for (const product of model.body.data.products)
      expect(product).toMatchObject({ applications: 0, predicted: false, accuracy: null });
    const prediction = await call(agentKey, 'predict', { product: 'Primary', inputs: VE_RISK });
    expect(prediction.body.data).toMatchObject({
      status: 'not-enough-data',
      range: null,
      comparable_applications: 0,
    });
  });

  it('fits the sample book with the refit job and keeps the nightly schedule', async () => {
    await seedSampleBook(t.db, t.seed.otherCompanyId ?? 0, t.seed.otherAgentId ?? 0, 150);
    // Now, not a fixed date: the worker runs every job already due by the real clock.
    const now = new Date();
    await schedulePriceModelRefits(t.db, now);
    await t.app.jobWorker.drain();
    const model = (await call(agentKey, 'get-model')).body.data.model;
    expect(model.application_count).toBeGreaterThanOrEqual(150);
    expect(model.accuracy.evaluated).toBeGreaterThan(0);
    expect(model.accuracy.median_absolute_percentage_error).toBeLessThan(0.3);
    // The sample book is Primary: only Primary is predicted, with its own measured error.
    const products = (await call(agentKey, 'get-model')).body.data.products as {
      value: string;
      applications: number;
      predicted: boolean;
      accuracy: { evaluated: number } | null;
    }[];
    expect(products.filter((p) => p.predicted).map((p) => p.value)).toEqual(['Primary']);
    const primary = products.find((p) => p.value === 'Primary');
    expect(primary?.applications).toBe(model.application_count);
    expect(primary?.accuracy?.evaluated).toBe(model.accuracy.evaluated);
    expect(products.find((p) => p.value === 'Commercial')).toMatchObject({ applications: 0, accuracy: null });
    const jobs = rowsOf<{ dedupe_key: string; status: string }>(
      await t.db.execute(
        sql`SELECT dedupe_key, status FROM jobs WHERE kind = ${PRICE_MODEL_REFIT_KIND} ORDER BY id`,
      ),
    );
    expect(jobs).toContainEqual({ dedupe_key: `${PRICE_MODEL_REFIT_KIND}:first`, status: 'done' });
    expect(jobs).toContainEqual({
      dedupe_key: `${PRICE_MODEL_REFIT_KIND}:nightly:${nextNightlyRefit(now).toISOString().slice(0, 10)}`,
      status: 'queued',
    });
  }, 120_000);

  it('predicts an ordered range, per-carrier ranges and the inputs that moved it', async () => {
    const { body } = await call(agentKey, 'predict', { product: 'Primary', inputs: VE_RISK });
    const prediction = body.data;
    expect(prediction.status).toBe('estimated');
    expect(prediction.range.low).toBeLessThanOrEqual(prediction.range.median);
    expect(prediction.range.median).toBeLessThanOrEqual(prediction.range.high);
    expect(prediction.comparable_applications).toBeGreaterThanOrEqual(pricePredictorConfig.min_comparables);
    expect(prediction.carriers.length).toBeGreaterThan(0);
    expect(prediction.drivers.length).toBeGreaterThan(0);
    const other = await call(agentKey, 'predict', { product: 'Commercial', inputs: VE_RISK });
    expect(other.body.data.status).toBe('not-enough-data');
  });

  it("reads an application's inputs for those who may see it only", async () => {
    const id = t.seed.applicationIds?.[0] ?? 0;
    const own = await call(agentKey, 'inputs-from-application', { application_id: id });
    expect(own.statusCode).toBe(200);
    expect(own.body.data.product).toBe('Primary');
    expect(own.body.data.inputs.flood_zone).toBe('AE');
    expect(typeof own.body.data.inputs.building_limit).toBe('number');
    expect((await call(otherAgentKey, 'inputs-from-application', { application_id: id })).statusCode).toBe(
      404,
    );
  });

  it('lets admins ask for a refit, not agents, and refuses bad input without a change', async () => {
    const asked = await call(adminKey, 'refit');
    expect(asked.statusCode).toBe(200);
    expect(asked.body.data.job_id).toBeGreaterThan(0);
    const refused = await call(agentKey, 'refit');
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(REFIT_FORBIDDEN_MESSAGE);
    for (const inputs of [
      { ...VE_RISK, flood_zone: '<b>' },
      { ...VE_RISK, deductible: 'lots' },
      { ...VE_RISK, roof: 1 },
    ]) {
      const bad = await call(agentKey, 'predict', { product: 'Primary', inputs });
      expect(bad.statusCode).toBe(400);
    }
    expect((await call(agentKey, 'predict', { inputs: VE_RISK })).statusCode).toBe(400);
  });

  it('schedules the nightly refit at the configured hour, the same night only once', () => {
    const hour = pricePredictorConfig.refit_hour_utc;
    expect(nextNightlyRefit(new Date(Date.UTC(2026, 10, 25, hour - 1)))).toEqual(
      new Date(Date.UTC(2026, 10, 25, hour)),
    );
    expect(nextNightlyRefit(new Date(Date.UTC(2026, 10, 25, hour)))).toEqual(
      new Date(Date.UTC(2026, 10, 26, hour)),
    );
  });
});
