/**
 * The short code values of one application (server/config/portal-settings-options.json
 * short_codes): client first and last name, agent name and phone, agency name, the application
 * reference, the property address, the lowest premium of `quotes` (else the application's) as
 * `$1,234.50`, the carriers that quoted,
 * the quotes as a table for e-mails, and the link to its quotes (server/services/quote-view-service.ts
 * quoteLink). Pure: the caller loads the rows and makes the link.
 * Issue 14 Templates and short codes.
 */
import type { ApplicationRow } from '../db/schema.ts';
import type { QuotedPremium } from '../repositories/short-code-subject-repository.ts';
import { applicationReference } from '../services/application-reference.ts';
import type { ShortCodeValues } from './render-template.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** `$1,234.50` for a dollar amount; '' when there is none. */
function dollars(amount: number | null): string {
  if (amount === null) return '';
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/**
 * The quotes table of an e-mail: one line per carrier, `Carrier: $1,234.50 a year`, in the order
 * given (cheapest first from the repository); '' without quotes.
 */
export function quotesTable(quotes: QuotedPremium[]): string {
  return quotes.map((quote) => `${quote.display_name}: ${dollars(quote.premium)} a year`).join('\n');
}

/**
 * Values for `application` (or the agency's alone when null); `quoteLink` is the link the client
 * opens their quotes with ('' without an application); `quotes` the carriers that quoted it,
 * cheapest first.
 */
export function shortCodeValues(
  application: Pick<
    ApplicationRow,
    'id' | 'useable_details' | 'searched_address' | 'min_quote_amount'
  > | null,
  names: { agentName: string | null; agentPhone?: string | null; companyName: string | null },
  quoteLink: string,
  quotes: QuotedPremium[] = [],
): ShortCodeValues {
  const doc = application?.useable_details ?? {};
  return {
    first_name: text(doc.first_name),
    last_name: text(doc.last_name),
    agent_name: names.agentName ?? '',
    agent_phone: names.agentPhone ?? '',
    company_name: names.companyName ?? '',
    application_id: application ? applicationReference(application.id) : '',
    address: application?.searched_address ?? '',
    // The lowest of the quotes the message is about (the ones an agent chose to send), else the
    // application's lowest (ADR 759).
    min_quote_amount: dollars(
      quotes.length > 0
        ? Math.min(...quotes.map((quote) => quote.premium))
        : (application?.min_quote_amount ?? null),
    ),
    carriers_quoted: quotes.map((quote) => quote.display_name).join(', '),
    quotes_table: quotesTable(quotes),
    quote_link: quoteLink,
  };
}
