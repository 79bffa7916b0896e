/** create-new-application: fetcher and mutation hook. SPEC §7, §8 (invalid state), docs/api.md. */
import { useMutation } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiBody, documentedCall } from '../../../lib/api-operations.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import { INVALID_STATE_MESSAGE } from '../../../lib/constants.ts';
import type { Application } from './application-types.ts';

/** Address of a new application; lat/lng in decimal degrees. */
export interface NewApplicationAddress {
  searched_address: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  county: string;
  lat: number | null;
  lng: number | null;
}

/** Input of create-new-application. */
export interface NewApplicationInput {
  carrier_quote_type: ApiBody<'agent-portal/create-new-application'>['carrier_quote_type'];
  application_type: ApiBody<'agent-portal/create-new-application'>['application_type'];
  /** One of the agency's sources (omitted: the portal's, "Agent Portal"). */
  application_source?: string;
  address: NewApplicationAddress;
}

/**
 * Creates an application for the logged-in agent and returns the envelope. The invalid-state
 * answer is not toasted: the caller opens the invalid-state dialog instead. SPEC §8.
 */
export function createNewApplication(
  input: NewApplicationInput,
): Promise<ApiEnvelope<{ application: Application }>> {
  return documentedCall(
    'agent-portal/create-new-application',
    { agent_id: getAuthState().user?.agent?.id ?? undefined, ...input },
    { suppressToast: (envelope) => envelope.message === INVALID_STATE_MESSAGE },
  );
}

/** Mutation wrapper of `createNewApplication`. */
export function useCreateNewApplication() {
  return useMutation({ mutationFn: createNewApplication });
}
