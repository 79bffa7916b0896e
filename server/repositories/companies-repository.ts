/** Companies (agencies), their logos and settings jsonb (docs/api-accounts.md Companies). */
import { asc, eq, ilike, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type CompanyRow, companies, companyLogos, users } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** A company with what its record view needs besides the row. */
export interface CompanyWithExtras {
  company: CompanyRow;
  logoVersion: number | null;
  userCount: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const extras = {
  logo_version: companyLogos.version,
  user_count: sql<number>`(SELECT count(*)::int FROM ${users} WHERE ${users.company_id} = ${companies.id})`,
};

/** Companies by name, optionally matching `search` (case-insensitive). */
export async function listCompanies(db: Executor, search?: string): Promise<CompanyWithExtras[]> {
  const rows = await db
    .select({ company: companies, ...extras })
    .from(companies)
    .leftJoin(companyLogos, eq(companyLogos.company_id, companies.id))
    .where(search ? ilike(companies.name, `%${escapeLike(search)}%`) : undefined)
    .orderBy(asc(companies.name), asc(companies.id));
  return rows.map((row) => ({
    company: row.company,
    logoVersion: row.logo_version,
    userCount: Number(row.user_count),
  }));
}

/** One company with extras, or null. */
export async function findCompanyWithExtras(
  db: Executor,
  companyId: number,
): Promise<CompanyWithExtras | null> {
  if (!isRowId(companyId)) return null;
  const [row] = await db
    .select({ company: companies, ...extras })
    .from(companies)
    .leftJoin(companyLogos, eq(companyLogos.company_id, companies.id))
    .where(eq(companies.id, companyId));
  return row
    ? { company: row.company, logoVersion: row.logo_version, userCount: Number(row.user_count) }
    : null;
}

/** The states a company is approved to write in (SPEC §1 approved states; empty: not restricted). */
export async function approvedStatesOf(db: Executor, companyId: number): Promise<string[]> {
  if (!isRowId(companyId)) return [];
  const [row] = await db
    .select({ approved_states: companies.approved_states })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.approved_states ?? [];
}

/** The company row, locked for update inside a transaction (settings are read-modify-write). */
export async function findCompanyForUpdate(db: Executor, companyId: number): Promise<CompanyRow | null> {
  if (!isRowId(companyId)) return null;
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).for('update');
  return row ?? null;
}

export type CompanyPatch = Partial<
  Pick<
    CompanyRow,
    | 'name'
    | 'trial_ends_at'
    | 'is_trial_disabled'
    | 'has_active_subscription'
    | 'permissions'
    | 'denied_permissions'
    | 'approved_states'
    | 'plan_id'
    | 'eo_data'
    | 'settings'
    | 'stripe_id'
    | 'stripe_subscription_id'
    | 'stripe_event_at'
  >
>;

/** Inserts a company; returns its id. */
export async function insertCompany(db: Executor, values: CompanyPatch & { name: string }): Promise<number> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  return row.id;
}

/** Updates a company's columns and stamps updated_at. */
export async function updateCompany(db: Executor, companyId: number, patch: CompanyPatch): Promise<void> {
  await db
    .update(companies)
    .set({ ...patch, updated_at: sql`now()` })
    .where(eq(companies.id, companyId));
}

/** Stores (or replaces) a company's logo, bumping its version so cached URLs change. */
export async function upsertLogo(
  db: Executor,
  companyId: number,
  contentType: string,
  contentBase64: string,
): Promise<void> {
  await db
    .insert(companyLogos)
    .values({ company_id: companyId, content_type: contentType, content_base64: contentBase64 })
    .onConflictDoUpdate({
      target: companyLogos.company_id,
      set: {
        content_type: contentType,
        content_base64: contentBase64,
        version: sql`${companyLogos.version} + 1`,
        updated_at: sql`now()`,
      },
    });
}

/** Removes a company's logo (no-op without one). */
export async function deleteLogo(db: Executor, companyId: number): Promise<void> {
  await db.delete(companyLogos).where(eq(companyLogos.company_id, companyId));
}

/** A company's logo, or null. */
export async function findLogo(
  db: Executor,
  companyId: number,
): Promise<{ content_type: string; content_base64: string } | null> {
  if (!isRowId(companyId)) return null;
  const [row] = await db
    .select({ content_type: companyLogos.content_type, content_base64: companyLogos.content_base64 })
    .from(companyLogos)
    .where(eq(companyLogos.company_id, companyId));
  return row ?? null;
}

/** The company's settings jsonb (companies.settings), or null when there is no such company. */
export async function companySettingsOf(
  db: Executor,
  companyId: number,
): Promise<Record<string, unknown> | null> {
  if (!isRowId(companyId)) return null;
  const [row] = await db
    .select({ settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.settings ?? null;
}
