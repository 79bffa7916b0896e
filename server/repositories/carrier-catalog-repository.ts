/**
 * The stored carrier catalogue versions and connection tests (tables carrier_catalog_versions and
 * carrier_connection_tests, migration 0068), and the live quotes the carrier page's health reads
 * (quotes.credentials_refused, migration 0069). The only code that queries the first two. Issue 43;
 * docs/decisions/772-carrier-catalogue-versions.md, 773-credentials-refused-in-live-quotes.md.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { HTTP_CONNECTOR_PREFIX } from '../../carrier-catalog/connection-types.ts';
import { type Executor, rowsOf } from '../db/database.ts';
import {
  type CarrierCatalogVersionRow,
  carrierCatalogVersions,
  carrierConnectionTests,
  quotes,
  users,
} from '../db/schema.ts';

/** The highest version's number, or 0 when none is stored. */
export async function latestCatalogueVersionNumber(db: Executor): Promise<number> {
  const [row] = await db
    .select({ version: sql<number>`coalesce(max(${carrierCatalogVersions.version}), 0)` })
    .from(carrierCatalogVersions);
  return Number(row?.version ?? 0);
}

/** One version with its catalogue, or undefined. */
export async function findCatalogueVersion(
  db: Executor,
  version: number,
): Promise<CarrierCatalogVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(carrierCatalogVersions)
    .where(eq(carrierCatalogVersions.version, version));
  return row;
}

/**
 * Stores `catalogue` as version `version`, published now. Call under the catalogue lock (the
 * service's), so two writers never take one number.
 */
export async function insertCatalogueVersion(
  db: Executor,
  input: { version: number; catalogue: CarriersFile; note: string; createdBy: number | null },
): Promise<void> {
  await db.insert(carrierCatalogVersions).values({
    version: input.version,
    catalogue: input.catalogue,
    note: input.note,
    created_by: input.createdBy,
  });
}

/** Every version without its catalogue, with its publisher's name (null: the seed), newest first. */
export async function listCatalogueVersions(db: Executor) {
  return db
    .select({
      version: carrierCatalogVersions.version,
      note: carrierCatalogVersions.note,
      created_by_name: users.name,
      created_at: carrierCatalogVersions.created_at,
      published_at: carrierCatalogVersions.published_at,
    })
    .from(carrierCatalogVersions)
    .leftJoin(users, eq(users.id, carrierCatalogVersions.created_by))
    .orderBy(desc(carrierCatalogVersions.version));
}

/** What one connection test found (one carrier_connection_tests row). */
export interface ConnectionTestRecord {
  connectionId: string;
  definitionHash: string;
  companyId: number;
  testedBy: number;
  passed: boolean;
  credentialsRefused: boolean;
  /** The carrier's answer status (quoted, declined, error) or the failure's text. */
  outcome: string;
}

/** Records one connection test. */
export async function insertConnectionTest(db: Executor, test: ConnectionTestRecord): Promise<void> {
  await db.insert(carrierConnectionTests).values({
    connection_id: test.connectionId,
    definition_hash: test.definitionHash,
    company_id: test.companyId,
    tested_by: test.testedBy,
    passed: test.passed,
    credentials_refused: test.credentialsRefused,
    outcome: test.outcome,
  });
}

/** Which of `hashes` (connection definition hashes) of `connectionId` have a passing test. */
export async function passedDefinitionHashes(
  db: Executor,
  connectionId: string,
  hashes: string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ hash: carrierConnectionTests.definition_hash })
    .from(carrierConnectionTests)
    .where(
      and(
        eq(carrierConnectionTests.connection_id, connectionId),
        inArray(carrierConnectionTests.definition_hash, hashes),
        eq(carrierConnectionTests.passed, true),
      ),
    );
  return new Set(rows.map((row) => row.hash));
}

/**
 * Live quotes of connector `http:<id>` answered since `since`, by connector: how many were answered,
 * how many were errors, and the last answer that was not an error (a quote or a decline).
 */
export async function liveQuoteHealth(db: Executor, connectors: string[], since: Date) {
  if (connectors.length === 0) return [];
  return db
    .select({
      connector: quotes.connector,
      answered: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${quotes.status} = 'error'))::int`,
      last_success: sql<string | null>`max(${quotes.answered_at}) filter (where ${quotes.status} <> 'error')`,
    })
    .from(quotes)
    .where(and(inArray(quotes.connector, connectors), gte(quotes.answered_at, since)))
    .groupBy(quotes.connector);
}

/** Where a refusal of a company's credentials was seen: a connection test, or a live quote. */
export type RefusalSource = 'test' | 'quote';

/** A company whose credentials connection `connection_id` refuses, as last seen (`at`) by `source`. */
export interface RefusedCredentials {
  connection_id: string;
  company_id: number;
  company_name: string;
  source: RefusalSource;
  at: Date | string;
}

/**
 * Per connection and company, the latest refusal of the company's credentials (HTTP 401 or 403)
 * seen by a connection test that did not pass or by a live quote (connector `http:<id>`, the
 * quote's application's company; migration 0069), unless a passed test or a quoted or declined
 * live quote of that connection and company came after it; with the company's name, by name.
 * Errors that are not refusals (5xx, timeouts, a mapping's 422) neither list nor clear a company.
 * Issue 43; docs/decisions/773-credentials-refused-in-live-quotes.md.
 */
export async function refusedCredentials(db: Executor): Promise<RefusedCredentials[]> {
  const prefix = HTTP_CONNECTOR_PREFIX;
  const result = await db.execute(sql`
    WITH refusals AS (
      SELECT DISTINCT ON (connection_id, company_id) connection_id, company_id, source, at
        FROM (SELECT t.connection_id, t.company_id, 'test' AS source, t.at
                FROM carrier_connection_tests t
               WHERE t.credentials_refused AND NOT t.passed
              UNION ALL
              SELECT substr(q.connector, ${prefix.length + 1}::int), a.company_id, 'quote', q.answered_at
                FROM quotes q
                JOIN applications a ON a.id = q.application_id
               WHERE q.credentials_refused AND q.answered_at IS NOT NULL) evidence
       ORDER BY connection_id, company_id, at DESC, source
    )
    SELECT r.connection_id, r.company_id, c.name AS company_name, r.source, r.at
      FROM refusals r
      JOIN companies c ON c.id = r.company_id
     WHERE NOT EXISTS (SELECT 1 FROM carrier_connection_tests t
                        WHERE t.connection_id = r.connection_id AND t.company_id = r.company_id
                          AND t.passed AND t.at > r.at)
       AND NOT EXISTS (SELECT 1 FROM quotes q
                         JOIN applications a ON a.id = q.application_id
                        WHERE q.connector = ${prefix}::text || r.connection_id
                          AND a.company_id = r.company_id
                          AND q.status IN ('quoted', 'declined') AND q.answered_at > r.at)
     ORDER BY c.name, r.company_id`);
  return rowsOf<RefusedCredentials>(result).map((row) => ({ ...row, company_id: Number(row.company_id) }));
}
