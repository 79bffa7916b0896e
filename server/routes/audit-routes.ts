/**
 * The audit trail's calls (issue 38; docs/decisions/719-append-only-audit-trail.md):
 * `audit/list {page, per_page, action?, from?, to?, company_id?}` and `audit/export-csv` (the same
 * filters; the CSV in the envelope, itself audited as export.downloaded). Super-admins and the
 * agency's admins (services/audit-service.ts); agents and customers 403.
 */
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS } from '../audit/audit-actions.ts';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { type AuditQuery, exportAuditCsv, listAudit } from '../services/audit-service.ts';
import { idSchema, sessionBodySchema } from './request-schemas.ts';
import { type BodyId, sessionRoute } from './session-route.ts';

/** A UTC date (2026-11-28) or date-time (2026-11-28T14:05:00Z, seconds and milliseconds optional). */
const utcDateSchema = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,3})?)?Z)?$',
} as const;

const filterProperties = {
  company_id: {
    ...idSchema,
    description: 'Super-admins: one agency (default every one); admins: only their own.',
  },
  action: { enum: [...AUDIT_ACTIONS] },
  from: { ...utcDateSchema, description: 'Events at or after this UTC date or time.' },
  to: { ...utcDateSchema, description: 'Events before this UTC date or time.' },
};

export const auditListBodySchema = sessionBodySchema(
  {
    ...filterProperties,
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    per_page: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
  },
  [],
);
export const auditExportBodySchema = sessionBodySchema(filterProperties, []);

type FilterBody = Omit<AuditQuery, 'company_id'> & { company_id?: BodyId };

/** The service's query of a checked body. */
function queryOf(body: FilterBody): AuditQuery {
  const { company_id, action, from, to } = body;
  return { company_id: company_id === undefined ? undefined : Number(company_id), action, from, to };
}

/** Registers audit/list and audit/export-csv. */
export async function auditRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const route = sessionRoute(app, db, 'audit');

  route('audit/list', auditListBodySchema, async (request) => {
    const body = request.body;
    return success(
      'Audit events.',
      await listAudit(db, actorOf(request), queryOf(body), body.page, body.per_page),
    );
  });

  route('audit/export-csv', auditExportBodySchema, async (request) => {
    const actor = actorOf(request);
    const query = queryOf(request.body);
    const { csv, rows } = await exportAuditCsv(db, actor, query);
    await recordAuditEvent(db, auditCallerOf(request), {
      action: 'export.downloaded',
      companyId: actor.role === 'admin' ? actor.companyId : (query.company_id ?? null),
      target: { type: 'audit_events', id: 'csv' },
      details: { rows, action: query.action ?? null, from: query.from ?? null, to: query.to ?? null },
    });
    const day = new Date().toISOString().slice(0, 10);
    return success('Audit trail CSV.', { file_name: `audit-trail-${day}.csv`, rows, csv });
  });
}
