/** customer-portal/get-my-applications (issue 16, docs/api.md Customer portal): the customer's own applications. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, documentedData } from '../../../lib/api-operations.ts';

/** An application whose client the signed-in customer is, with its quotes, agent and requests (oldest first; ADR 401). */
export type ClientApplication = ApiAnswer<'customer-portal/get-my-applications'>['applications'][number];

/** The agent working an application, as their customer reaches them. */
export type AgentContact = NonNullable<ClientApplication['agent']>;

/** A quote as its customer reads it; premium in dollars a year; expired quotes are shown but not offered (ADR 400). */
export type ClientQuote = ClientApplication['quotes'][number];

/** A request the customer sent ("contact my agent" / "I want this quote"), open until the agent handles it. */
export type ClientRequest = ClientApplication['requests'][number];

/** Fetches the customer's applications, newest first. Throws `ApiRequestError` on failure. */
export async function getMyApplications(): Promise<ClientApplication[]> {
  const data = await documentedData('customer-portal/get-my-applications', {});
  return data.applications;
}

/** Query options of the customer's applications. */
export const myApplicationsQueryOptions = () =>
  queryOptions({ queryKey: ['customer-portal', 'applications'], queryFn: getMyApplications });

/** The customer's applications. */
export function useMyApplications() {
  return useQuery(myApplicationsQueryOptions());
}
