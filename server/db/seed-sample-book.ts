/**
 * The demo's quote history (issue 15 Price predictor): `count` completed Primary applications of
 * the sample book (server/price-predictor/sample-book.ts) for Other Agency's agent, created over the
 * past year with every sandbox carrier's answer, so the price predictor has comparable quotes on
 * a fresh demo. Only `npm start` and `npm run dev` seed it, on the first start; tests seed their own.
 * docs/decisions/201-price-predictor.md.
 */
import { sampleBook } from '../price-predictor/sample-book.ts';
import { insertApplications } from '../repositories/applications-repository.ts';
import { applicationRecordDefaults } from '../services/application-record-defaults.ts';
import { clientName } from '../services/client-name.ts';
import type { Executor } from './database.ts';
import { quotes } from './schema.ts';

/** Sample applications seeded for the demo. */
export const DEMO_SAMPLE_BOOK_SIZE = 300;

const DAY_MS = 86_400_000;

/** Seeds the sample book for `agentId` of `companyId` in one transaction. */
export async function seedSampleBook(
  db: Executor,
  companyId: number,
  agentId: number,
  count = DEMO_SAMPLE_BOOK_SIZE,
  now: Date = new Date(),
): Promise<void> {
  const book = await sampleBook(count);
  await db.transaction(async (tx) => {
    const dates = book.map((_, index) => new Date(now.getTime() - ((index * 365) / count + 1) * DAY_MS));
    const ids = await insertApplications(
      tx,
      book.map(({ document, answers }, index) => {
        const premiums = answers.flatMap(({ answer }) => (answer.premium === null ? [] : [answer.premium]));
        return {
          ...applicationRecordDefaults(),
          agent_id: agentId,
          company_id: companyId,
          status: 'completed' as const,
          application_type: 'flood',
          carrier_quote_type: ['Primary'],
          searched_address: String(document.searched_address ?? ''),
          client_name: clientName(document),
          useable_details: document,
          min_quote_amount: premiums.length ? Math.min(...premiums) : null,
          created_at: dates[index],
          updated_at: dates[index],
          launched_at: dates[index],
        };
      }),
    );
    const rows = book.flatMap(({ answers }, index) =>
      answers.map(({ target, answer }) => ({
        application_id: ids[index],
        carrier: target.carrier,
        sub_carrier: target.sub_carrier,
        display_name: target.display_name,
        connector: target.connector,
        status: answer.status,
        premium: answer.premium,
        coverages: answer.coverages,
        benefits: answer.benefits,
        message: answer.message,
        indicative: answer.indicative,
        requested_at: dates[index],
        answered_at: dates[index],
      })),
    );
    for (let start = 0; start < rows.length; start += 1000)
      await tx.insert(quotes).values(rows.slice(start, start + 1000));
  });
}
