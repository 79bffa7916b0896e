/**
 * The reporting calls of issue 12 (docs/api.md Reporting). The reporting area's guard (ADR 320):
 * a session (401), not a customer (403), a subscription or trial (402), the plan's `reporting`
 * permission (403). The report download takes the session key in its query string, as a link the
 * browser opens cannot carry a JSON body. docs/decisions/175-reporting-access-and-range.md,
 * 411-report-exports-as-jobs.md.
 */
import type { FastifyInstance } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { applicationCallerOf, linkCookiesSchema, linkSessionKeyOf } from '../http/link-session.ts';
import { getAnalytics } from '../services/analytics-service.ts';
import { exportFileName, reportCsvStream } from '../services/report-csv-export.ts';
import {
  getReportExport,
  openReportDownload,
  startReportExport,
} from '../services/report-exports-service.ts';
import { getReport } from '../services/reporting-service.ts';
import { contentDisposition } from './file-routes.ts';
import {
  analyticsBodySchema,
  exportBodySchema,
  exportIdBodySchema,
  reportBodySchema,
} from './reporting-request-schemas.ts';
import { fileParamsSchema, fileQuerySchema } from './request-schemas.ts';
import { areaRoute, type SchemaValue } from './session-route.ts';

/**
 * Registers POST /api/reporting/get-report, get-analytics, export-csv (a text/csv stream),
 * start-export and get-export, and GET /api/reporting/downloads/:id (a finished export's file).
 */
export async function reportingRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const preValidation = applicationAccessHook(db);
  const route = areaRoute(app, db, 'reporting');

  route('reporting/get-report', reportBodySchema, async (request) =>
    success('Report.', await getReport(db, actorOf(request), request.body)),
  );

  route('reporting/get-analytics', analyticsBodySchema, async (request) =>
    success('Analytics.', await getAnalytics(db, actorOf(request), request.body)),
  );

  app.post<{ Body: SchemaValue<typeof exportBodySchema> }>(
    '/api/reporting/export-csv',
    {
      schema: { tags: ['reporting'], body: exportBodySchema },
      preValidation,
    },
    async (request, reply) => {
      const input = request.body;
      const actor = actorOf(request);
      const stream = reportCsvStream(db, actor, input);
      await recordAuditEvent(db, auditCallerOf(request), {
        action: 'export.downloaded',
        companyId: actor.companyId,
        target: { type: 'report', id: exportFileName(input) },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(input)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  route('reporting/start-export', exportBodySchema, async (request) =>
    success('Export started.', { export: await startReportExport(db, actorOf(request), request.body) }),
  );

  route('reporting/get-export', exportIdBodySchema, async (request) =>
    success('Export.', {
      export: await getReportExport(db, actorOf(request), Number(request.body.export_id)),
    }),
  );

  app.get<{ Params: SchemaValue<typeof fileParamsSchema> }>(
    '/api/reporting/downloads/:id',
    {
      schema: {
        tags: ['reporting'],
        params: fileParamsSchema,
        querystring: fileQuerySchema,
        cookies: linkCookiesSchema,
        response: { '4xx': envelopeSchema, '5xx': envelopeSchema },
      },
      preValidation: applicationCallerOf(db, linkSessionKeyOf),
    },
    async (request, reply) => {
      const { id } = request.params;
      const actor = actorOf(request);
      const file = await openReportDownload(db, actor, Number(id));
      await recordAuditEvent(db, auditCallerOf(request), {
        action: 'export.downloaded',
        companyId: actor.companyId,
        target: { type: 'report_export', id },
        details: { file_name: file.file_name },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(file.file_name).replace(/^inline/, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}
