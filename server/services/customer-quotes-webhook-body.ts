/**
 * The JSON body the customer quotes webhook posts (issue 14, docs/api.md Customer quotes webhook):
 * the event, the delivery's id, when it happened, and the application as get-application-by-id
 * answers it (quotes included; notes, internal to the agency, left out). The console's test sends
 * a sample of the same shape.
 */
import { examples } from '../../schemas/schema-set.ts';
import type { ApplicationRow } from '../db/schema.ts';
import type { QuoteWithDocument } from '../repositories/quotes-repository.ts';
import { applicationView } from './application-view.ts';

/** The webhook body; `application` is get-application-by-id's application without notes. */
export interface CustomerQuotesWebhookBody {
  event: 'quotes.completed' | 'test';
  /** The same in every attempt of one delivery (also the X-Portal-Delivery header). */
  delivery_id: string;
  /** When the quoting completed (ISO 8601, UTC). */
  occurred_at: string;
  company_id: number;
  application: Record<string, unknown>;
}

/** The body of a completed application `row` with its `quotes`. */
export function customerQuotesBody(
  row: ApplicationRow,
  quotes: QuoteWithDocument[],
  deliveryId: string,
  occurredAt: Date,
): CustomerQuotesWebhookBody {
  const {
    notes: _notes,
    isItWorkingHour: _hour,
    ...application
  } = applicationView(row, [], quotes, occurredAt);
  return {
    event: 'quotes.completed',
    delivery_id: deliveryId,
    occurred_at: occurredAt.toISOString(),
    company_id: row.company_id,
    application,
  };
}

/**
 * The console's test body: a sample completed application (id 0, the schema set's primary
 * example document) with two sample quotes, in the shape of a real delivery, event `test`.
 */
export function sampleQuotesBody(
  companyId: number,
  deliveryId: string,
  now: Date,
): CustomerQuotesWebhookBody {
  const row: ApplicationRow = {
    id: 0,
    agent_id: 0,
    company_id: companyId,
    status: 'completed',
    application_type: 'flood',
    carrier_quote_type: ['Primary'],
    useable_details: examples.primary,
    is_cross_sale: false,
    min_quote_amount: 812,
    application_relaunch_count: 0,
    application_source: 'Agent Portal',
    ads_data: null,
    client_name_id: null,
    rocket_agent: null,
    searched_address: '',
    client_name: null,
    version: 1,
    schema_version: 1,
    created_at: now,
    updated_at: now,
    launched_at: now,
    client_user_id: null,
  };
  const quote = (id: number, carrier: string, premium: number): QuoteWithDocument => ({
    id,
    application_id: 0,
    carrier,
    sub_carrier: null,
    display_name: carrier,
    connector: 'sandbox',
    status: 'quoted',
    premium,
    coverages: { building: 250_000, contents: 100_000 },
    benefits: [],
    message: null,
    indicative: true,
    carrier_reference: null,
    bind_url: null,
    credentials_refused: false,
    requested_at: now,
    answered_at: now,
    source: 'automatic',
    quote_manager_id: null,
    document_id: null,
    document_name: null,
    bound_id: null,
    bound_policy_number: null,
    bound_effective_date: null,
    bound_premium_cents: null,
    bound_business: null,
    bound_paid_at: null,
    quote_expiry_days: null,
  });
  const quotes = [quote(1, 'Sample Carrier A', 812), quote(2, 'Sample Carrier B', 954.5)];
  return { ...customerQuotesBody(row, quotes, deliveryId, now), event: 'test' };
}
