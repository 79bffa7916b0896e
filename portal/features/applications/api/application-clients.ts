/**
 * get-application-clients and set-application-client (issue 16, docs/api.md Customer portal): the
 * customer whose application this is, and the customers assigned to its agent who may be named.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentedData } from '../../../lib/api-operations.ts';

/** A customer who may be the application's client. */
export interface ClientChoice {
  id: number;
  name: string;
  email: string;
}

/** The application's client (user id or null) and the customers assigned to its agent. */
export interface ApplicationClients {
  client_user_id: number | null;
  customers: ClientChoice[];
}

/** Fetches the client choices of application `applicationId`. Throws `ApiRequestError` on failure. */
export async function getApplicationClients(applicationId: number): Promise<ApplicationClients> {
  const data = await documentedData(
    'agent-portal/get-application-clients',
    { application_id: applicationId },
    { silent: true },
  );
  return { client_user_id: data.client_user_id ?? null, customers: data.customers ?? [] };
}

/** Query options of an application's client choices. */
export const applicationClientsQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: ['applications', 'clients', applicationId],
    queryFn: () => getApplicationClients(applicationId),
  });

/** The client choices of an application. */
export function useApplicationClients(applicationId: number) {
  return useQuery(applicationClientsQueryOptions(applicationId));
}

/** Names (or with null clears) the application's client; refreshes the choices after. */
export function useSetApplicationClient(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientUserId: number | null) =>
      documentedData('agent-portal/set-application-client', {
        application_id: applicationId,
        client_user_id: clientUserId,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: applicationClientsQueryOptions(applicationId).queryKey }),
  });
}
