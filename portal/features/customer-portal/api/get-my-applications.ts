/** customer-portal/get-my-applications (issue 16, docs/api.md Customer portal): the customer's own applications. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** The agent working an application, as their customer reaches them. */
export interface AgentContact {
  name: string;
  email: string;
  phone: string | null;
}

/** A quote as its customer reads it; premium in dollars a year, null when the carrier gave none. */
export interface ClientQuote {
  id: number;
  display_name: string;
  status: 'pending' | 'quoted' | 'declined' | 'error' | 'timeout';
  premium: number | null;
  benefits: string[];
  message: string | null;
  answered_at: string | null;
  /** When the premium stops being offered (ISO 8601), null without one; docs/decisions/400-quote-expiry.md. */
  expires_at: string | null;
  /** Past expires_at: shown, but no longer offered to choose. */
  expired: boolean;
}

/** A request the customer sent ("contact my agent" / "I want this quote"), open until the agent handles it. */
export interface ClientRequest {
  id: number;
  kind: 'contact_requested' | 'quote_wanted';
  message: string;
  created_at: string;
  open: boolean;
}

/** An application whose client the signed-in customer is. */
export interface ClientApplication {
  id: number;
  application_id: string;
  status: 'new' | 'launched' | 'completed';
  carrier_quote_type: string[];
  searched_address: string;
  min_quote_amount: number | null;
  created_at: string;
  agent: AgentContact | null;
  quotes: ClientQuote[];
  /** The customer's requests on it, oldest first (docs/decisions/401-customer-request-history.md). */
  requests: ClientRequest[];
}

/** Fetches the customer's applications, newest first. Throws `ApiRequestError` on failure. */
export async function getMyApplications(): Promise<ClientApplication[]> {
  const data = await apiData<{ applications: ClientApplication[] }>(
    'customer-portal/get-my-applications',
    {},
  );
  return data.applications ?? [];
}

/** Query options of the customer's applications. */
export const myApplicationsQueryOptions = () =>
  queryOptions({ queryKey: ['customer-portal', 'applications'], queryFn: getMyApplications });

/** The customer's applications. */
export function useMyApplications() {
  return useQuery(myApplicationsQueryOptions());
}
