/**
 * An application row with its notes and quotes in one statement (issue 18 "queries per call",
 * docs/decisions/351-queries-per-call.md): the notes and the quotes (each with its document's
 * name and bound policy, as quotesOfApplication returns them) come as JSON arrays built by
 * subqueries (json_agg) in the same SELECT, or in an UPDATE's RETURNING, decoded back into the
 * rows Drizzle would have returned (row-from-json.ts). The subqueries name the outer row `applications.id`: Drizzle
 * leaves a single table's columns unqualified, which a subquery's own `id` would shadow.
 */
import { and, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { preparedOnce } from '../db/prepared-once.ts';
import {
  type ApplicationRow,
  applications,
  boundPolicies,
  type NoteRow,
  notes,
  quotes,
} from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import type { NewApplication } from './applications-repository.ts';
import { isRowId } from './is-row-id.ts';
import { type QuoteWithDocument, quoteExpiryDaysOfCompany } from './quotes-repository.ts';
import { parsedJson, rowFromJson } from './row-from-json.ts';

/** An application with what its view shows of it. */
export interface ApplicationWithRelations {
  row: ApplicationRow;
  notes: NoteRow[];
  quotes: QuoteWithDocument[];
}

/** Notes in creation order, as notesOfApplications sorts them. */
const notesJson = sql<unknown>`(
  SELECT coalesce(json_agg(n ORDER BY n.created_at, n.id), '[]'::json)
    FROM notes n WHERE n.application_id = applications.id)`;

/**
 * Quotes in request order with their document's name, bound policy and company's quote expiry
 * setting, as quotesOfApplication.
 */
const quotesJson = sql<unknown>`(
  SELECT coalesce(json_agg(json_build_object('quote', q, 'document_name', f.name, 'bound', bp,
                                             'quote_expiry_days', ${quoteExpiryDaysOfCompany(sql`applications.company_id`)})
                           ORDER BY q.id), '[]'::json)
    FROM quotes q
    LEFT JOIN files f ON f.id = q.document_id
    LEFT JOIN bound_policies bp ON bp.quote_id = q.id
   WHERE q.application_id = applications.id)`;

/** The columns selected or returned: the application's, its notes and its quotes. */
const columns = { ...getTableColumns(applications), notes_json: notesJson, quotes_json: quotesJson };

type Selected = ApplicationRow & { notes_json: unknown; quotes_json: unknown };

function quoteFromJson(entry: {
  quote: Record<string, unknown>;
  document_name: string | null;
  bound: Record<string, unknown> | null;
  quote_expiry_days: number | null;
}): QuoteWithDocument {
  const bound = entry.bound
    ? rowFromJson<typeof boundPolicies.$inferSelect>(boundPolicies, entry.bound)
    : null;
  // Properties added to the mapped row, not spread into a copy (docs/decisions/688).
  const quote = rowFromJson<QuoteWithDocument>(quotes, entry.quote);
  quote.document_name = entry.document_name;
  quote.bound_id = bound?.id ?? null;
  quote.bound_policy_number = bound?.policy_number ?? null;
  quote.bound_effective_date = bound?.effective_date ?? null;
  quote.bound_premium_cents = bound?.premium_cents ?? null;
  quote.bound_business = bound?.business ?? null;
  quote.bound_paid_at = bound?.paid_at ?? null;
  quote.quote_expiry_days = entry.quote_expiry_days;
  return quote;
}

/** The notes and quotes of the JSON arrays a statement built (notesJson, quotesJson). */
function relationsFromJson(notesJson: unknown, quotesJson: unknown): Omit<ApplicationWithRelations, 'row'> {
  return {
    notes: (parsedJson(notesJson) as Record<string, unknown>[]).map((n) => rowFromJson<NoteRow>(notes, n)),
    quotes: (parsedJson(quotesJson) as Parameters<typeof quoteFromJson>[0][]).map(quoteFromJson),
  };
}

function split({ notes_json, quotes_json, ...row }: Selected): ApplicationWithRelations {
  const { notes, quotes } = relationsFromJson(notes_json, quotes_json);
  return { row, notes, quotes };
}

/** The latest published schema version, as a subquery (null when none is stored yet). */
const currentSchemaVersionSql = sql<number | null>`(
  SELECT max(sv.version) FROM schema_versions sv WHERE sv.status = 'published')`;

/** The content hash of the application row's own schema version, as a subquery (null when not stored). */
const schemaHashSql = sql<string | null>`(
  SELECT sv.content_hash FROM schema_versions sv WHERE sv.version = applications.schema_version)`;

/**
 * An application found with its relations, the latest published schema version, and the content
 * hash of the row's own schema version (which finds its compiled set in the process's cache).
 */
export type FoundApplication = ApplicationWithRelations & {
  currentSchemaVersion: number | null;
  schemaHash: string | null;
};

/**
 * Application `id` (a placeholder) with its notes, quotes, the latest published schema version
 * and its own schema version's content hash as one JSON object, or null when there is no such row; no access scope applied. A column of a
 * statement that reads something else (the session's account: docs/decisions/590-get-in-one-statement.md),
 * decoded by foundApplicationFromJson.
 */
export function applicationWithRelationsJson(id: Placeholder) {
  return sql<unknown>`(
    SELECT json_build_object('row', applications, 'notes_json', ${notesJson}, 'quotes_json', ${quotesJson},
                             'current_schema_version', ${currentSchemaVersionSql}, 'schema_hash', ${schemaHashSql})
      FROM applications WHERE applications.id = ${id})`;
}

/** The FoundApplication of applicationWithRelationsJson's value (null stays null). */
export function foundApplicationFromJson(value: unknown): FoundApplication | null {
  const json = parsedJson(value) as {
    row: Record<string, unknown>;
    notes_json: unknown;
    quotes_json: unknown;
    current_schema_version: number | null;
    schema_hash: string | null;
  } | null;
  if (!json) return null;
  const { notes, quotes } = relationsFromJson(json.notes_json, json.quotes_json);
  return {
    row: rowFromJson<ApplicationRow>(applications, json.row),
    notes,
    quotes,
    currentSchemaVersion: json.current_schema_version,
    schemaHash: json.schema_hash,
  };
}

/** The read of findApplicationWithRelations with `condition`, prepared once per handle as `name`. */
function preparedRead(name: string, condition: SQL) {
  return preparedOnce((db) =>
    db
      .select({
        ...columns,
        current_schema_version: currentSchemaVersionSql,
        schema_hash: schemaHashSql,
      })
      .from(applications)
      .where(condition)
      .prepare(name),
  );
}

/** The `scopeId` placeholder's value of a scope: its company or agent id, null for `all`. */
function scopeIdOf(scope: AccessScope): number | null {
  return scope.kind === 'company' ? scope.companyId : scope.kind === 'agent' ? scope.agentId : null;
}

/**
 * Application `id` within a scope, by scope kind: scopeCondition's conditions with the `id` and
 * the scope's id (scopeIdOf) as placeholders. A `none` scope sees nothing and is not asked.
 */
const byIdInScope = {
  all: eq(applications.id, sql.placeholder('id')),
  company: and(
    eq(applications.id, sql.placeholder('id')),
    eq(applications.company_id, sql.placeholder('scopeId')),
  ) as SQL,
  agent: and(
    eq(applications.id, sql.placeholder('id')),
    eq(applications.agent_id, sql.placeholder('scopeId')),
  ) as SQL,
};

/** One statement per scope kind of byIdInScope, `prepare`d with the name `<prefix>_<kind>`. */
function perScopeKind<T>(prefix: string, prepare: (name: string, condition: SQL) => T) {
  return {
    all: prepare(`${prefix}_all`, byIdInScope.all),
    company: prepare(`${prefix}_company`, byIdInScope.company),
    agent: prepare(`${prefix}_agent`, byIdInScope.agent),
  };
}

const readInScope = perScopeKind('application_with_relations', preparedRead);

/**
 * Application `id` within `scope` with its notes and quotes, and the latest published schema
 * version (null when none is stored yet), in one query; null when missing or outside the scope.
 */
export async function findApplicationWithRelations(
  db: Executor,
  id: number,
  scope: AccessScope,
): Promise<FoundApplication | null> {
  if (!isRowId(id) || scope.kind === 'none') return null;
  const [selected] = await readInScope[scope.kind](db).execute({ id, scopeId: scopeIdOf(scope) });
  if (!selected) return null;
  const { current_schema_version, schema_hash, ...rest } = selected;
  return {
    ...split(rest),
    currentSchemaVersion: current_schema_version === null ? null : Number(current_schema_version),
    schemaHash: schema_hash,
  };
}

/** The columns an autosave writes (update-application): the document and what is derived from it. */
export type DocumentColumns = Required<
  Pick<NewApplication, 'useable_details' | 'searched_address' | 'client_name'>
>;

/**
 * What an autosave writes, as placeholders: raw SQL (Drizzle's `set` types take no placeholder),
 * so their values come through each column's own driver mapping (updateApplicationWithRelations).
 */
const savedDocumentColumns = {
  useable_details: sql`${sql.placeholder('useable_details')}`,
  searched_address: sql`${sql.placeholder('searched_address')}`,
  client_name: sql`${sql.placeholder('client_name')}`,
  version: sql`${applications.version} + 1`,
  updated_at: sql`${sql.placeholder('updated_at')}`,
};

/**
 * The autosave's update, prepared once per handle (a transaction is one): its text never changes,
 * so on PostgreSQL a pooled connection parses and plans it once instead of on every save.
 */
const saveDocumentColumns = preparedOnce((db) =>
  db
    .update(applications)
    .set(savedDocumentColumns)
    .where(eq(applications.id, sql.placeholder('id')))
    .returning(columns)
    .prepare('save_application_document'),
);

/**
 * Writes the document columns of application `id`, bumping `version` and `updated_at` as
 * updateApplication does, and returns the new row with its notes and quotes: one statement (the
 * JSON arrays are subqueries of RETURNING).
 */
export async function updateApplicationWithRelations(
  db: Executor,
  id: number,
  patch: DocumentColumns,
): Promise<ApplicationWithRelations> {
  const [selected] = await saveDocumentColumns(db).execute({
    id,
    useable_details: applications.useable_details.mapToDriverValue(patch.useable_details),
    searched_address: patch.searched_address,
    client_name: patch.client_name,
    updated_at: applications.updated_at.mapToDriverValue(new Date()),
  });
  return split(selected as Selected);
}

/**
 * The autosave's update when its row was read without a lock: writes only while the row is still
 * the version read and still a draft (status new), prepared once per handle.
 */
const saveDocumentColumnsIfVersion = preparedOnce((db) =>
  db
    .update(applications)
    .set(savedDocumentColumns)
    .where(
      and(
        eq(applications.id, sql.placeholder('id')),
        eq(applications.version, sql.placeholder('version')),
        eq(applications.status, 'new'),
      ),
    )
    .returning(columns)
    .prepare('save_application_document_if_version'),
);

/**
 * updateApplicationWithRelations, written only while application `id` is still at `version` and
 * status new: one statement, atomic without a row lock. Null when another write came first (the
 * caller then takes the locking path, which answers 409 or merges as before). ADR 748... see
 * docs/decisions/744-autosave-in-two-statements.md.
 */
export async function updateApplicationWithRelationsIfVersion(
  db: Executor,
  id: number,
  version: number,
  patch: DocumentColumns,
): Promise<ApplicationWithRelations | null> {
  const [selected] = await saveDocumentColumnsIfVersion(db).execute({
    id,
    version,
    useable_details: applications.useable_details.mapToDriverValue(patch.useable_details),
    searched_address: patch.searched_address,
    client_name: patch.client_name,
    updated_at: applications.updated_at.mapToDriverValue(new Date()),
  });
  return selected ? split(selected as Selected) : null;
}

/** The locking read of lockApplicationWithSchemaHash with `condition`, prepared once per handle as `name`. */
function preparedLock(name: string, condition: SQL) {
  return preparedOnce((db) =>
    db
      .select({
        ...getTableColumns(applications),
        schema_hash: sql<string | null>`(
          SELECT sv.content_hash FROM schema_versions sv WHERE sv.version = applications.schema_version)`,
      })
      .from(applications)
      .where(condition)
      .for('update', { of: applications })
      .prepare(name),
  );
}

const lockInScope = perScopeKind('lock_application', preparedLock);

/**
 * Application `id` within `scope`, locked until the transaction ends, with the content hash of
 * its schema version (null when that version is not stored yet), or null when missing or outside
 * the scope. The hash finds the compiled schema set in the process's cache without reading the set.
 */
export async function lockApplicationWithSchemaHash(
  db: Executor,
  id: number,
  scope: AccessScope,
): Promise<{ row: ApplicationRow; schemaHash: string | null } | null> {
  if (!isRowId(id) || scope.kind === 'none') return null;
  const [selected] = await lockInScope[scope.kind](db).execute({ id, scopeId: scopeIdOf(scope) });
  if (!selected) return null;
  const { schema_hash, ...row } = selected;
  return { row, schemaHash: schema_hash };
}
