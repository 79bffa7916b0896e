/**
 * Commission rates and bound policies (tables commission_rates, bound_policies; issue 12). The only
 * code that queries them. Statement lines and totals are computed in SQL: the rate of a line is the
 * sub-carrier's rate of its company and product, else the carrier's, new business or renewal as the
 * line says; a paid line keeps the rate and commission frozen when it was paid. Money in cents.
 */
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database.ts';
import { type BoundPolicyRow, boundPolicies, type CommissionRateRow, commissionRates } from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';

/** A rate as written by set-rate. */
export interface RateInput {
  companyId: number;
  carrier: string;
  subCarrier: string;
  product: string;
  newBusinessPercent: number;
  renewalPercent: number;
  userId: number;
}

/** The rates of a company, by carrier, sub-carrier and product. */
export function ratesOfCompany(db: Executor, companyId: number): Promise<CommissionRateRow[]> {
  return db
    .select()
    .from(commissionRates)
    .where(eq(commissionRates.company_id, companyId))
    .orderBy(asc(commissionRates.carrier), asc(commissionRates.sub_carrier), asc(commissionRates.product));
}

/** Writes a rate, replacing the one of the same company, carrier, sub-carrier and product. */
export async function upsertRate(db: Executor, input: RateInput): Promise<CommissionRateRow> {
  const values = {
    company_id: input.companyId,
    carrier: input.carrier,
    sub_carrier: input.subCarrier,
    product: input.product,
    new_business_percent: input.newBusinessPercent,
    renewal_percent: input.renewalPercent,
    updated_by: input.userId,
  };
  const [row] = await db
    .insert(commissionRates)
    .values(values)
    .onConflictDoUpdate({
      target: [
        commissionRates.company_id,
        commissionRates.carrier,
        commissionRates.sub_carrier,
        commissionRates.product,
      ],
      set: { ...values, updated_at: sql`now()` },
    })
    .returning();
  return row;
}

/** Stores a bound policy; throws the unique violation when its quote is bound already. */
export async function insertBoundPolicy(
  db: Executor,
  values: typeof boundPolicies.$inferInsert,
): Promise<BoundPolicyRow> {
  const [row] = await db.insert(boundPolicies).values(values).returning();
  return row;
}

/** The bound policies of an application's quotes. */
export function boundPoliciesOfApplication(db: Executor, applicationId: number): Promise<BoundPolicyRow[]> {
  return db.select().from(boundPolicies).where(eq(boundPolicies.application_id, applicationId));
}

/** A bound policy the scope may see, or undefined. */
export async function findBoundPolicy(
  db: Executor,
  id: number,
  scope: AccessScope,
): Promise<BoundPolicyRow | undefined> {
  const [row] = await db
    .select()
    .from(boundPolicies)
    .where(and(eq(boundPolicies.id, id), boundScope(scope)));
  return row;
}

/** Deletes a bound policy (unbind). */
export async function deleteBoundPolicy(db: Executor, id: number): Promise<void> {
  await db.delete(boundPolicies).where(eq(boundPolicies.id, id));
}

/** Which bound policies a scope may see: its company's, its agent's, all or none. */
function boundScope(scope: AccessScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'company':
      return eq(boundPolicies.company_id, scope.companyId);
    case 'agent':
      return eq(boundPolicies.agent_id, scope.agentId);
    case 'none':
      return sql`false`;
  }
}

/** A statement's filters: effective dates `from` to `to` (both included, YYYY-MM-DD), narrowed by company and agent. */
export interface StatementFilters {
  from: string;
  to: string;
  companyId?: number;
  agentId?: number;
  /** 'payable' or 'paid'; absent: both. */
  paid?: 'payable' | 'paid';
}

const subRate = alias(commissionRates, 'sub_rate');
const carrierRate = alias(commissionRates, 'carrier_rate');

function rateOf(column: 'new_business_percent' | 'renewal_percent'): SQL<number | null> {
  return sql`coalesce(${subRate[column]}, ${carrierRate[column]})`;
}

/** The rate of a line in percent (null: no rate set), frozen once paid. */
const ratePercent = sql<
  string | null
>`CASE WHEN ${boundPolicies.paid_at} IS NOT NULL THEN ${boundPolicies.paid_rate_percent}
  WHEN ${boundPolicies.business} = 'new' THEN ${rateOf('new_business_percent')}
  ELSE ${rateOf('renewal_percent')} END`;

/** The commission of a line in cents (0 without a rate), frozen once paid. */
const commissionCents = sql<string>`CASE WHEN ${boundPolicies.paid_at} IS NOT NULL THEN ${boundPolicies.paid_commission_cents}
  ELSE coalesce(round(${boundPolicies.premium_cents} * (${ratePercent}) / 100), 0) END`;

function statementQuery<T extends Record<string, unknown>>(db: Executor, fields: T) {
  return db
    .select(fields as never)
    .from(boundPolicies)
    .leftJoin(
      subRate,
      and(
        eq(subRate.company_id, boundPolicies.company_id),
        eq(subRate.carrier, boundPolicies.carrier),
        eq(subRate.sub_carrier, boundPolicies.sub_carrier),
        sql`${boundPolicies.sub_carrier} <> ''`,
        eq(subRate.product, boundPolicies.product),
      ),
    )
    .leftJoin(
      carrierRate,
      and(
        eq(carrierRate.company_id, boundPolicies.company_id),
        eq(carrierRate.carrier, boundPolicies.carrier),
        eq(carrierRate.sub_carrier, ''),
        eq(carrierRate.product, boundPolicies.product),
      ),
    );
}

function statementConditions(scope: AccessScope, filters: StatementFilters): SQL | undefined {
  return and(
    boundScope(scope),
    sql`${boundPolicies.effective_date} >= ${filters.from}`,
    sql`${boundPolicies.effective_date} <= ${filters.to}`,
    filters.companyId === undefined ? undefined : eq(boundPolicies.company_id, filters.companyId),
    filters.agentId === undefined ? undefined : eq(boundPolicies.agent_id, filters.agentId),
    filters.paid === 'paid'
      ? isNotNull(boundPolicies.paid_at)
      : filters.paid === 'payable'
        ? isNull(boundPolicies.paid_at)
        : undefined,
  );
}

/** One statement line as the repository answers it (cents; rate null when none is set). */
export interface StatementLineRow {
  id: number;
  company_id: number;
  agent_id: number;
  application_id: number | null;
  reference: string;
  client_name: string;
  carrier: string;
  carrier_name: string;
  product: string;
  business: 'new' | 'renewal';
  policy_number: string;
  effective_date: string;
  premium_cents: number;
  rate_percent: number | null;
  commission_cents: number;
  paid_at: Date | null;
}

/** The lines of a statement, by effective date then id; at most `limit`, after the line `after` when given. */
export async function statementLines(
  db: Executor,
  scope: AccessScope,
  filters: StatementFilters,
  limit: number,
  after?: Pick<StatementLineRow, 'effective_date' | 'id'>,
): Promise<StatementLineRow[]> {
  const keyset =
    after === undefined
      ? undefined
      : sql`(${boundPolicies.effective_date}, ${boundPolicies.id}) > (${after.effective_date}::date, ${after.id})`;
  const rows = (await statementQuery(db, {
    id: boundPolicies.id,
    company_id: boundPolicies.company_id,
    agent_id: boundPolicies.agent_id,
    application_id: boundPolicies.application_id,
    reference: boundPolicies.reference,
    client_name: boundPolicies.client_name,
    carrier: boundPolicies.carrier,
    carrier_name: boundPolicies.carrier_name,
    product: boundPolicies.product,
    business: boundPolicies.business,
    policy_number: boundPolicies.policy_number,
    effective_date: boundPolicies.effective_date,
    premium_cents: boundPolicies.premium_cents,
    rate_percent: ratePercent,
    commission_cents: commissionCents,
    paid_at: boundPolicies.paid_at,
  })
    .where(and(statementConditions(scope, filters), keyset))
    .orderBy(asc(boundPolicies.effective_date), asc(boundPolicies.id))
    .limit(limit)) as unknown as (Omit<StatementLineRow, 'rate_percent' | 'commission_cents'> & {
    rate_percent: string | null;
    commission_cents: string | number;
  })[];
  return rows.map((row) => ({
    ...row,
    premium_cents: Number(row.premium_cents),
    rate_percent: row.rate_percent === null ? null : Number(row.rate_percent),
    commission_cents: Number(row.commission_cents),
  }));
}

/** Totals of a statement over every line of the filters (cents). */
export async function statementTotals(db: Executor, scope: AccessScope, filters: StatementFilters) {
  const [row] = (await statementQuery(db, {
    lines: sql<string>`count(*)`,
    premium_cents: sql<string>`coalesce(sum(${boundPolicies.premium_cents}), 0)`,
    commission_cents: sql<string>`coalesce(sum(${commissionCents}), 0)`,
    paid_cents: sql<string>`coalesce(sum(${commissionCents}) FILTER (WHERE ${boundPolicies.paid_at} IS NOT NULL), 0)`,
    without_rate: sql<string>`count(*) FILTER (WHERE ${ratePercent} IS NULL)`,
  }).where(statementConditions(scope, filters))) as unknown as Record<string, string>[];
  const commission = Number(row.commission_cents);
  const paid = Number(row.paid_cents);
  return {
    lines: Number(row.lines),
    premium_cents: Number(row.premium_cents),
    commission_cents: commission,
    paid_cents: paid,
    payable_cents: commission - paid,
    without_rate: Number(row.without_rate),
  };
}

/**
 * Marks lines paid (freezing each line's rate and commission as computed now) or payable again;
 * only lines the scope may see; answers the ids changed.
 */
export async function setLinesPaid(
  db: Executor,
  scope: AccessScope,
  ids: number[],
  paid: boolean,
  userId: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const visible = (await statementQuery(db, {
    id: boundPolicies.id,
    rate_percent: ratePercent,
    commission_cents: commissionCents,
    paid_at: boundPolicies.paid_at,
  }).where(and(boundScope(scope), inArray(boundPolicies.id, ids)))) as unknown as {
    id: number;
    rate_percent: string | null;
    commission_cents: string | number;
    paid_at: Date | null;
  }[];
  const changed: number[] = [];
  for (const line of visible) {
    if ((line.paid_at !== null) === paid) continue;
    await db
      .update(boundPolicies)
      .set(
        paid
          ? {
              paid_at: sql`now()`,
              paid_by: userId,
              paid_rate_percent: line.rate_percent === null ? null : Number(line.rate_percent),
              paid_commission_cents: Number(line.commission_cents),
            }
          : { paid_at: null, paid_by: null, paid_rate_percent: null, paid_commission_cents: null },
      )
      .where(eq(boundPolicies.id, line.id));
    changed.push(line.id);
  }
  return changed;
}

/** Every line of a statement, in batches of `batch`, for the CSV export (keyset on effective date and id). */
export async function* statementLinesInBatches(
  db: Executor,
  scope: AccessScope,
  filters: StatementFilters,
  batch = 1000,
): AsyncGenerator<StatementLineRow[]> {
  let after: StatementLineRow | undefined;
  for (;;) {
    const rows = await statementLines(db, scope, filters, batch, after);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1];
  }
}
