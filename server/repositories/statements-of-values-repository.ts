/** Statements of values: the only code that reads or writes the statements_of_values table. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type StatementOfValuesRow, statementsOfValues } from '../db/schema.ts';
import type { SovBuilding } from '../quoting/sov-building.ts';

/** The saved statement of an application for one quote manager, or null. */
export async function findStatementOfValues(
  db: Executor,
  applicationId: number,
  quoteManagerId: string,
): Promise<StatementOfValuesRow | null> {
  const [row] = await db
    .select()
    .from(statementsOfValues)
    .where(
      and(
        eq(statementsOfValues.application_id, applicationId),
        eq(statementsOfValues.quote_manager_id, quoteManagerId),
      ),
    );
  return row ?? null;
}

/** Inserts or replaces the statement of an application for one quote manager; returns it. */
export async function saveStatementOfValues(
  db: Executor,
  values: {
    application_id: number;
    quote_manager_id: string;
    buildings: SovBuilding[];
    submitted_by: number;
  },
): Promise<StatementOfValuesRow> {
  const [row] = await db
    .insert(statementsOfValues)
    .values(values)
    .onConflictDoUpdate({
      target: [statementsOfValues.application_id, statementsOfValues.quote_manager_id],
      set: { buildings: values.buildings, submitted_by: values.submitted_by, updated_at: sql`now()` },
    })
    .returning();
  return row;
}
