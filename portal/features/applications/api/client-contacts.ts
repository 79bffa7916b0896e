/**
 * Client contacts (issue 20, SPEC §2 Dialogs "contact create/update"; docs/api.md Contacts):
 * agent-portal/create-contact (naming it the application's client, client_name_id),
 * agent-portal/get-contact and agent-portal/update-contact. docs/decisions/432-client-contacts.md.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import { applicationQueryKey } from './application-query-key.ts';

/** A stored contact (`name`: "First Last", else the business name, else the e-mail). */
export type ClientContact = ApiAnswer<'agent-portal/get-contact'>['contact'];

/** The fields of a contact, as the application's contact section names them (SPEC §3). */
export type ContactFields = Pick<
  ClientContact,
  'owned_type' | 'business_name' | 'first_name' | 'last_name' | 'phone' | 'email'
>;

/** Query options of contact `contactId`, read silently (the dialog shows its own error). */
export const clientContactQueryOptions = (contactId: number) =>
  queryOptions({
    queryKey: ['contacts', contactId],
    queryFn: async () =>
      (await documentedData('agent-portal/get-contact', { contact_id: contactId }, { silent: true })).contact,
  });

/** The contact `contactId`; disabled for null. */
export function useClientContact(contactId: number | null) {
  return useQuery({ ...clientContactQueryOptions(contactId ?? 0), enabled: contactId !== null });
}

/**
 * Sends one contact call; a 422 (field messages, shown by the dialog under each field) is not
 * toasted, any other error is (SPEC §8). Throws `ApiRequestError` for an error answer.
 */
async function contactCall<Call extends 'agent-portal/create-contact' | 'agent-portal/update-contact'>(
  call: Call,
  body: ApiBody<Call>,
): Promise<ApiAnswer<Call>> {
  const envelope = await documentedCall(call, body, { suppressToast: (answer) => answer.code === 422 });
  if (envelope.status !== 'success' || envelope.data === null) throw new ApiRequestError(envelope);
  return envelope.data;
}

/**
 * Creates a contact named as application `applicationId`'s client; on success the application is
 * read again (its client_name_id) and the contact cached.
 */
export function useCreateClientContact(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ContactFields) =>
      contactCall('agent-portal/create-contact', {
        ...fields,
        application_id: applicationId,
      }),
    onSuccess: async ({ contact }) => {
      queryClient.setQueryData(clientContactQueryOptions(contact.id).queryKey, contact);
      await queryClient.invalidateQueries({ queryKey: applicationQueryKey(applicationId) });
    },
  });
}

/** Replaces the fields of contact `contactId`; the cached contact follows. */
export function useUpdateClientContact(contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ContactFields) =>
      contactCall('agent-portal/update-contact', {
        ...fields,
        contact_id: contactId,
      }),
    onSuccess: ({ contact }) =>
      queryClient.setQueryData(clientContactQueryOptions(contact.id).queryKey, contact),
  });
}
