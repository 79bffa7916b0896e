/**
 * The flood-rejection PDF (SPEC §2 Dialogs "flood-rejection PDF download", issue 13): the
 * standard declination of flood coverage an agent keeps on file when the client declines the
 * cover offered. It names the client, property and product, the lowest premium offered, every
 * carrier that quoted, the carriers that declined or could not quote with their reasons, the
 * client's statement and a signature block. docs/decisions/241-flood-rejection-document.md.
 */
import { PdfWriter } from './pdf-writer.ts';
import { money, pricedQuotes, type QuoteDocumentData } from './quote-document-data.ts';

export const FLOOD_REJECTION_TITLE = 'Flood coverage rejection';

/** Statuses that mean the carrier gave no premium, with the reason shown when it sent none. */
const NO_QUOTE_REASONS: Record<string, string> = {
  declined: 'Declined',
  error: 'The carrier could not be reached',
  timeout: 'No answer in time',
};

/** The PDF bytes of the flood rejection of `data`. */
export async function floodRejectionPdf(data: QuoteDocumentData): Promise<Uint8Array> {
  const writer = await PdfWriter.create(FLOOD_REJECTION_TITLE, data.agency, data.generatedAt, data.timeZone);
  const priced = pricedQuotes(data.quotes);
  const lowest = priced[0] ?? null;
  writer.heading('Client and property');
  writer.fields([
    ['Client', data.client.name],
    ['Application', data.reference],
    ['Property', data.address],
    ['Product', data.product],
    [
      'Lowest premium offered',
      lowest ? `${money(lowest.premium)} (${lowest.name})` : 'No premium was offered',
    ],
    ['Carriers that quoted', String(priced.length)],
  ]);
  writer.heading('Premiums offered');
  if (priced.length === 0) writer.paragraph('No carrier offered a premium for this property.');
  else {
    writer.table(
      [
        { header: 'Carrier', share: 2 },
        { header: 'Annual premium', share: 1, align: 'right' },
        { header: 'Building', share: 1, align: 'right' },
        { header: 'Contents', share: 1, align: 'right' },
        { header: 'Deductible', share: 1, align: 'right' },
      ],
      priced.map((quote) => [
        quote.indicative ? `${quote.name} (indicative)` : quote.name,
        money(quote.premium),
        money(quote.coverages.building_limit),
        money(quote.coverages.contents_limit),
        money(quote.coverages.deductible),
      ]),
    );
  }
  const refused = data.quotes.filter((quote) => quote.status in NO_QUOTE_REASONS);
  if (refused.length > 0) {
    writer.heading('Carriers that declined or did not quote');
    writer.table(
      [
        { header: 'Carrier', share: 2 },
        { header: 'Reason', share: 4 },
      ],
      refused.map((quote) => [quote.name, quote.message || NO_QUOTE_REASONS[quote.status]]),
    );
  }
  writer.heading('Statement of the client');
  writer.paragraph(
    `I, ${data.client.name || 'the undersigned'}, was offered flood insurance for the property at ${data.address} ` +
      `through ${data.agency.name}${lowest ? `, at a lowest annual premium of ${money(lowest.premium)}` : ''}. ` +
      'I decline to buy flood insurance at this time. I understand that my homeowners or commercial property ' +
      'policy does not cover loss caused by flood, that I may be responsible for the full cost of repairing or ' +
      'replacing my property after a flood, that federal disaster assistance, when available, is often a loan that ' +
      'must be repaid, and that a new flood policy usually has a waiting period before it takes effect.',
  );
  writer.signatures(['Client signature', 'Date', 'Agent signature', 'Date']);
  return writer.finish();
}
