/** Application rows: the only code that reads or writes the applications table. */
import { createHash } from 'node:crypto';
import { and, eq, ilike, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../db/database.ts';
import { type ApplicationRow, applications, type NoteRow, notes } from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import { insertRowsAsJson } from './insert-rows-as-json.ts';
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

/**
 * Whether `row` lies inside `scope`: the check scopeCondition makes in SQL, for a row read
 * without it (the get's one statement, docs/decisions/590-get-in-one-statement.md).
 */
export function withinScope(
  scope: AccessScope,
  row: Pick<ApplicationRow, 'company_id' | 'agent_id'>,
): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'company':
      return row.company_id === scope.companyId;
    case 'agent':
      return row.agent_id === scope.agentId;
    case 'none':
      return false;
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
export function addressCondition(scope: AccessScope, pattern: string | Placeholder): SQL {
  return scope.kind === 'all'
    ? ilike(applications.searched_address, pattern)
    : sql`coalesce(${applications.searched_address}, '') ILIKE ${pattern}`;
}

/**
 * The application's product (its first carrier quote type) is `product`: the expression of
 * applications_product_idx (0001) and of the agent's product listing index (migration 0038,
 * docs/decisions/640-listing-one-scan-and-product-index.md), so either can serve it.
 */
export function productCondition(product: string | Placeholder): SQL {
  return sql`${applications.carrier_quote_type} ->> 0 = ${product}`;
}

/**
 * The listing's WHERE for `scope` and `filters`, each value a placeholder: the condition, the
 * placeholders' values, the shape (which conditions, not their values) that names it, and whether
 * any filter narrows the scope (part of the shape).
 */
function listingWhere(
  scope: AccessScope,
  filters: ApplicationFilters,
): { where: SQL; values: Record<string, unknown>; shape: string; filtered: boolean } {
  const values: Record<string, unknown> = {};
  const shape: string[] = [scope.kind];
  const parts: SQL[] = [];
  /** A placeholder for `value`, named `name`, its name recorded in the shape. */
  const param = (name: string, value: unknown) => {
    values[name] = value;
    shape.push(name);
    return sql.placeholder(name);
  };
  if (scope.kind === 'company') parts.push(eq(applications.company_id, param('scope', scope.companyId)));
  if (scope.kind === 'agent') parts.push(eq(applications.agent_id, param('scope', scope.agentId)));
  if (scope.kind === 'none') parts.push(sql`false`);
  const scopeParts = parts.length;
  if (filters.address) {
    parts.push(addressCondition(scope, param('address', `%${escapeLike(filters.address)}%`)));
  }
  if (filters.ids) {
    const ids = filters.ids.filter(isRowId);
    parts.push(
      ids.length
        ? inArray(
            applications.id,
            ids.map((id, i) => param(`id${i}`, id)),
          )
        : sql`false`,
    );
    if (!ids.length) shape.push('noIds');
  }
  if (filters.agentId !== undefined) {
    const valid = isRowId(filters.agentId);
    parts.push(valid ? eq(applications.agent_id, param('agentId', filters.agentId)) : sql`false`);
    if (!valid) shape.push('noAgent');
  }
  if (filters.clientNameId) {
    parts.push(eq(applications.client_name_id, param('clientNameId', filters.clientNameId)));
  }
  if (filters.applicationSource) {
    parts.push(eq(applications.application_source, param('source', filters.applicationSource)));
  }
  if (filters.product) parts.push(productCondition(param('product', filters.product)));
  return {
    where: and(...parts) ?? sql`true`,
    values,
    shape: shape.join('_'),
    filtered: parts.length > scopeParts,
  };
}

/** Inserts applications in one statement (a bulk import's batch); returns their ids in input order. */
export async function insertApplications(db: Executor, values: NewApplication[]): Promise<number[]> {
  const rows = await insertRowsAsJson(db, applications, values as Record<string, unknown>[], 'id');
  return rows.map((row) => Number(row.id));
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

/** Turns the listing's SQL into text and parameters (the default dialect, as the handles use). */
const dialect = new PgDialect();

/** The page of `matches` (a relation of matching ids): its rows as JSON, each with its notes. */
function listingPage(matches: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('row', p, 'notes', (
                SELECT coalesce(json_agg(n ORDER BY n.created_at, n.id), '[]'::json)
                  FROM notes n WHERE n.application_id = p.id))
              ORDER BY p.created_at DESC, p.id DESC), '[]'::json)
         FROM (SELECT ${listingSelectList} FROM applications
                WHERE id IN (SELECT id FROM ${matches}
                              ORDER BY created_at DESC, id DESC
                              LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')})) p)`;
}

/** The status counts of `matches` (a relation with a status column) as a JSON object. */
function listingCounts(matches: SQL): SQL {
  return sql`(SELECT coalesce(json_object_agg(s.status, s.n), '{}'::json)
         FROM (SELECT status, count(*) AS n FROM ${matches} GROUP BY status) s)`;
}

/**
 * The listing statement of `where` (a shape's condition), LIMIT and OFFSET placeholders. The
 * page's ids come from an index walk that, for an agent, reads only the index (migrations 0036,
 * 0038); the shown columns are read for those rows alone. Filtered inside a company or an agent
 * (`fold`), the matching rows are found once (a materialised CTE of id, created_at and status,
 * bounded by the scope) and the page and the counts both read it, since a filter can make the
 * page's walk visit every row of the scope. Otherwise the page and the counts scan apart: the
 * page's walk stops after its rows, instead of materialising the scope (the million for a
 * super-admin) and sorting it (docs/decisions/640-listing-one-scan-and-product-index.md).
 */
function listingStatement(where: SQL, fold: boolean): SQL {
  if (!fold) {
    const matches = sql`(SELECT id, created_at, status FROM applications WHERE ${where}) m`;
    return sql`SELECT ${listingPage(matches)} AS page, ${listingCounts(matches)} AS counts`;
  }
  return sql`
    WITH m AS MATERIALIZED (SELECT id, created_at, status FROM applications WHERE ${where})
    SELECT ${listingPage(sql`m`)} AS page, ${listingCounts(sql`m`)} AS counts`;
}

type PreparedListing = ReturnType<Executor['_']['session']['prepareQuery']>;

/**
 * The named statement of a listing shape: `listing_` and 24 hex digits of the shape's SHA-1.
 * PostgreSQL cuts names at 63 bytes, and a shape spelled out ("company_scope_address_noIds_
 * agentId_clientNameId_source" and the same with "_product") passes that, so two shapes met as
 * one statement and the second answered "prepared statement already exists".
 */
export function listingStatementName(shape: string): string {
  return `listing_${createHash('sha1').update(shape).digest('hex').slice(0, 24)}`;
}

/** Named listing statements by handle and shape: parsed and planned once per connection. */
const namedListings = new WeakMap<Executor, Map<string, PreparedListing>>();

/**
 * The listing statement of a shape on `db`. Inside a company or an agent it is a named statement
 * (the scope's index bounds the rows whatever the values, so PostgreSQL's plan for any values is
 * the one for these); across every company it stays unnamed, planned with its values each call,
 * so a rare address still gets the trigram index. docs/decisions/591-listing-index-only-and-prepared.md.
 */
function preparedListing(
  db: Executor,
  scope: AccessScope,
  { where, shape, filtered }: { where: SQL; shape: string; filtered: boolean },
): PreparedListing {
  const fold = filtered && scope.kind !== 'all';
  const prepare = (name: string | undefined) =>
    db._.session.prepareQuery(dialect.sqlToQuery(listingStatement(where, fold)), undefined, name, false);
  if (scope.kind === 'all') return prepare(undefined);
  const byShape = namedListings.get(db) ?? new Map<string, PreparedListing>();
  namedListings.set(db, byShape);
  const prepared = byShape.get(shape) ?? prepare(listingStatementName(shape));
  byShape.set(shape, prepared);
  return prepared;
}

/**
 * One listing page, newest first, each row (the LISTING_COLUMNS) with its notes (creation
 * order), and the matching applications per status (new, launched, completed; 0 when none)
 * whose sum is the total: one statement (the page and the counts are JSON subqueries), issue 18
 * queries per call; prepared per filter shape inside a scope (ADR 591).
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
  const { values, ...shaped } = listingWhere(scope, filters);
  const result = await preparedListing(db, scope, shaped).execute({ ...values, ...page });
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

/**
 * Deletes applications (their notes, quotes and jobs go with them by ON DELETE CASCADE); answers
 * each deleted row's id, company and client contact link.
 */
export async function deleteApplications(
  db: Executor,
  ids: number[],
): Promise<{ id: number; company_id: number; client_name_id: string | null }[]> {
  if (!ids.length) return [];
  return db.delete(applications).where(inArray(applications.id, ids)).returning({
    id: applications.id,
    company_id: applications.company_id,
    client_name_id: applications.client_name_id,
  });
}

/**
 * How many drafts (status new, of any schema version) hold each of `values` in `field` of their
 * document, as the field's value or an item of it when it is a list, with up to 5 of their ids;
 * values no draft holds are left out. One scan of the drafts (jsonb containment). Issue 37 (a
 * publish may not strand stored values).
 */
export async function countDraftsHolding(
  db: Executor,
  field: string,
  values: unknown[],
): Promise<{ value: unknown; count: number; sample_ids: number[] }[]> {
  if (values.length === 0) return [];
  const holds = (value: unknown) =>
    sql`(${applications.useable_details} @> ${JSON.stringify({ [field]: value })}::jsonb OR ${applications.useable_details} @> ${JSON.stringify({ [field]: [value] })}::jsonb)`;
  const columns = values.map(
    (value, index) =>
      sql`count(*) FILTER (WHERE ${holds(value)}) AS ${sql.raw(`c${index}`)}, (array_agg(${applications.id} ORDER BY ${applications.id}) FILTER (WHERE ${holds(value)}))[1:5] AS ${sql.raw(`s${index}`)}`,
  );
  const result = await db.execute(
    sql`SELECT ${sql.join(columns, sql`, `)} FROM ${applications} WHERE ${applications.status} = 'new'`,
  );
  const [row] = rowsOf<Record<string, unknown>>(result);
  return values
    .map((value, index) => ({
      value,
      count: Number(row?.[`c${index}`] ?? 0),
      sample_ids: ((row?.[`s${index}`] as unknown[] | null) ?? []).map(Number),
    }))
    .filter((entry) => entry.count > 0);
}
