/**
 * Property data pre-fill (issue 15, SPEC §9 data providers): address autocomplete and
 * verification for the New application dialog, and the lookup of an application's address by
 * its jobs (address, characteristics, flood zone, ground elevation, CBRA, community status; issue
 * 40) with the providers of the application's company (portal settings; else the sandbox, or in
 * production the keyless public sources, ADR 757). Each answer is cached per provider, job and
 * normalised address for the company's cache days; a provider's error or timeout stays with its
 * job. Fields are mapped by the value mapping of the schema set the application names
 * (schemas/mappings/property-data.json). docs/decisions/230-property-data-providers.md ... 234, 691, 757.
 */
import type { CompiledSchemaSet } from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { buildProviders, type PropertyDataOptions } from '../property-data/build-providers.ts';
import {
  type FoundField,
  type MissingField,
  mapAnswerToFields,
} from '../property-data/map-answer-to-fields.ts';
import { normaliseAddress } from '../property-data/normalise-address.ts';
import { providerLabel, SANDBOX_PROVIDER } from '../property-data/provider-catalogue.ts';
import {
  type Location,
  type PropertyAddress,
  PropertyDataError,
  type PropertyDataJob,
} from '../property-data/types.ts';
import { findCompanyWithExtras } from '../repositories/companies-repository.ts';
import { findCachedAnswer, saveAnswer } from '../repositories/property-data-cache-repository.ts';
import type { Actor } from './actor.ts';
import { loadOwned } from './owned-application.ts';
import { companyPropertyData, type PropertyDataSettings } from './portal-settings/property-data-settings.ts';
import { compiledSchemaSetOf } from './schema-versions.ts';

/** The application's document has no street address and ZIP to look up. */
export const NO_ADDRESS_MESSAGE = 'The application has no address to look up: fill Address 1 and Zip first.';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What one job of a lookup came to. */
export interface JobResult {
  job: PropertyDataJob;
  provider: string;
  /** The label the fields carry ("Sample data" for the sandbox). */
  source: string;
  sample: boolean;
  /** When the provider answered (ISO), null after an error. */
  fetched_at: string | null;
  cached: boolean;
  error: string | null;
  fields: Record<string, FoundField>;
  missing: MissingField[];
}

/** A company's settings and providers; sandbox for a caller without a company (a super-admin). */
async function providersOf(db: Executor, companyId: number | null, options: PropertyDataOptions) {
  const entry = companyId === null ? null : await findCompanyWithExtras(db, companyId);
  const settings = companyPropertyData(entry?.company ?? null);
  return { settings, providers: buildProviders(settings.jobs, options) };
}

/**
 * The cached answer of `provider` for `job` and `address` when younger than `cacheDays`, else
 * `fetch()`'s answer, stored. Provider errors are thrown, not stored.
 */
async function cachedAnswer<T extends object>(
  db: Executor,
  provider: string,
  job: PropertyDataJob,
  address: PropertyAddress,
  cacheDays: number,
  fetch: () => Promise<T | null>,
): Promise<{ answer: T | null; fetched_at: Date; cached: boolean }> {
  const key = { provider, job, address_key: normaliseAddress(address) };
  if (cacheDays > 0) {
    const hit = await findCachedAnswer(db, key, new Date(Date.now() - cacheDays * DAY_MS));
    if (hit) return { answer: hit.answer as T | null, fetched_at: hit.fetched_at, cached: true };
  }
  const answer = await fetch();
  const row = await saveAnswer(db, key, answer as Record<string, unknown> | null);
  return { answer, fetched_at: row.fetched_at, cached: false };
}

/** The message of a provider failure; anything else is a bug and is thrown on. */
function providerFailure(error: unknown): string {
  if (error instanceof PropertyDataError) return error.message;
  throw error;
}

/** Runs one job through the cache into a JobResult (errors kept as the job's error). */
async function runJob<T extends object>(
  db: Executor,
  compiled: CompiledSchemaSet,
  job: PropertyDataJob,
  provider: string,
  address: PropertyAddress,
  settings: PropertyDataSettings,
  fetch: () => Promise<T | null>,
): Promise<{ result: JobResult; answer: T | null }> {
  const source = providerLabel(provider);
  const base = { job, provider, source, sample: provider === SANDBOX_PROVIDER };
  try {
    const got = await cachedAnswer(db, provider, job, address, settings.cache_days, fetch);
    const fetchedAt = got.fetched_at.toISOString();
    const mapped = mapAnswerToFields(
      compiled,
      job,
      got.answer as Record<string, unknown> | null,
      source,
      fetchedAt,
      `${source} found nothing for this address.`,
    );
    return {
      result: { ...base, fetched_at: fetchedAt, cached: got.cached, error: null, ...mapped },
      answer: got.answer,
    };
  } catch (error) {
    const message = providerFailure(error);
    // Every field of the job stays unfilled, each saying it could not be looked up and why.
    const mapped = mapAnswerToFields(compiled, job, null, source, '', `Could not look up: ${message}`);
    return { result: { ...base, fetched_at: null, cached: false, error: message, ...mapped }, answer: null };
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The address of an application document; ApiError 422 NO_ADDRESS_MESSAGE without street and ZIP. */
function addressOf(doc: Record<string, unknown>): PropertyAddress {
  const address = {
    address1: text(doc.address1),
    address2: text(doc.address2),
    city: text(doc.city),
    state: text(doc.state),
    zip: text(doc.zip),
  };
  if (!address.address1 || !/^\d{5}/.test(address.zip)) throw new ApiError(422, NO_ADDRESS_MESSAGE);
  return address;
}

/**
 * `{application_id, jobs: JobResult[]}` for an application the caller may see (404 otherwise; 422
 * NO_ADDRESS_MESSAGE): address and characteristics at once; then the flood zone, ground elevation
 * and CBRA jobs at the verified point (or the document's lat/lng when the address was not
 * verified); then the community status of the flood zone's community number (or the document's).
 */
export async function lookUpApplication(
  db: Executor,
  actor: Actor,
  applicationId: number,
  options: PropertyDataOptions = {},
) {
  return lookUpRow(db, await loadOwned(db, actor, applicationId), options);
}

/**
 * lookUpApplication's answer for an application row already read (the background pre-fill reads
 * it without a caller, issue 40); 422 NO_ADDRESS_MESSAGE without street and ZIP.
 */
export async function lookUpRow(
  db: Executor,
  row: Pick<ApplicationRow, 'id' | 'useable_details' | 'company_id' | 'schema_version'>,
  options: PropertyDataOptions = {},
) {
  const doc = row.useable_details ?? {};
  const address = addressOf(doc);
  const { settings, providers } = await providersOf(db, row.company_id, options);
  // Filled with the values of the version the application names (issue 37).
  const compiled = await compiledSchemaSetOf(db, row.schema_version);
  const run = <T extends object>(job: PropertyDataJob, provider: string, fetch: () => Promise<T | null>) =>
    runJob(db, compiled, job, provider, address, settings, fetch);
  const [verified, characteristics] = await Promise.all([
    run('address', providers.address.name, () => providers.address.verify(address)),
    run('characteristics', providers.characteristics.name, () =>
      providers.characteristics.characteristics(address),
    ),
  ]);
  const latitude = verified.answer?.latitude ?? finite(doc.lat);
  const longitude = verified.answer?.longitude ?? finite(doc.lng);
  const point: Location | null = latitude === null || longitude === null ? null : { latitude, longitude };
  const noPoint = 'No point to look up: the address was not verified and has no latitude and longitude.';
  const atPoint = <T extends object>(
    job: PropertyDataJob,
    provider: string,
    fetch: (location: Location) => Promise<T | null>,
  ) => (point ? run(job, provider, () => fetch(point)) : unanswered(compiled, job, provider, noPoint));
  const [flood, elevation, cbra] = await Promise.all([
    atPoint('flood_zone', providers.flood_zone.name, (at) => providers.flood_zone.floodZone(at, address)),
    atPoint('ground_elevation', providers.ground_elevation.name, (at) =>
      providers.ground_elevation.groundElevation(at, address),
    ),
    atPoint('cbra', providers.cbra.name, (at) => providers.cbra.cbra(at, address)),
  ]);
  const communityNumber = flood.answer?.community_number ?? (text(doc.community_number) || null);
  const community = communityNumber
    ? await run('community_status', providers.community_status.name, () =>
        providers.community_status.communityStatus(communityNumber, address),
      )
    : unanswered(
        compiled,
        'community_status',
        providers.community_status.name,
        'No community number to look up: the flood zone lookup found none and the application has none.',
      );
  return {
    application_id: row.id,
    jobs: [verified, characteristics, flood, elevation, cbra, community].map((job) => job.result),
  };
}

/** A job that could not be asked (no point, no community number): every field missing with `reason`. */
function unanswered(
  compiled: CompiledSchemaSet,
  job: PropertyDataJob,
  provider: string,
  reason: string,
): { result: JobResult; answer: null } {
  const source = providerLabel(provider);
  return {
    result: {
      job,
      provider,
      source,
      sample: provider === SANDBOX_PROVIDER,
      fetched_at: null,
      cached: false,
      error: null,
      ...mapAnswerToFields(compiled, job, null, source, '', reason),
    },
    answer: null,
  };
}

/** `{suggestions, source, sample, error}` for what the agent typed (not cached: one per keystroke). */
export async function autocompleteAddress(
  db: Executor,
  actor: Actor,
  search: string,
  options: PropertyDataOptions = {},
) {
  const { providers } = await providersOf(db, actor.companyId, options);
  const provider = providers.address.name;
  const base = { source: providerLabel(provider), sample: provider === SANDBOX_PROVIDER };
  try {
    return { ...base, suggestions: await providers.address.autocomplete(search.trim()), error: null };
  } catch (error) {
    return { ...base, suggestions: [], error: providerFailure(error) };
  }
}

/**
 * `{address, source, sample, fetched_at, error}`: the verified address (null when the provider
 * found none or failed) of what the agent picked, through the cache.
 */
export async function verifyAddress(
  db: Executor,
  actor: Actor,
  address: PropertyAddress,
  options: PropertyDataOptions = {},
) {
  const { settings, providers } = await providersOf(db, actor.companyId, options);
  const provider = providers.address.name;
  const base = { source: providerLabel(provider), sample: provider === SANDBOX_PROVIDER };
  try {
    const got = await cachedAnswer(db, provider, 'address', address, settings.cache_days, () =>
      providers.address.verify(address),
    );
    return { ...base, address: got.answer, fetched_at: got.fetched_at.toISOString(), error: null };
  } catch (error) {
    return { ...base, address: null, fetched_at: null, error: providerFailure(error) };
  }
}
