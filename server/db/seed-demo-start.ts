/**
 * What `npm start` and `npm run dev` do to a database after migrating it: the demo data on the
 * first start (with the sample book of past quotes for the price predictor, issue 15), the
 * price model's refits (a first fit when there is none, then nightly) and the daily clean-up of
 * expired report exports (docs/decisions/450-report-export-retention.md) and of records past their
 * retention (docs/decisions/720-records-retention-job.md). Tests seed with
 * seedDemoData alone.
 */
import { schedulePriceModelRefits } from '../services/price-model-refit-job.ts';
import { scheduleRecordsRetention } from '../services/records-retention-job.ts';
import { scheduleReportExportCleanup } from '../services/report-export-cleanup-job.ts';
import type { Executor } from './database.ts';
import { type SeedResult, seedDemoData } from './seed-demo-data.ts';
import { seedSampleBook } from './seed-sample-book.ts';

/**
 * Seeds the demo (first start only; never when `password` is null, as in production: issue 39),
 * schedules the price model's refits, the export clean-up and the records retention; returns the
 * seed result.
 */
export async function seedDemoStart(db: Executor, password: string | null): Promise<SeedResult> {
  const seed = password === null ? { seeded: false } : await seedDemoData(db, password);
  if (seed.seeded && seed.otherCompanyId && seed.otherAgentId)
    await seedSampleBook(db, seed.otherCompanyId, seed.otherAgentId);
  await schedulePriceModelRefits(db);
  await scheduleReportExportCleanup(db);
  await scheduleRecordsRetention(db);
  return seed;
}
