/**
 * The market-breakdown PDF (SPEC §2 Dialogs "market-breakdown PDF download", issue 13): the
 * agency header, the client, property and product, the coverages asked, then every carrier asked
 * for the application side by side: status, annual premium, building and contents limits,
 * deductible, extra coverages and benefits, and the carrier's message. Indicative (sandbox)
 * premiums are labelled as such. docs/decisions/240-quote-documents-as-pdf.md.
 */
import { PdfWriter } from './pdf-writer.ts';
import { extraCoverageLines, money, pricedQuotes, type QuoteDocumentData } from './quote-document-data.ts';

export const MARKET_BREAKDOWN_TITLE = 'Market breakdown';

/** The status column: the quote status, with "(indicative)" on an indicative premium. */
function statusText(quote: QuoteDocumentData['quotes'][number]): string {
  return quote.premium !== null && quote.indicative ? `${quote.status} (indicative)` : quote.status;
}

/** The PDF bytes of the market breakdown of `data` (its quotes in the order given). */
export async function marketBreakdownPdf(data: QuoteDocumentData): Promise<Uint8Array> {
  const writer = await PdfWriter.create(MARKET_BREAKDOWN_TITLE, data.agency, data.generatedAt, data.timeZone);
  writer.heading('Client and property');
  writer.fields([
    ['Client', data.client.name],
    ['Application', data.reference],
    ['Property', data.address],
    ['Product', data.product],
    ['E-mail', data.client.email],
    ['Phone', data.client.phone],
  ]);
  if (data.asked.length > 0) {
    writer.heading('Coverages asked');
    writer.fields(data.asked, 3);
  }
  const priced = pricedQuotes(data.quotes);
  writer.heading(`Carriers (${priced.length} of ${data.quotes.length} quoted)`);
  if (data.quotes.length === 0) {
    writer.paragraph('No carrier was asked for this application.');
  } else {
    writer.table(
      [
        { header: 'Carrier', share: 1.4 },
        { header: 'Status', share: 0.9 },
        { header: 'Annual premium', share: 0.9, align: 'right' },
        { header: 'Building', share: 0.85, align: 'right' },
        { header: 'Contents', share: 0.85, align: 'right' },
        { header: 'Deductible', share: 0.8, align: 'right' },
        { header: 'Extra coverages and benefits', share: 2.2 },
        { header: 'Message', share: 1.8 },
      ],
      data.quotes.map((quote) => [
        quote.name,
        statusText(quote),
        money(quote.premium),
        money(quote.coverages.building_limit),
        money(quote.coverages.contents_limit),
        money(quote.coverages.deductible),
        [...extraCoverageLines(quote.coverages), ...quote.benefits].join('\n') || '-',
        quote.message ?? '',
      ]),
    );
  }
  if (data.quotes.some((quote) => quote.premium !== null && quote.indicative)) {
    writer.paragraph(
      'Indicative premiums are estimates rated from the application; the carrier confirms the final premium when the policy is bound.',
    );
  }
  return writer.finish();
}
