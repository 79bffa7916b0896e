/** MGA management of companies (docs/api-accounts.md Companies) and the public logo file. */
import type { FastifyInstance } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { failure, success } from '../http/envelope.ts';
import { findLogo } from '../repositories/companies-repository.ts';
import { requireRole } from '../services/account-access.ts';
import {
  changeCompanyPlan,
  createCompany,
  getCompany,
  listAllCompanies,
  setCompanyLogo,
  updateCompanyFields,
} from '../services/companies-service.ts';
import {
  approvedStatesBodySchema,
  companyIdBodySchema,
  companyLogoBodySchema,
  companyPlanBodySchema,
  createCompanyBodySchema,
  listCompaniesBodySchema,
  updateCompanyBodySchema,
} from './account-request-schemas.ts';
import { companyParamsSchema } from './request-schemas.ts';
import { type SchemaValue, sessionRoute } from './session-route.ts';

/** Registers companies/* and GET /api/company-logos/:company_id. */
export async function companyRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const route = sessionRoute(app, db, 'companies');

  route('companies/list', listCompaniesBodySchema, async (request) => {
    const body = request.body;
    return success(
      'Companies.',
      await listAllCompanies(db, actorOf(request), body.search?.trim() || undefined),
    );
  });

  route('companies/get', companyIdBodySchema, async (request) => {
    const body = request.body;
    return success('Company.', await getCompany(db, actorOf(request), Number(body.company_id)));
  });

  route('companies/create', createCompanyBodySchema, async (request) => {
    const { session_key: _key, ...input } = request.body;
    return success('Company created.', await createCompany(db, actorOf(request), input));
  });

  route('companies/update', updateCompanyBodySchema, async (request) => {
    const { session_key: _key, company_id, ...input } = request.body;
    return success(
      'Company updated.',
      await updateCompanyFields(db, actorOf(request), Number(company_id), input),
    );
  });

  route('companies/change-plan', companyPlanBodySchema, async (request) => {
    const body = request.body;
    requireRole(actorOf(request), ['super-admin']);
    const data = await changeCompanyPlan(db, Number(body.company_id), body.plan_id);
    await recordAuditEvent(db, auditCallerOf(request), {
      action: 'plan.changed',
      companyId: Number(body.company_id),
      target: { type: 'company', id: Number(body.company_id) },
      details: { plan_id: body.plan_id },
    });
    return success('Plan changed.', data);
  });

  route('companies/set-approved-states', approvedStatesBodySchema, async (request) => {
    const body = request.body;
    const data = await updateCompanyFields(db, actorOf(request), Number(body.company_id), {
      approved_states: body.approved_states,
    });
    return success('Approved states saved.', data);
  });

  route('companies/set-logo', companyLogoBodySchema, async (request) => {
    const body = request.body;
    return success(
      'Logo saved.',
      await setCompanyLogo(db, actorOf(request), Number(body.company_id), body.logo),
    );
  });

  app.get<{ Params: SchemaValue<typeof companyParamsSchema> }>(
    '/api/company-logos/:company_id',
    { schema: { tags: ['companies'], params: companyParamsSchema } },
    async (request, reply) => {
      const { company_id } = request.params;
      const logo = await findLogo(db, Number(company_id));
      if (!logo) return reply.code(404).send(failure(404, 'Logo not found.'));
      return (
        reply
          .type(logo.content_type)
          // An SVG opened directly must not run script: no script source at all for this file.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=86400')
          .send(Buffer.from(logo.content_base64, 'base64'))
      );
    },
  );
}
