/**
 * What a template's short codes are filled from (server/messaging/short-code-values.ts): an
 * application with its agent's name and phone, its agency's name and its quoted premiums. Issue 14
 * Templates and short codes.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type ApplicationRow, agents, applications, companies, quotes, users } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** A carrier that quoted the application: its name and premium in dollars a year. */
export interface QuotedPremium {
  display_name: string;
  premium: number;
}

/** An application's short code sources; `quotes` cheapest first. */
export interface ShortCodeSubject {
  application: Pick<
    ApplicationRow,
    'id' | 'useable_details' | 'searched_address' | 'min_quote_amount' | 'client_user_id'
  >;
  agentName: string | null;
  agentPhone: string | null;
  companyName: string | null;
  quotes: QuotedPremium[];
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
      client_user_id: applications.client_user_id,
      agentName: users.name,
      agentPhone: users.phone,
      companyName: companies.name,
    })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.company_id))
    .leftJoin(agents, eq(agents.id, applications.agent_id))
    .leftJoin(users, eq(users.id, agents.user_id))
    .where(eq(applications.id, id));
  if (!row || row.company_id !== companyId) return null;
  const { agentName, agentPhone, companyName, company_id: _company, ...application } = row;
  const quoted = await db
    .select({ display_name: quotes.display_name, premium: quotes.premium })
    .from(quotes)
    .where(and(eq(quotes.application_id, id), eq(quotes.status, 'quoted'), isNotNull(quotes.premium)))
    .orderBy(asc(quotes.premium), asc(quotes.id));
  return {
    application,
    agentName,
    agentPhone,
    companyName,
    quotes: quoted.map((quote) => ({ display_name: quote.display_name, premium: Number(quote.premium) })),
  };
}
