/**
 * Every job kind the server runs, by name (the `kind` column of `jobs`). A new kind of background
 * work is one entry here and a handler module of its area. docs/decisions/109-one-job-mechanism.md.
 */

import type { PropertyDataOptions } from '../property-data/build-providers.ts';
import { AUTO_SEND_KIND, type AutoSendDeps, autoSendJob } from '../services/auto-send-job.ts';
import { BULK_IMPORT_KIND, bulkImportJob } from '../services/bulk-import-job.ts';
import {
  CUSTOMER_QUOTES_WEBHOOK_KIND,
  customerQuotesWebhookJob,
} from '../services/customer-quotes-webhook-job.ts';
import { PREFILL_KIND } from '../services/prefill-queue.ts';
import { PRICE_MODEL_REFIT_KIND, priceModelRefitJob } from '../services/price-model-refit-job.ts';
import { prefillJob } from '../services/property-data-prefill-job.ts';
import { RECORDS_RETENTION_KIND, recordsRetentionJob } from '../services/records-retention-job.ts';
import { REPORT_EXPORT_CLEANUP_KIND, reportExportCleanupJob } from '../services/report-export-cleanup-job.ts';
import { REPORT_EXPORT_KIND, reportExportJob } from '../services/report-export-job.ts';
import { SCHEMA_IMPACT_KIND, schemaImpactJob } from '../services/schema-impact-service.ts';
import type { JobHandler } from './job-handler.ts';

export const jobHandlers: Record<string, JobHandler> = {
  [BULK_IMPORT_KIND]: bulkImportJob,
  [PRICE_MODEL_REFIT_KIND]: priceModelRefitJob,
  [CUSTOMER_QUOTES_WEBHOOK_KIND]: customerQuotesWebhookJob,
  [REPORT_EXPORT_KIND]: reportExportJob,
  [REPORT_EXPORT_CLEANUP_KIND]: reportExportCleanupJob,
  [RECORDS_RETENTION_KIND]: recordsRetentionJob,
  [SCHEMA_IMPACT_KIND]: schemaImpactJob,
};

/**
 * Job kinds whose handlers need the app's outside channels (mailer, SMS): built once per app
 * beside jobHandlers (server/app.ts), or by a test with its own clock.
 */
export function messagingJobHandlers(deps: AutoSendDeps): Record<string, JobHandler> {
  return { [AUTO_SEND_KIND]: autoSendJob(deps) };
}

/**
 * Job kinds whose handlers need the app's property data options (providers' base URLs and
 * timeouts, which tests point at local fakes): built beside jobHandlers (server/app.ts).
 */
export function propertyDataJobHandlers(options: PropertyDataOptions = {}): Record<string, JobHandler> {
  return { [PREFILL_KIND]: prefillJob(options) };
}
