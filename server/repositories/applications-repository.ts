/** Application rows: the only code that reads or writes the applications table. */
import { and, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/database.ts';
import { type ApplicationRow, applications, type NoteRow, notes } from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import { isRowId } from './is-row-id.ts';
import { columnsFromJson, parsedJson, rowFromJson } from './row-from-json.ts';

export type NewApplication = typeof applications.$inferInsert;

/** Listing filters after parsing (docs/api.md listing); every one optional. */
export interface ApplicationFilters {
  address?: string;
  /** Numeric ids to match (a numeric id or an RMGA reference parsed to its id). */
  ids?: number[];
  agentId?: number;
  clientNameId?: string;
  applicationSource?: string;
  product?: string;
}

/** The SQL condition of an access scope (undefined: every row). Shared with the reporting queries. */
export function scopeCondition(scope: AccessScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'company':
      return eq(applications.company_id, scope.companyId);
    case 'agent':
      return eq(applications.agent_id, scope.agentId);
    case 'none':
      return sql`false`;
  }
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `searched_address ILIKE pattern`. Across every company (scope `all`) the trigram index serves it
 * (migration 0033); inside a company or an agent the scope's index already bounds the rows, and
 * the planner, offered the trigram index too, ANDs in its bitmap of every matching address of the
 * million (40 ms instead of 2 ms for an agent on the benchmark), so there the column is read
 * through coalesce, which the index does not match (the column is NOT NULL: the same rows match).
 * docs/decisions/550-api-per-call-cost.md.
 */
export function addressCondition(scope: AccessScope, pattern: string): SQL {
  return scope.kind === 'all'
    ? ilike(applications.searched_address, pattern)
    : sql`coalesce(${applications.searched_address}, '') ILIKE ${pattern}`;
}

function filterConditions(scope: AccessScope, filters: ApplicationFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [scopeCondition(scope)];
  if (filters.address) parts.push(addressCondition(scope, `%${escapeLike(filters.address)}%`));
  if (filters.ids) {
    const ids = filters.ids.filter(isRowId);
    parts.push(ids.length ? inArray(applications.id, ids) : sql`false`);
  }
  if (filters.agentId !== undefined) {
    parts.push(isRowId(filters.agentId) ? eq(applications.agent_id, filters.agentId) : sql`false`);
  }
  if (filters.clientNameId) parts.push(eq(applications.client_name_id, filters.clientNameId));
  if (filters.applicationSource) parts.push(eq(applications.application_source, filters.applicationSource));
  if (filters.product) parts.push(sql`${applications.carrier_quote_type} ->> 0 = ${filters.product}`);
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

/** Inserts applications in one statement (a bulk import's batch); returns their ids in input order. */
export async function insertApplications(db: Executor, values: NewApplication[]): Promise<number[]> {
  if (!values.length) return [];
  const rows = await db.insert(applications).values(values).returning({ id: applications.id });
  return rows.map((row) => row.id);
}

/** Inserts an application; returns the stored row. */
export async function insertApplication(db: Executor, values: NewApplication): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(values).returning();
  return row;
}

/**
 * The application with this id inside the scope, or null (another's record looks missing).
 * `forUpdate` locks the row until the transaction ends.
 */
export async function findApplication(
  db: Executor,
  id: number,
  scope: AccessScope,
  forUpdate = false,
): Promise<ApplicationRow | null> {
  if (!isRowId(id)) return null;
  const query = db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), scopeCondition(scope)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Updates columns of one application and bumps `version` and `updated_at`; returns the new row. */
export async function updateApplication(
  db: Executor,
  id: number,
  patch: Partial<NewApplication>,
): Promise<ApplicationRow> {
  const [row] = await db
    .update(applications)
    .set({ ...patch, version: sql`${applications.version} + 1`, updated_at: new Date() })
    .where(eq(applications.id, id))
    .returning();
  return row;
}

/** The columns a listing row shows (docs/api.md get-agent-applications-list). */
const LISTING_COLUMNS = {
  id: applications.id,
  status: applications.status,
  carrier_quote_type: applications.carrier_quote_type,
  application_type: applications.application_type,
  searched_address: applications.searched_address,
  client_name: applications.client_name,
  min_quote_amount: applications.min_quote_amount,
  application_source: applications.application_source,
  client_name_id: applications.client_name_id,
  created_at: applications.created_at,
  updated_at: applications.updated_at,
};

/** What a listing page reads of an application: the columns of LISTING_COLUMNS. */
export type ListingRow = Pick<ApplicationRow, keyof typeof LISTING_COLUMNS>;

/** The page's select list: only the shown columns, so no document crosses the wire (ADR 550). */
const listingSelectList = sql.join(
  Object.values(LISTING_COLUMNS).map((column) => sql.identifier(column.name)),
  sql`, `,
);

/**
 * One listing page, newest first, each row (the LISTING_COLUMNS) with its notes (creation
 * order), and the matching applications per status (new, launched, completed; 0 when none)
 * whose sum is the total: one statement (the page and the counts are JSON subqueries), issue 18
 * queries per call.
 */
export async function listApplicationsPage(
  db: Executor,
  scope: AccessScope,
  filters: ApplicationFilters,
  page: { limit: number; offset: number },
): Promise<{
  rows: { row: ListingRow; notes: NoteRow[] }[];
  statusCounts: Record<'new' | 'launched' | 'completed', number>;
}> {
  const where = filterConditions(scope, filters) ?? sql`true`;
  const result = await db.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('row', p, 'notes', (
                SELECT coalesce(json_agg(n ORDER BY n.created_at, n.id), '[]'::json)
                  FROM notes n WHERE n.application_id = p.id))
              ORDER BY p.created_at DESC, p.id DESC), '[]'::json)
         FROM (SELECT ${listingSelectList} FROM applications WHERE ${where}
                ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}) p) AS page,
      (SELECT coalesce(json_object_agg(s.status, s.n), '{}'::json)
         FROM (SELECT status, count(*) AS n FROM applications WHERE ${where} GROUP BY status) s) AS counts`);
  const [{ page: rows, counts }] = rowsOf<{ page: unknown; counts: unknown }>(result);
  const statusCounts = { new: 0, launched: 0, completed: 0 };
  for (const [status, n] of Object.entries(parsedJson(counts) as Record<string, number>))
    statusCounts[status as keyof typeof statusCounts] = Number(n);
  return {
    rows: (parsedJson(rows) as { row: Record<string, unknown>; notes: Record<string, unknown>[] }[]).map(
      (entry) => ({
        row: columnsFromJson<ListingRow>(LISTING_COLUMNS, entry.row),
        notes: entry.notes.map((note) => rowFromJson<NoteRow>(notes, note)),
      }),
    ),
    statusCounts,
  };
}

/** Ids of the agent's applications at the same searched address (the "related" of delete). */
export async function findRelatedApplicationIds(
  db: Executor,
  agentId: number,
  searchedAddress: string,
): Promise<number[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.agent_id, agentId), eq(applications.searched_address, searchedAddress)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Deletes applications (their notes, quotes and jobs go with them by ON DELETE CASCADE). */
export async function deleteApplications(db: Executor, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(applications).where(inArray(applications.id, ids));
}
