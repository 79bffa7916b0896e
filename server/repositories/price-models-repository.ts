/**
 * Rows for the price predictor (issue 15): the past quoted premiums the nightly fit reads, and the
 * fits of `price_models` (migration 0014). docs/decisions/201-price-predictor.md.
 */
import { desc, lt, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/database.ts';
import { type PriceModelRow, priceModels } from '../db/schema.ts';
import type { PricePredictorConfig } from '../price-predictor/predictor-config.ts';
import type { PastQuote, PriceModel } from '../price-predictor/price-model.ts';
import { carrierKey, riskInputsOf } from '../price-predictor/risk-inputs.ts';

interface PastQuoteRow {
  application_id: number;
  carrier: string;
  sub_carrier: string | null;
  display_name: string;
  product: string;
  premium: string;
  fields: Record<string, unknown>;
}

/**
 * Every quoted premium (> 0) of the `max_applications` newest applications that have one, with
 * only the document fields the configured inputs read (any product's field).
 */
export async function listPastQuotes(db: Executor, config: PricePredictorConfig): Promise<PastQuote[]> {
  const fields = [
    ...new Set(
      config.inputs.flatMap((input) => [input.field, ...Object.values(input.field_by_product ?? {})]),
    ),
  ];
  const picked = sql.join(
    fields.map((field) => sql`${field}::text, a.useable_details -> ${field}::text`),
    sql`, `,
  );
  const rows = rowsOf<PastQuoteRow>(
    await db.execute(sql`
      WITH recent AS (
        SELECT DISTINCT application_id FROM quotes
         WHERE status = 'quoted' AND premium > 0
         ORDER BY application_id DESC LIMIT ${config.max_applications}
      )
      SELECT q.application_id, q.carrier, q.sub_carrier, q.display_name, q.premium,
             a.carrier_quote_type ->> 0 AS product, jsonb_build_object(${picked}) AS fields
        FROM recent r
        JOIN quotes q ON q.application_id = r.application_id AND q.status = 'quoted' AND q.premium > 0
        JOIN applications a ON a.id = r.application_id
       ORDER BY q.application_id, q.id`),
  );
  return rows.map((row) => ({
    application_id: row.application_id,
    carrier: carrierKey(row),
    display_name: row.display_name,
    product: row.product,
    premium: Number(row.premium),
    inputs: riskInputsOf(row.fields, row.product, config),
  }));
}

/** Stores a fit and keeps only the newest `keep` fits; returns the new row's id. */
export async function insertPriceModel(db: Executor, model: PriceModel, keep: number): Promise<number> {
  const [row] = await db
    .insert(priceModels)
    .values({
      fitted_at: new Date(model.fitted_at),
      quote_count: model.quote_count,
      application_count: model.application_count,
      model: model as unknown as Record<string, unknown>,
    })
    .returning({ id: priceModels.id });
  await db.delete(priceModels).where(lt(priceModels.id, row.id - keep + 1));
  return row.id;
}

/** The id of the newest fit, or null before the first. */
export async function latestPriceModelId(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ id: priceModels.id })
    .from(priceModels)
    .orderBy(desc(priceModels.id))
    .limit(1);
  return row?.id ?? null;
}

/** The newest fit, or null before the first. */
export async function latestPriceModel(db: Executor): Promise<PriceModelRow | null> {
  const [row] = await db.select().from(priceModels).orderBy(desc(priceModels.id)).limit(1);
  return row ?? null;
}
