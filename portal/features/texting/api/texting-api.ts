/**
 * The texting calls (texting/*, issue 14, docs/api.md Texting): the company's conversations with
 * unread counts, one conversation's thread (opening it marks it read) with the company's SMS
 * templates, and sending free text or a template. The server scopes every answer.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall, documentedData } from '../../../lib/api-operations.ts';

/** What texting/get-conversation answers: the conversation, its messages and the SMS templates. */
export type ConversationThread = ApiAnswer<'texting/get-conversation'>;

/** A conversation as texting/list-conversations answers it. */
export type Conversation = ApiAnswer<'texting/list-conversations'>['conversations'][number];

/** A message of a thread. */
export type TextMessage = ConversationThread['messages'][number];

/** Delivery status of a message: `received` for inbound ones. */
export type TextStatus = TextMessage['status'];

/** A stored SMS template of the company (short codes unrendered). */
export type SmsTemplate = ConversationThread['templates'][number];

/** Every texting query key starts with this, so one invalidation refreshes them all. */
export const TEXTING_KEY = ['texting'] as const;

/** The conversations matching `search`, most recent first, with the unread total. */
export function useConversations(search: string) {
  return useQuery({
    queryKey: [...TEXTING_KEY, 'conversations', search],
    queryFn: () => documentedData('texting/list-conversations', { search }),
  });
}

/** One conversation's thread (null id: none chosen); loading it marks its inbound messages read. */
export function useConversationThread(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...TEXTING_KEY, 'conversation', id],
    queryFn: async () => {
      // Not called while id is null (enabled below).
      const thread = await documentedData('texting/get-conversation', { conversation_id: id ?? 0 });
      // Opening marked the thread read: the list's unread badges follow at once.
      void queryClient.invalidateQueries({ queryKey: [...TEXTING_KEY, 'conversations'] });
      return thread;
    },
    enabled: id !== null,
  });
}

/** Sends free text or a template in a conversation; the answer carries the stored message (failed too). */
export function sendTextMessage(
  conversationId: number,
  content: { body: string } | { template_id: number },
): Promise<ApiEnvelope<ApiAnswer<'texting/send-message'>>> {
  return documentedCall(
    'texting/send-message',
    { conversation_id: conversationId, ...content },
    { suppressToast: () => true },
  );
}
