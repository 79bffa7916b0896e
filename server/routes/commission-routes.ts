/**
 * The commission calls of issue 12 under /api/commission/ (docs/api.md Commission). Same guard as
 * the application and reporting calls: a session (401), not a customer (403), a subscription or
 * trial (402); services/commission-service.ts decides the rest. docs/decisions/177-commission.md.
 */
import type { FastifyInstance } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import {
  bindQuote,
  getStatement,
  listRates,
  setPaid,
  setRate,
  statementCsvStream,
  unbindPolicy,
} from '../services/commission-service.ts';
import { sessionBodySchema } from './request-schemas.ts';
import { areaRoute, type SchemaValue } from './session-route.ts';

const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const day = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const key = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_./ -]+$' } as const;
const percent = { type: 'number', minimum: 0, maximum: 100, multipleOf: 0.01 } as const;

const body = sessionBodySchema;

const statementProperties = {
  from: day,
  to: day,
  company_id: { anyOf: [positiveId, { type: 'null' }] },
  agent_id: { anyOf: [positiveId, { type: 'null' }] },
  paid: { enum: ['payable', 'paid', null] },
} as const;

/** Registers commission/list-rates, set-rate, bind-quote, unbind, get-statement, set-paid and export-csv. */
export async function commissionRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const preValidation = applicationAccessHook(db);
  const post = areaRoute(app, db, 'commission');

  post('commission/list-rates', body({ company_id: positiveId }, []), async (request) =>
    success('Commission rates.', await listRates(db, actorOf(request), request.body.company_id)),
  );

  post(
    'commission/set-rate',
    body(
      {
        company_id: positiveId,
        carrier: key,
        sub_carrier: { type: 'string', maxLength: 100, pattern: '^[A-Za-z0-9_./ -]*$' },
        product: key,
        new_business_percent: percent,
        renewal_percent: percent,
      },
      ['carrier', 'product', 'new_business_percent', 'renewal_percent'],
    ),
    async (request) => success('Commission rate saved.', await setRate(db, actorOf(request), request.body)),
  );

  post(
    'commission/bind-quote',
    body(
      {
        application_id: positiveId,
        quote_id: positiveId,
        policy_number: { type: 'string', minLength: 1, maxLength: 60, pattern: '\\S' },
        effective_date: day,
        premium: { type: 'number', exclusiveMinimum: 0, maximum: 100000000, multipleOf: 0.01 },
        business: { enum: ['new', 'renewal'] },
      },
      ['application_id', 'quote_id', 'policy_number', 'effective_date', 'premium', 'business'],
    ),
    async (request) => success('Marked as bound.', await bindQuote(db, actorOf(request), request.body)),
  );

  post('commission/unbind', body({ id: positiveId }, ['id']), async (request) =>
    success('Bound mark removed.', await unbindPolicy(db, actorOf(request), request.body.id)),
  );

  post('commission/get-statement', body(statementProperties, ['from', 'to']), async (request) =>
    success('Commission statement.', await getStatement(db, actorOf(request), request.body)),
  );

  post(
    'commission/set-paid',
    body(
      {
        ids: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: positiveId },
        paid: { type: 'boolean' },
      },
      ['ids', 'paid'],
    ),
    async (request) => {
      const { ids, paid } = request.body;
      return success(
        paid ? 'Marked paid.' : 'Marked payable.',
        await setPaid(db, actorOf(request), ids, paid),
      );
    },
  );

  const statementBodySchema = body(statementProperties, ['from', 'to']);
  app.post<{ Body: SchemaValue<typeof statementBodySchema> }>(
    '/api/commission/export-csv',
    { schema: { tags: ['commission'], body: statementBodySchema }, preValidation },
    async (request, reply) => {
      const input = request.body;
      const actor = actorOf(request);
      const stream = statementCsvStream(db, actor, input);
      await recordAuditEvent(db, auditCallerOf(request), {
        action: 'export.downloaded',
        companyId: actor.companyId,
        target: { type: 'commission_statement', id: `${input.from}..${input.to}` },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="commission-${input.from}-to-${input.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
