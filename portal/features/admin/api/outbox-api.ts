/**
 * The outbox's calls for the messaging console (issue 43, docs/api-accounts.md Outbox): one
 * filtered page of the company's messages to clients (portal-settings/list-outbox) and the resend
 * of a failed one (portal-settings/resend-outbox-message, answered with the settled message).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import { withCompany } from './portal-settings-api.ts';

/** One message as portal-settings/list-outbox answers it. */
export type OutboxMessage = ApiAnswer<'portal-settings/list-outbox'>['messages'][number];
export type OutboxTemplateKey = OutboxMessage['template_key'];

/**
 * Each kind of message in words, in the server's order; typed against the OpenAPI document, so a
 * kind the server adds or drops is a compile error here.
 */
export const OUTBOX_TEMPLATE_LABELS: Record<OutboxTemplateKey, string> = {
  quote_email: 'Quote e-mail (send quote)',
  status_changed_complete_job_email: 'Quotes ready e-mail (automatic)',
  auto_sent_quote_complete: 'Quotes ready text (automatic)',
  timeout_job_email: 'Follow-up e-mail (automatic)',
  timeout_job_sms: 'Follow-up text (automatic)',
  texting_console: 'Text from the texting console',
};

/** The list's filters as the page holds them: '' lets every message through. */
export interface OutboxFilters {
  channel: OutboxMessage['channel'] | '';
  status: OutboxMessage['status'] | '';
  template_key: OutboxTemplateKey | '';
  /** Digits of an application id, or ''. */
  application_id: string;
}

/** No filter: every message. */
export const NO_OUTBOX_FILTERS: OutboxFilters = {
  channel: '',
  status: '',
  template_key: '',
  application_id: '',
};

/** Largest id the server takes (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** True when `text` is an id the call takes: digits, no leading zero, at most MAX_ID. */
export function isApplicationId(text: string): boolean {
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= MAX_ID;
}

/** The call's body of `filters` (empty ones left out), `page` and `perPage`, for the company. */
export function outboxListBody(
  companyId: number | null,
  filters: OutboxFilters,
  page: number,
  perPage: number,
): ApiBody<'portal-settings/list-outbox'> {
  return withCompany(companyId, {
    ...(filters.channel ? { channel: filters.channel } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.template_key ? { template_key: filters.template_key } : {}),
    ...(isApplicationId(filters.application_id) ? { application_id: Number(filters.application_id) } : {}),
    page,
    per_page: perPage,
  });
}

/** Query options of one page of the company's outbox. */
export function outboxQueryOptions(
  companyId: number | null,
  filters: OutboxFilters,
  page: number,
  perPage: number,
) {
  const body = outboxListBody(companyId, filters, page, perPage);
  return queryOptions({
    queryKey: ['admin', 'outbox', body],
    queryFn: () => documentedData('portal-settings/list-outbox', body),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One page of the outbox: `{messages, page, per_page, total}`. */
export function useOutbox(companyId: number | null, filters: OutboxFilters, page: number, perPage: number) {
  return useQuery(outboxQueryOptions(companyId, filters, page, perPage));
}

/**
 * Sends failed message `messageId` again. The envelope says how it went: success with the sent
 * message, or 502 with the still failed one in `data.message` (shown by the caller, no toast).
 */
export function resendOutboxMessage(
  companyId: number | null,
  messageId: number,
): Promise<ApiEnvelope<ApiAnswer<'portal-settings/resend-outbox-message'>>> {
  return documentedCall(
    'portal-settings/resend-outbox-message',
    withCompany(companyId, { message_id: messageId }),
    {
      suppressToast: (envelope) => envelope.code === 502 || envelope.code === 422,
    },
  );
}
