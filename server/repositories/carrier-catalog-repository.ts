/**
 * The stored carrier catalogue versions and connection tests (tables carrier_catalog_versions and
 * carrier_connection_tests, migration 0068). The only code that queries them. Issue 43;
 * docs/decisions/772-carrier-catalogue-versions.md.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import type { Executor } from '../db/database.ts';
import {
  type CarrierCatalogVersionRow,
  carrierCatalogVersions,
  carrierConnectionTests,
  companies,
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

/**
 * Per connection and company, the latest test when it found the credentials refused (a company
 * whose credentials passed since is not listed), with the company's name.
 */
export async function refusedCredentials(db: Executor) {
  const latest = db
    .selectDistinctOn([carrierConnectionTests.connection_id, carrierConnectionTests.company_id], {
      connection_id: carrierConnectionTests.connection_id,
      company_id: carrierConnectionTests.company_id,
      refused: carrierConnectionTests.credentials_refused,
      at: carrierConnectionTests.at,
    })
    .from(carrierConnectionTests)
    .orderBy(
      carrierConnectionTests.connection_id,
      carrierConnectionTests.company_id,
      desc(carrierConnectionTests.at),
      desc(carrierConnectionTests.id),
    )
    .as('latest');
  return db
    .select({
      connection_id: latest.connection_id,
      company_id: latest.company_id,
      company_name: companies.name,
      at: latest.at,
    })
    .from(latest)
    .innerJoin(companies, eq(companies.id, latest.company_id))
    .where(eq(latest.refused, true));
}
