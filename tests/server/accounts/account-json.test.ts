/**
 * The account read as one JSON column (docs/decisions/687-account-as-one-json-column.md) is the
 * account Drizzle reads column by column: every seeded user, with and without a company, an agent
 * record or a logo, on PGlite and on PostgreSQL; and the session's statement reads the same.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, companies, companyLogos, users } from '../../../server/db/schema.ts';
import { findAccountByUserId } from '../../../server/repositories/accounts-repository.ts';
import { authenticate } from '../../../server/services/auth-service.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.each(DATABASE_KINDS)('account as one JSON column (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // A logo for one company, so a logo version is read as well as its absence, and a user
    // without a company (every seeded user has one).
    const [company] = await t.db.select({ id: companies.id }).from(companies).limit(1);
    await t.db.insert(users).values({
      email: 'no-company@demo.test',
      name: 'No Company',
      role: 'super-admin',
      password_hash: 'not a hash',
    });
    await t.db.insert(companyLogos).values({
      company_id: company.id,
      content_type: 'image/png',
      content_base64: 'iVBORw0KGgo=',
      version: 3,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The account of `userId` read with Drizzle's own column mapping, one join per table. */
  async function columnByColumn(userId: number) {
    const [row] = await t.db
      .select({ user: users, company: companies, agent: agents, logoVersion: companyLogos.version })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.company_id))
      .leftJoin(agents, eq(agents.user_id, users.id))
      .leftJoin(companyLogos, eq(companyLogos.company_id, users.company_id))
      .where(eq(users.id, userId));
    return { ...row, logoVersion: row.logoVersion ?? null };
  }

  it('reads every seeded user as Drizzle does, whatever the user lacks', async () => {
    const all = await t.db.select({ id: users.id }).from(users);
    const accounts = await Promise.all(all.map((u) => findAccountByUserId(t.db, u.id)));
    expect(accounts.some((a) => a?.company === null)).toBe(true);
    expect(accounts.some((a) => a?.agent === null)).toBe(true);
    expect(accounts.some((a) => a?.agent !== null)).toBe(true);
    expect(accounts.some((a) => a?.logoVersion === 3)).toBe(true);
    for (const [i, user] of all.entries()) expect(accounts[i]).toEqual(await columnByColumn(user.id));
  });

  it("reads a session's account as the user's", async () => {
    const { account } = await authenticate(t.db, await t.loginAs('agent@demo.test'));
    expect(account.user.email).toBe('agent@demo.test');
    // The session's own part (id, last seen: issue 38's idle timeout) is the session's, not the user's.
    const { session, ...ofTheUser } = account as typeof account & { session?: unknown };
    expect(session).toMatchObject({ id: expect.any(Number), lastSeenAt: expect.any(Date) });
    expect(ofTheUser).toEqual(await columnByColumn(account.user.id));
  });
});
