/**
 * The carrier catalogue in the super-admin's carrier page (issue 43, docs/decisions/772): the
 * versions with who published each and when, each connection's health, and a draft's way to
 * production: check it (the checks carriers.json had), test each connection it adds or changes with
 * the connection test, publish it. Super-admins only (403 otherwise).
 */
import { sql } from 'drizzle-orm';
import { resolveCarrier } from '../../carrier-catalog/carrier-settings.ts';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { HTTP_CONNECTOR_PREFIX } from '../../carrier-catalog/connection-types.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { type CatalogueProblem, checkCarrierCatalogue } from '../quoting/check-carrier-catalogue.ts';
import { fileWithConnectionOrigins } from '../quoting/http/connection-origins.ts';
import type { TriedQuote } from '../quoting/http/http-connector.ts';
import type { LiveConnectors } from '../quoting/http/live-connectors.ts';
import {
  findCatalogueVersion,
  insertCatalogueVersion,
  latestCatalogueVersionNumber,
  listCatalogueVersions,
  liveQuoteHealth,
  passedDefinitionHashes,
  type RefusalSource,
  refusedCredentials,
} from '../repositories/carrier-catalog-repository.ts';
import { companySettingsOf } from '../repositories/companies-repository.ts';
import { COMPANY_NOT_FOUND, managedCompanyId, requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';
import { CATALOGUE_LOCK_KEY, reloadCarrierCatalogue } from './carrier-catalogue-reload.ts';
import { sampleQuote } from './carrier-connections-service.ts';
import { definitionHash, recordConnectionTest, testPassed } from './connection-test-record.ts';

/** The health window: live quotes answered in the last 7 days, in ms. */
export const HEALTH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** 422 of a draft that fails its checks (the problems are in `error`, by path). */
export const DRAFT_PROBLEMS_MESSAGE = 'The draft has problems; nothing was published.';
/** 409 of a publish based on a version that is no longer the latest. */
export const STALE_DRAFT_MESSAGE =
  'Another version was published since this draft was started; reload it and make the change again.';

/** One connection of the catalogue with its health over HEALTH_WINDOW_MS. */
export interface ConnectionHealth {
  id: string;
  label: string;
  endpoint: string;
  /** Display names of the carriers (or sub-carriers) it quotes. */
  carriers: string[];
  /** Live quotes answered in the window, and how many were errors. */
  answered: number;
  errors: number;
  /** errors / answered, 0 to 1; null when none was answered. */
  error_rate: number | null;
  /** The last quote or decline it answered (ISO time) in the window, or null. */
  last_success: string | null;
  /**
   * Companies whose credentials this connection refuses: the latest refusal (HTTP 401 or 403) seen
   * by a connection test or a live quote, with no passed test or answered live quote since
   * (ADR 773). `source` says which saw it, `at` when (ISO 8601).
   */
  refused_credentials: { company_id: number; company_name: string; source: RefusalSource; at: string }[];
}

/** A connection the draft adds or changes, and whether that definition passed a connection test. */
export interface ChangedConnection {
  id: string;
  label: string;
  tested: boolean;
}

/** What the carrier page shows. */
export interface CatalogueOverview {
  version: number;
  catalogue: CarriersFile;
  versions: {
    version: number;
    note: string;
    created_by_name: string | null;
    created_at: string;
    published_at: string;
  }[];
  connections: ConnectionHealth[];
  window_days: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function carriersOf(file: CarriersFile, connectionId: string): string[] {
  return file.carriers.flatMap((family) =>
    (family.subCarriers.length > 0 ? family.subCarriers : [null])
      .map((sub) => resolveCarrier(family, sub))
      .filter((resolved) => resolved.settings.live_connection === connectionId)
      .map((resolved) => resolved.displayName),
  );
}

/** The latest stored version (seeded at start, so one always exists). */
async function latestVersion(db: Executor) {
  const row = await findCatalogueVersion(db, await latestCatalogueVersionNumber(db));
  if (!row) throw new Error('No carrier catalogue version is stored (the start seeds version 1).');
  return row;
}

/** The latest version, every version newest first, and the health of each of its connections. */
export async function carrierCatalogueOverview(
  db: Executor,
  actor: Actor,
  now: Date = new Date(),
): Promise<CatalogueOverview> {
  requireRole(actor, ['super-admin']);
  const latest = await latestVersion(db);
  const ids = Object.keys(latest.catalogue.connections ?? {});
  const since = new Date(now.getTime() - HEALTH_WINDOW_MS);
  const [versions, quoteRows, refused] = await Promise.all([
    listCatalogueVersions(db),
    liveQuoteHealth(
      db,
      ids.map((id) => `${HTTP_CONNECTOR_PREFIX}${id}`),
      since,
    ),
    refusedCredentials(db),
  ]);
  const connections = Object.entries(latest.catalogue.connections ?? {}).map(([id, connection]) => {
    const row = quoteRows.find((entry) => entry.connector === `${HTTP_CONNECTOR_PREFIX}${id}`);
    const answered = Number(row?.answered ?? 0);
    const errors = Number(row?.errors ?? 0);
    return {
      id,
      label: connection.label,
      endpoint: connection.endpoint,
      carriers: carriersOf(latest.catalogue, id),
      answered,
      errors,
      error_rate: answered === 0 ? null : errors / answered,
      last_success: row?.last_success ? iso(row.last_success) : null,
      refused_credentials: refused
        .filter((entry) => entry.connection_id === id)
        .map((entry) => ({
          company_id: entry.company_id,
          company_name: entry.company_name,
          source: entry.source,
          at: iso(entry.at),
        })),
    };
  });
  return {
    version: latest.version,
    catalogue: latest.catalogue,
    versions: versions.map((entry) => ({
      ...entry,
      created_at: iso(entry.created_at),
      published_at: iso(entry.published_at),
    })),
    connections,
    window_days: HEALTH_WINDOW_MS / 86_400_000,
  };
}

/** The connections of `draft` whose definition differs from (or is not in) `published`. */
function changedConnectionIds(draft: CarriersFile, published: CarriersFile): string[] {
  return Object.entries(draft.connections ?? {})
    .filter(([id, connection]) => JSON.stringify(connection) !== JSON.stringify(published.connections?.[id]))
    .map(([id]) => id);
}

async function changedConnections(
  db: Executor,
  draft: CarriersFile,
  published: CarriersFile,
): Promise<ChangedConnection[]> {
  return Promise.all(
    changedConnectionIds(draft, published).map(async (id) => {
      const definition = draft.connections?.[id];
      const hash = definitionHash(definition as NonNullable<typeof definition>);
      const passed = await passedDefinitionHashes(db, id, [hash]);
      return { id, label: definition?.label ?? id, tested: passed.has(hash) };
    }),
  );
}

/** The problems as the envelope's `error` object: path to message (the first message of a path). */
function problemsByPath(problems: CatalogueProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.path] ??= problem.message;
  return errors;
}

/**
 * The checks of `draft` (check-carrier-catalogue.ts) and, once they pass, the connections it adds
 * or changes against the latest version with whether each definition passed a test. Never writes.
 */
export async function checkCatalogueDraft(
  db: Executor,
  actor: Actor,
  draft: unknown,
): Promise<{ problems: CatalogueProblem[]; changed_connections: ChangedConnection[] }> {
  requireRole(actor, ['super-admin']);
  const problems = checkCarrierCatalogue(draft);
  if (problems.length > 0) return { problems, changed_connections: [] };
  const latest = await latestVersion(db);
  return {
    problems,
    changed_connections: await changedConnections(db, draft as CarriersFile, latest.catalogue),
  };
}

/**
 * Tests connection `connectionId` of `draft` as the connection test does, with the credentials
 * company `requestedCompanyId` stored (CARRIER_CONNECTION_ORIGINS, `origins`, applied), and records
 * the outcome: a passing test lets a publish carry this definition. 422 with the problems by path
 * when the draft fails its checks; 404 for a connection the draft does not have or an unknown
 * company; 422 'Choose a company.' without one.
 */
export async function testDraftConnection(
  db: Executor,
  actor: Actor,
  requestedCompanyId: number | undefined,
  draft: unknown,
  connectionId: string,
  live: LiveConnectors,
  origins: Record<string, string>,
): Promise<{ test: TriedQuote; passed: boolean }> {
  requireRole(actor, ['super-admin']);
  const companyId = managedCompanyId(actor, requestedCompanyId);
  const problems = checkCarrierCatalogue(draft);
  if (problems.length > 0) throw new ApiError(422, DRAFT_PROBLEMS_MESSAGE, problemsByPath(problems));
  const file = draft as CarriersFile;
  const definition = file.connections?.[connectionId];
  if (!definition) throw new ApiError(404, 'The draft has no connection with that id.');
  if ((await companySettingsOf(db, companyId)) === null) throw new ApiError(404, COMPANY_NOT_FOUND);
  const asked = fileWithConnectionOrigins(file, origins);
  const connector = live.trial(connectionId, asked.connections?.[connectionId] ?? definition);
  const test = await sampleQuote(connector, asked, connectionId, companyId);
  await recordConnectionTest(db, actor, companyId, connectionId, definition, test);
  return { test, passed: testPassed(test) };
}

/**
 * Publishes `draft` as the next version, noted `note`, by the actor, and makes it the catalogue of
 * this process at once (the others reload on the NOTIFY). Refuses, writing nothing: 422 with the
 * problems by path when a check fails; 409 when `basedOn` is no longer the latest version; 422
 * naming `connections/<id>` for each added or changed connection whose definition has no passing
 * test. Answers the new version's number.
 */
export async function publishCatalogueDraft(
  db: Executor,
  actor: Actor,
  input: { catalogue: unknown; note: string; basedOn: number },
): Promise<{ version: number }> {
  requireRole(actor, ['super-admin']);
  const problems = checkCarrierCatalogue(input.catalogue);
  if (problems.length > 0) throw new ApiError(422, DRAFT_PROBLEMS_MESSAGE, problemsByPath(problems));
  const draft = input.catalogue as CarriersFile;
  const version = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`);
    const latest = await latestVersion(tx);
    if (latest.version !== input.basedOn) throw new ApiError(409, STALE_DRAFT_MESSAGE);
    const untested = (await changedConnections(tx, draft, latest.catalogue)).filter((entry) => !entry.tested);
    if (untested.length > 0) {
      const errors = Object.fromEntries(
        untested.map((entry) => [
          `connections/${entry.id}`,
          `${entry.label} changed: test it before publishing.`,
        ]),
      );
      throw new ApiError(422, Object.values(errors)[0] as string, errors);
    }
    await insertCatalogueVersion(tx, {
      version: latest.version + 1,
      catalogue: draft,
      note: input.note,
      createdBy: actor.userId,
    });
    return latest.version + 1;
  });
  await reloadCarrierCatalogue(db);
  return { version };
}
