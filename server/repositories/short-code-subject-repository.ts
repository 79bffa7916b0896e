/**
 * What a template's short codes are filled from (server/messaging/short-code-values.ts): an
 * application with its agent's and agency's names. Issue 14 Templates and short codes.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type ApplicationRow, agents, applications, companies, users } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** An application's short code sources. */
export interface ShortCodeSubject {
  application: Pick<ApplicationRow, 'id' | 'useable_details' | 'searched_address' | 'min_quote_amount'>;
  agentName: string | null;
  companyName: string | null;
}

/** The short code sources of application `id` of `companyId`, or null when it is not that company's. */
export async function findShortCodeSubject(
  db: Executor,
  id: number,
  companyId: number,
): Promise<ShortCodeSubject | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select({
      id: applications.id,
      company_id: applications.company_id,
      useable_details: applications.useable_details,
      searched_address: applications.searched_address,
      min_quote_amount: applications.min_quote_amount,
      agentName: users.name,
      companyName: companies.name,
    })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.company_id))
    .leftJoin(agents, eq(agents.id, applications.agent_id))
    .leftJoin(users, eq(users.id, agents.user_id))
    .where(eq(applications.id, id));
  if (!row || row.company_id !== companyId) return null;
  const { agentName, companyName, company_id: _company, ...application } = row;
  return { application, agentName, companyName };
}
