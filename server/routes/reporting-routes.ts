/**
 * The reporting calls of issue 12 (docs/api.md Reporting). Same guard as the application calls:
 * a session (401), not a customer (403), a subscription or trial (402).
 * docs/decisions/175-reporting-access-and-range.md.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { getAnalytics } from '../services/analytics-service.ts';
import { type ExportInput, exportFileName, reportCsvStream } from '../services/report-csv-export.ts';
import { getReport, type ReportInput } from '../services/reporting-service.ts';
import { analyticsBodySchema, exportBodySchema, reportBodySchema } from './reporting-request-schemas.ts';
import { bodyOf } from './session-route.ts';

/** Registers POST /api/reporting/get-report, get-analytics and POST /api/reporting/export-csv (a text/csv stream). */
export async function reportingRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const preValidation = applicationAccessHook(db);
  app.post(
    '/api/reporting/get-report',
    {
      schema: { tags: ['reporting'], body: reportBodySchema, response: { default: envelopeSchema } },
      preValidation,
    },
    async (request) =>
      success('Report.', await getReport(db, actorOf(request), bodyOf<ReportInput>(request))),
  );

  app.post(
    '/api/reporting/get-analytics',
    {
      schema: { tags: ['reporting'], body: analyticsBodySchema, response: { default: envelopeSchema } },
      preValidation,
    },
    async (request) =>
      success('Analytics.', await getAnalytics(db, actorOf(request), bodyOf<ReportInput>(request))),
  );

  app.post(
    '/api/reporting/export-csv',
    {
      schema: { tags: ['reporting'], body: exportBodySchema },
      preValidation,
    },
    async (request, reply) => {
      const input = bodyOf<ExportInput>(request);
      const stream = reportCsvStream(db, actorOf(request), input);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(input)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
