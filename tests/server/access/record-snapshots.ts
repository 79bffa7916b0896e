/**
 * Snapshots of the rows around a cell's target (an application, a company, a user): what a
 * refused call must leave exactly as it was. Rows in id order, so equal states compare equal.
 */
import { asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  agents,
  apiCredentials,
  applications,
  companies,
  companyLogos,
  files,
  notes,
  quoteJobs,
  quotes,
  statementsOfValues,
  users,
} from '../../../server/db/schema.ts';
import {
  mfaRecoveryCodes,
  userTotp,
  webauthnCredentials,
} from '../../../server/db/sign-in-security-schema.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Rows of `table` where `column` is `value`, by id: the state a refused call must not change. */
export async function rowsWhere(
  t: TestApp,
  table: PgTable & { id?: PgColumn },
  column: PgColumn,
  value: number | string,
): Promise<unknown[]> {
  const query = t.db
    .select()
    .from(table as PgTable)
    .where(eq(column, value) as SQL);
  return table.id ? query.orderBy(asc(table.id)) : query;
}

/** An application with everything hanging off it (notes, quotes, jobs, files, statements). */
export async function applicationSnapshot(t: TestApp, id: number) {
  return {
    application: await rowsWhere(t, applications, applications.id, id),
    notes: await rowsWhere(t, notes, notes.application_id, id),
    quotes: await rowsWhere(t, quotes, quotes.application_id, id),
    jobs: await rowsWhere(t, quoteJobs, quoteJobs.application_id, id),
    files: await rowsWhere(t, files, files.application_id, id),
    statements: await rowsWhere(t, statementsOfValues, statementsOfValues.application_id, id),
  };
}

/** A company with its logo and API credentials. */
export async function companySnapshot(t: TestApp, id: number) {
  return {
    company: await rowsWhere(t, companies, companies.id, id),
    logo: await rowsWhere(t, companyLogos, companyLogos.company_id, id),
    credentials: await rowsWhere(t, apiCredentials, apiCredentials.company_id, id),
  };
}

/** A user's second factors (ADR 755): their TOTP, recovery codes and passkeys. */
export async function secondFactorSnapshot(t: TestApp, userId: number) {
  return {
    totp: await rowsWhere(t, userTotp, userTotp.user_id, userId),
    recoveryCodes: await rowsWhere(t, mfaRecoveryCodes, mfaRecoveryCodes.user_id, userId),
    passkeys: await rowsWhere(t, webauthnCredentials, webauthnCredentials.user_id, userId),
  };
}

/** A user with their agent record. */
export async function userSnapshot(t: TestApp, id: number) {
  return {
    user: await rowsWhere(t, users, users.id, id),
    agent: await rowsWhere(t, agents, agents.user_id, id),
  };
}
