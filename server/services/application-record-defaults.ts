/**
 * Column defaults of a new application row, read from the record schema product staff edit
 * (schemas/application/application-record.schema.json) rather than hard-coded. SPEC §3 Application.
 */
import recordSchema from '../../schemas/application/application-record.schema.json' with { type: 'json' };
import type { NewApplication } from '../repositories/applications-repository.ts';

/** Row columns whose default the record schema may give. */
const DEFAULTABLE = [
  'status',
  'application_type',
  'carrier_quote_type',
  'is_cross_sale',
  'application_relaunch_count',
  'application_source',
  'ads_data',
  'client_name_id',
  'rocket_agent',
] as const;

type Defaults = Partial<Pick<NewApplication, (typeof DEFAULTABLE)[number]>>;

/** The record schema's defaults of DEFAULTABLE columns, as JSON text (the schema is part of the build). */
const defaultsJson = (() => {
  const properties = ((recordSchema as { properties?: Record<string, { default?: unknown }> }).properties ??
    {}) as Record<string, { default?: unknown }>;
  const defaults: Record<string, unknown> = {};
  for (const column of DEFAULTABLE) {
    const value = properties[column]?.default;
    if (value !== undefined) defaults[column] = value;
  }
  return JSON.stringify(defaults);
})();

/**
 * Every default of the record schema that names a row column, e.g. `{application_source: 'Agent
 * Portal'}`: a new copy per call (parsed from JSON text, faster than structuredClone for the bulk
 * import's record per row).
 */
export function applicationRecordDefaults(): Defaults {
  return JSON.parse(defaultsJson) as Defaults;
}
