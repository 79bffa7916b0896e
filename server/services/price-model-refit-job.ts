/**
 * The price-model-refit job (issue 15 Price predictor; one job mechanism, ADR 109): reads the past
 * quoted premiums, fits the model (with its accuracy on held-out applications), stores it as the
 * model in use, and keeps the nightly schedule: each nightly run queues the next one at
 * `refit_hour_utc`. docs/decisions/201-price-predictor.md.
 */
import type { Executor } from '../db/database.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import { fitPriceModel } from '../price-predictor/fit-price-model.ts';
import { pricePredictorConfig } from '../price-predictor/predictor-config.ts';
import { enqueueJob } from '../repositories/jobs-repository.ts';
import {
  insertPriceModel,
  latestPriceModelId,
  listPastQuotes,
} from '../repositories/price-models-repository.ts';

export const PRICE_MODEL_REFIT_KIND = 'price-model-refit';

/** The next `refit_hour_utc` o'clock strictly after `now`. */
export function nextNightlyRefit(now: Date, hourUtc = pricePredictorConfig.refit_hour_utc): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Queues the nightly refit after `now` (once per night: the dedupe key is its date). */
export async function scheduleNightlyRefit(db: Executor, now: Date = new Date()) {
  const runAfter = nextNightlyRefit(now);
  return enqueueJob(db, {
    kind: PRICE_MODEL_REFIT_KIND,
    payload: { nightly: true },
    runAfter,
    dedupeKey: `${PRICE_MODEL_REFIT_KIND}:nightly:${runAfter.toISOString().slice(0, 10)}`,
    maxAttempts: 3,
  });
}

/**
 * At server start: the nightly refit, and a first fit now when there is no model yet (so a new
 * portal predicts from its demo or migrated quotes without waiting for the night).
 */
export async function schedulePriceModelRefits(db: Executor, now: Date = new Date()): Promise<void> {
  await scheduleNightlyRefit(db, now);
  if ((await latestPriceModelId(db)) === null)
    await enqueueJob(db, {
      kind: PRICE_MODEL_REFIT_KIND,
      payload: {},
      dedupeKey: `${PRICE_MODEL_REFIT_KIND}:first`,
    });
}

/** Fits and stores the model; a nightly run queues the next night's. Result: the fit's counts and accuracy. */
export const priceModelRefitJob: JobHandler = async (job, { db }) => {
  const quotes = await listPastQuotes(db, pricePredictorConfig);
  const model = fitPriceModel(quotes, pricePredictorConfig);
  const id = await insertPriceModel(db, model, pricePredictorConfig.kept_fits);
  if (job.payload.nightly === true) await scheduleNightlyRefit(db);
  return {
    price_model_id: id,
    quote_count: model.quote_count,
    application_count: model.application_count,
    accuracy: model.accuracy,
  };
};
