/**
 * The price predictor's calls (issue 15, SPEC §2 /dashboard/price-predictor): the inputs it asks for
 * (labels, units and option lists from the schema set), the model in use with its measured accuracy,
 * a prediction, the inputs of an application the caller may see, and asking for a refit. The model
 * is the newest row of price_models, loaded once per process per fit.
 * docs/decisions/201-price-predictor.md.
 */
import { fieldOptions } from '../../engine/field-options.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { type PricePrediction, predictPremium } from '../price-predictor/predict-premium.ts';
import { pricePredictorConfig } from '../price-predictor/predictor-config.ts';
import type { ModelAccuracy, PriceModel } from '../price-predictor/price-model.ts';
import { type RiskInputs, riskInputsOf } from '../price-predictor/risk-inputs.ts';
import { enqueueJob } from '../repositories/jobs-repository.ts';
import { latestPriceModel, latestPriceModelId } from '../repositories/price-models-repository.ts';
import type { Actor } from './actor.ts';
import { loadOwned } from './owned-application.ts';
import { PRICE_MODEL_REFIT_KIND } from './price-model-refit-job.ts';
import { compiledSchemaSet } from './schema-engine.ts';

/** What the page shows of one input. */
export interface PredictorInputView {
  input: string;
  label: string;
  kind: 'zone' | 'number' | 'log-number';
  unit: string | null;
  /** The document field's option list (zones, deductibles), or null for free input. */
  options: { value: string | number; label: string }[] | null;
  /** The book's typical value. */
  typical: string | number | null;
}

/**
 * A product as the page offers it: predicted when the model holds at least `min_comparables`
 * quoted applications of it (else every estimate would be "not enough data"), with the model's
 * error measured on its held-out applications (null before any was judged). ADR 761.
 */
export interface PredictorProductView {
  value: string;
  label: string;
  /** Quoted applications of the product in the model. */
  applications: number;
  predicted: boolean;
  accuracy: ModelAccuracy | null;
}

export interface PredictorModelView {
  products: PredictorProductView[];
  inputs: PredictorInputView[];
  /** Null before the first fit. */
  model: {
    fitted_at: string;
    quote_count: number;
    application_count: number;
    accuracy: ModelAccuracy;
  } | null;
}

let cached: { id: number; model: PriceModel } | null = null;

/** The model in use (the newest fit), loaded once per fit; null before the first. */
async function currentModel(db: Executor): Promise<PriceModel | null> {
  const id = await latestPriceModelId(db);
  if (id === null) return null;
  if (cached?.id !== id) {
    const row = await latestPriceModel(db);
    if (!row) return null;
    cached = { id: row.id, model: row.model as unknown as PriceModel };
  }
  return cached.model;
}

/** The products of the schema set's quote types list, each with what `model` can predict of it. */
function products(model: PriceModel | null): PredictorProductView[] {
  const quoteTypes = schemaSet.schemas.find((schema) =>
    String(schema.$id ?? '').endsWith('/quote-types.json'),
  );
  const applications = new Map<string, number>();
  for (const risk of model?.risks ?? [])
    applications.set(risk.product, (applications.get(risk.product) ?? 0) + 1);
  return (fieldOptions(quoteTypes ?? {}) ?? []).map((option) => {
    const value = String(option.value);
    const count = applications.get(value) ?? 0;
    return {
      value,
      label: option.label,
      applications: count,
      predicted: count >= pricePredictorConfig.min_comparables,
      accuracy: model?.accuracy_by_product?.[value] ?? null,
    };
  });
}

/** The inputs, products and the model in use. */
export async function predictorModelView(db: Executor): Promise<PredictorModelView> {
  const model = await currentModel(db);
  const properties = compiledSchemaSet().properties;
  return {
    products: products(model),
    inputs: pricePredictorConfig.inputs.map((input) => ({
      input: input.input,
      label: input.label,
      kind: input.kind,
      unit: input.unit ?? null,
      options:
        (fieldOptions(properties[input.field] ?? {}) as
          | { value: string | number; label: string }[]
          | undefined) ?? null,
      typical: model?.typical[input.input] ?? null,
    })),
    model: model
      ? {
          fitted_at: model.fitted_at,
          quote_count: model.quote_count,
          application_count: model.application_count,
          accuracy: model.accuracy,
        }
      : null,
  };
}

/** Answered before the first fit: no estimate, as with too few comparables. */
function noModelPrediction(): PricePrediction {
  return {
    status: 'not-enough-data',
    comparable_applications: 0,
    comparable_quotes: 0,
    needed: pricePredictorConfig.min_comparables,
    range: null,
    carriers: [],
    drivers: [],
  };
}

/** The expected premium of a `product` risk with `inputs` (null = not known). */
export async function predictPrice(
  db: Executor,
  product: string,
  inputs: RiskInputs,
): Promise<PricePrediction> {
  const model = await currentModel(db);
  return model ? predictPremium(model, product, inputs, pricePredictorConfig) : noModelPrediction();
}

/** The product and inputs of application `id` for the caller (404 when they may not see it). */
export async function applicationRiskInputs(
  db: Executor,
  actor: Actor,
  id: number,
): Promise<{ product: string; inputs: RiskInputs; searched_address: string }> {
  const row = await loadOwned(db, actor, id);
  const product = row.carrier_quote_type[0] ?? 'Primary';
  return {
    product,
    inputs: riskInputsOf(row.useable_details, product, pricePredictorConfig),
    searched_address: row.searched_address,
  };
}

/** Only admins and super-admins ask for a refit. */
export const REFIT_FORBIDDEN_MESSAGE = 'Only an admin can refit the price model.';

/**
 * Queues a refit now (asked twice in the same minute: the first job is returned). Throws ApiError
 * 403 REFIT_FORBIDDEN_MESSAGE for an agent.
 */
export async function requestRefit(db: Executor, actor: Actor): Promise<{ job_id: number }> {
  if (actor.role !== 'admin' && actor.role !== 'super-admin')
    throw new ApiError(403, REFIT_FORBIDDEN_MESSAGE);
  const job = await enqueueJob(db, {
    kind: PRICE_MODEL_REFIT_KIND,
    payload: { asked_by: actor.userId },
    dedupeKey: `${PRICE_MODEL_REFIT_KIND}:asked:${new Date().toISOString().slice(0, 16)}`,
    maxAttempts: 3,
  });
  return { job_id: job.id };
}
