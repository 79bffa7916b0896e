/**
 * The texting calls (texting/*, issue 14, docs/api.md Texting): the company's conversations with
 * unread counts, one conversation's thread (opening it marks it read) with the company's SMS
 * templates, and sending free text or a template. The server scopes every answer.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiEnvelope, apiCall, apiData } from '../../../lib/api-client.ts';

/** Delivery status of a message: `received` for inbound ones. */
export type TextStatus = 'received' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

/** A conversation as texting/list-conversations answers it. */
export interface Conversation {
  id: number;
  company_id: number;
  client_phone: string;
  client_phone_display: string;
  client_name: string | null;
  application_id: number | null;
  application_reference: string | null;
  last_message_at: string;
  last_body: string | null;
  last_direction: 'inbound' | 'outbound' | null;
  last_status: TextStatus | null;
  unread_count: number;
}

/** A message of a thread. */
export interface TextMessage {
  id: number;
  conversation_id: number;
  direction: 'inbound' | 'outbound';
  body: string;
  status: TextStatus;
  error: string | null;
  provider: 'twilio' | 'sink';
  sent_by: number | null;
  read_at: string | null;
  created_at: string;
}

/** A stored SMS template of the company (short codes unrendered). */
export interface SmsTemplate {
  id: number;
  name: string;
  body: string;
}

/** What texting/get-conversation answers. */
export interface ConversationThread {
  conversation: Conversation;
  messages: TextMessage[];
  templates: SmsTemplate[];
}

/** Every texting query key starts with this, so one invalidation refreshes them all. */
export const TEXTING_KEY = ['texting'] as const;

/** The conversations matching `search`, most recent first, with the unread total. */
export function useConversations(search: string) {
  return useQuery({
    queryKey: [...TEXTING_KEY, 'conversations', search],
    queryFn: () =>
      apiData<{ conversations: Conversation[]; unread_total: number }>('texting/list-conversations', {
        search,
      }),
  });
}

/** One conversation's thread (null id: none chosen); loading it marks its inbound messages read. */
export function useConversationThread(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...TEXTING_KEY, 'conversation', id],
    queryFn: async () => {
      const thread = await apiData<ConversationThread>('texting/get-conversation', { conversation_id: id });
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
): Promise<ApiEnvelope<{ conversation_id: number; message: TextMessage }>> {
  return apiCall(
    'texting/send-message',
    { conversation_id: conversationId, ...content },
    { suppressToast: () => true },
  );
}
