/**
 * The underwriting guide PDF of a carriers.json entry (issue 19): the carrier's name, market name,
 * other names and web site, then per program its products, how it quotes, the states it writes,
 * its benefits, the limits its eligibility rules set, every decline rule in words and the
 * coverages added to every quote, all from server/quoting/carrier-guide.ts. Drawn by the quote
 * documents' PdfWriter (ADR 240). docs/decisions/380-carrier-guides-from-carriers-json.md.
 */
import type { CarrierGuide, GuideLimit } from '../quoting/carrier-guide.ts';
import { PdfWriter } from './pdf-writer.ts';
import { money } from './quote-document-data.ts';

export const CARRIER_GUIDE_TITLE = 'Underwriting guide';

/** "Building limit" for the document field "building_limit". */
function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return `${words[0]?.toUpperCase()}${words.slice(1)}`;
}

/** A limit's value in its unit: dollars for a `*_limit`, feet for an elevation, else the number. */
export function limitValue(limit: GuideLimit): string {
  if (limit.field.endsWith('_limit')) return money(limit.value);
  if (limit.field.startsWith('elevation')) return `${limit.value} ft`;
  return String(limit.value);
}

/** The PDF bytes of `guide`, generated at `generatedAt` (printed in UTC). */
export async function carrierGuidePdf(guide: CarrierGuide, generatedAt: Date): Promise<Uint8Array> {
  const writer = await PdfWriter.create(
    CARRIER_GUIDE_TITLE,
    { name: guide.display_name, contact: [guide.url, 'Appetite as configured in carriers.json'], logo: null },
    generatedAt,
  );
  writer.heading('Carrier');
  writer.fields([
    ['Carrier', guide.display_name],
    ['Market name', guide.market_name],
    ['Also known as', guide.also_known_as.join(', ')],
    ['Web site', guide.url],
    ['Programs', guide.programs.map((program) => program.display_name).join(', ')],
  ]);
  for (const program of guide.programs) {
    writer.heading(guide.programs.length > 1 ? `Program: ${program.display_name}` : 'Appetite');
    writer.fields(
      [
        ['Products', program.quote_types.join(', ')],
        ['How it quotes', program.quoting],
        [`States written (${program.states.length})`, program.states.join(', ')],
        ['Benefits', program.benefits.join('; ')],
      ],
      1,
    );
    if (program.limits.length > 0) {
      writer.table(
        [
          { header: 'Product', share: 1 },
          { header: 'Field', share: 2 },
          { header: 'Declined when', share: 1 },
          { header: 'Value', share: 1, align: 'right' },
        ],
        program.limits.map((limit) => [
          limit.product ?? 'Every product',
          fieldLabel(limit.field),
          limit.kind === 'maximum' ? 'above' : 'below',
          limitValue(limit),
        ]),
      );
    }
    if (program.declines.length > 0) {
      writer.table(
        [
          { header: 'Rule', share: 1 },
          { header: 'The agent sees', share: 3 },
        ],
        program.declines.map((decline) => [decline.id, decline.message]),
      );
    } else writer.paragraph('No eligibility rule beyond the products and states above.');
    if (program.included_coverages.length > 0) {
      writer.fields(
        program.included_coverages.map((line, index): [string, string] => [
          index === 0 ? 'Included in every quote' : '',
          line,
        ]),
        1,
      );
    }
  }
  return writer.finish();
}
