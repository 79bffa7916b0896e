/** Users, their company and agent record: the account behind a login or a session. */
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { preparedOnce } from '../db/prepared-once.ts';
import {
  type AgentRow,
  agents,
  type CompanyRow,
  companies,
  companyLogos,
  sessions,
  type UserRow,
  users,
} from '../db/schema.ts';
import {
  applicationWithRelationsJson,
  type FoundApplication,
  foundApplicationFromJson,
} from './application-with-relations.ts';
import { isRowId } from './is-row-id.ts';
import { parsedJson, rowFromJson } from './row-from-json.ts';

/** A user with the company and agent record that come with it (either may be null). */
export interface Account {
  user: UserRow;
  company: CompanyRow | null;
  agent: AgentRow | null;
  /** Version of the company's logo (for its URL), or null without a logo. */
  logoVersion: number | null;
  /** The session the account was found by (session look-ups only): its id and last use. */
  session?: { id: number; lastSeenAt: Date };
}

/**
 * A user's row with its company, agent record and logo version as one JSON object: the driver
 * parses one field per row instead of one per column of three tables (issue 18,
 * docs/decisions/687-account-as-one-json-column.md). A table left out by its join is null.
 */
const accountJson = sql<unknown>`json_build_object('user', ${users}, 'company', ${companies}, 'agent', ${agents},
                                                   'logo_version', ${companyLogos.version})`;

/**
 * Users with their company, agent record and logo version, one row per user: the one query behind
 * every account look-up (issue 18, docs/decisions/351-queries-per-call.md). `extra` adds columns
 * to the account's.
 */
function accountQuery<Extra extends Record<string, SQL>>(db: Executor, extra: Extra = {} as Extra) {
  return db
    .select({ account: accountJson, ...extra })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .leftJoin(agents, eq(agents.user_id, users.id))
    .leftJoin(companyLogos, eq(companyLogos.company_id, users.company_id));
}

/** The Account of accountJson's value, or null for no row. */
function accountOf(row: { account: unknown } | undefined): Account | null {
  if (!row) return null;
  const json = parsedJson(row.account) as {
    user: Record<string, unknown>;
    company: Record<string, unknown> | null;
    agent: Record<string, unknown> | null;
    logo_version: number | null;
  };
  return {
    user: rowFromJson<UserRow>(users, json.user),
    company: json.company && rowFromJson<CompanyRow>(companies, json.company),
    agent: json.agent && rowFromJson<AgentRow>(agents, json.agent),
    logoVersion: json.logo_version,
  };
}

/** The account whose e-mail matches (case-insensitive, stored lower-case), or null. */
export async function findAccountByEmail(db: Executor, email: string): Promise<Account | null> {
  const [row] = await accountQuery(db).where(eq(users.email, email.trim().toLowerCase()));
  return accountOf(row);
}

/** The account of a user id, or null. */
export async function findAccountByUserId(db: Executor, userId: number): Promise<Account | null> {
  const [row] = await accountQuery(db).where(eq(users.id, userId));
  return accountOf(row);
}

/** Minutes a session may go unused before it ends, when the company set none (issue 38). */
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;

/**
 * The session whose key hashes to the `keyHash` placeholder, unexpired at `now`, not revoked, and
 * used within its company's idle timeout (settings.sign_in_policy.idle_timeout_minutes, default
 * 30; read here, so a change applies to open sessions at once; docs/decisions/715-idle-timeout.md).
 */
const activeSessionCondition = and(
  eq(sessions.key_hash, sql.placeholder('keyHash')),
  gt(sessions.expires_at, sql.placeholder('now')),
  isNull(sessions.revoked_at),
  sql`${sessions.last_seen_at} > (${sql.placeholder('now')})::timestamptz - make_interval(mins =>
        coalesce((${companies.settings} #>> '{sign_in_policy,idle_timeout_minutes}')::int, ${sql.raw(String(DEFAULT_IDLE_TIMEOUT_MINUTES))}))`,
);

/** The session's id and last use, read with the account (the caller refreshes a stale last use). */
const sessionColumns = {
  session_id: sql<number>`${sessions.id}`,
  session_seen: sql<Date>`${sessions.last_seen_at}`.mapWith(sessions.last_seen_at),
};

/** The account of a session look-up's row, with the session's id and last use. */
function accountOfSessionRow(row: { account: unknown; session_id: number; session_seen: Date } | undefined) {
  const account = accountOf(row);
  if (!account || !row) return null;
  return { ...account, session: { id: row.session_id, lastSeenAt: row.session_seen } };
}

/** The statement of findAccountOfActiveSession, prepared once per handle (every call runs it). */
const accountOfActiveSession = preparedOnce((db) =>
  accountQuery(db, sessionColumns)
    .innerJoin(sessions, eq(sessions.user_id, users.id))
    .where(activeSessionCondition)
    .prepare('account_of_active_session'),
);

/** The statement of findAccountOfActiveSessionWithApplication, prepared once per handle. */
const accountOfActiveSessionWithApplication = preparedOnce((db) =>
  accountQuery(db, {
    ...sessionColumns,
    application: applicationWithRelationsJson(sql.placeholder('applicationId')),
  })
    .innerJoin(sessions, eq(sessions.user_id, users.id))
    .where(activeSessionCondition)
    .prepare('account_of_active_session_with_application'),
);

/**
 * The account of the session whose key hashes to `keyHash`, when that session is neither expired
 * at `now` nor revoked; else null. One query: the session with its user, company, agent record
 * and logo version, so every authenticated call pays one round trip for its caller.
 */
export async function findAccountOfActiveSession(
  db: Executor,
  keyHash: string,
  now: Date,
): Promise<Account | null> {
  const [row] = await accountOfActiveSession(db).execute({ keyHash, now });
  return accountOfSessionRow(row);
}

/**
 * findAccountOfActiveSession and, in the same statement, application `applicationId` with its
 * notes, quotes and the latest published schema version, read WITHOUT any access scope: the
 * caller applies the account's scope before using it (withinScope), so a get pays one round
 * trip (docs/decisions/590-get-in-one-statement.md). Null when the session is not active; the
 * application is null when no row has that id.
 */
export async function findAccountOfActiveSessionWithApplication(
  db: Executor,
  keyHash: string,
  now: Date,
  applicationId: number,
): Promise<{ account: Account; application: FoundApplication | null } | null> {
  const [row] = await accountOfActiveSessionWithApplication(db).execute({ keyHash, now, applicationId });
  const account = accountOfSessionRow(row);
  return account && { account, application: foundApplicationFromJson(row.application) };
}

/** An agent record with its user's company, or null. */
export async function findAgent(
  db: Executor,
  agentId: number,
): Promise<(AgentRow & { company_id: number | null }) | null> {
  if (!isRowId(agentId)) return null;
  const [row] = await db
    .select({
      id: agents.id,
      user_id: agents.user_id,
      licensed_states: agents.licensed_states,
      company_id: users.company_id,
    })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.user_id))
    .where(eq(agents.id, agentId));
  return row ?? null;
}

/** Number of users: zero means an empty database that the seed fills. */
export async function countUsers(db: Executor): Promise<number> {
  return (await db.select({ id: users.id }).from(users)).length;
}
