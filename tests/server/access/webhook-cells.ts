/**
 * Cells of the customer quotes webhook's console calls (issue 14): rotating the signing secret,
 * the delivery log and "Send test", on the callers' company and on another one. Admins for their
 * company, super-admins for any, as every portal setting. The company is given a URL (a host that
 * does not resolve, so a test is answered at once) before each call; refused calls leave the
 * company and its delivery log as they were, and the log never lists another company's attempts.
 */
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '../../../server/db/schema.ts';
import { updateCompany } from '../../../server/repositories/companies-repository.ts';
import { insertDeliveryAttempt } from '../../../server/repositories/webhook-deliveries-repository.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Side } from './access-world.ts';
import { type Expected, MANAGERS_OTHER, MANAGERS_OWN } from './callers.ts';
import { companySnapshot } from './record-snapshots.ts';

const URL = 'https://hooks.example.test/quotes';

/** Every webhook console cell. */
export function webhookCells(w: AccessWorld): Cell[] {
  const { t } = w;
  const sides = ['own', 'other'] as const;
  const managers: Record<Side, Expected> = { own: MANAGERS_OWN, other: MANAGERS_OTHER };
  const companyIdOf = (side: Side) => (side === 'own' ? w.own : w.other).companyId;
  const companyOf = (side: Side) => (side === 'own' ? {} : { company_id: w.other.companyId });
  const deliveriesOf = (side: Side) =>
    t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.company_id, companyIdOf(side)))
      .orderBy(webhookDeliveries.id);

  /** The side's company as the world built it, with a webhook URL and secret, and one logged attempt. */
  const prepare = async (side: Side) => {
    await w.restoreCompany(side);
    const { companyId } = side === 'own' ? w.own : w.other;
    const [company] = (await companySnapshot(t, companyId)).company as {
      settings: Record<string, unknown>;
    }[];
    await updateCompany(t.db, companyId, {
      settings: {
        ...company.settings,
        customer_quotes_webhook_url: URL,
        customer_quotes_webhook_secret: `whsec_matrix_${side}`,
      },
    });
    await insertDeliveryAttempt(t.db, {
      company_id: companyId,
      job_id: null,
      application_id: null,
      event: 'test',
      delivery_id: `matrix-${side}`,
      attempt: 1,
      url: URL,
    });
  };

  const cell = (
    path: string,
    side: Side,
    body: Record<string, unknown> = {},
    leaks?: Cell['leaks'],
  ): Cell => ({
    name: `portal-settings/${path} on ${OWNERS[side].whose} webhook`,
    endpoint: `POST /api/portal-settings/${path}`,
    side,
    expected: managers[side],
    request: async () => {
      await prepare(side);
      return { body: { ...companyOf(side), ...body } };
    },
    unchanged: async () => ({
      company: await companySnapshot(t, companyIdOf(side)),
      deliveries: await deliveriesOf(side),
    }),
    leaks,
  });

  return sides.flatMap((side) => [
    cell('rotate-webhook-secret', side, {}, (answer) =>
      String(answer.body.data.webhook_secret).startsWith('whsec_') ? [] : ['answers no new secret'],
    ),
    cell('send-test-webhook', side, {}, (answer) =>
      answer.body.data.delivery.url === URL && answer.body.data.delivery.outcome === 'refused'
        ? []
        : [`unexpected test outcome ${JSON.stringify(answer.body.data.delivery)}`],
    ),
    cell('list-webhook-deliveries', side, { limit: 200 }, async (answer) => {
      const own = new Set((await deliveriesOf(side)).map((row) => row.id));
      const listed: { id: number }[] = answer.body.data.deliveries;
      const foreign = listed.filter((row) => !own.has(row.id));
      return foreign.length ? [`lists ${foreign.length} attempts of another company`] : [];
    }),
  ]);
}
