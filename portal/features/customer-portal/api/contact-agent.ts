/** customer-portal/contact-agent (issue 16): "contact my agent" and "I want this quote". */
import { useMutation } from '@tanstack/react-query';
import { documentedData } from '../../../lib/api-operations.ts';

/** What the customer sends: their application, the quote they want (or null), their own words. */
export interface ContactAgentInput {
  applicationId: number;
  quoteId: number | null;
  message: string;
}

/** Longest message the server takes (MAX_CONTACT_MESSAGE_LENGTH). */
export const MAX_CONTACT_MESSAGE_LENGTH = 1000;

/**
 * Notes the request on the application and tells the agent; resolves with whether the agent was
 * e-mailed. Throws `ApiRequestError` on failure.
 */
export async function contactAgent(input: ContactAgentInput): Promise<{ emailed: boolean }> {
  return documentedData('customer-portal/contact-agent', {
    application_id: input.applicationId,
    quote_id: input.quoteId,
    message: input.message.trim() || null,
  });
}

/** The contact mutation. */
export function useContactAgent() {
  return useMutation({ mutationFn: contactAgent });
}
