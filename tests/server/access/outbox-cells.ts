/**
 * Cells of the outbox's calls (issue 43): the list and the resend of a failed message, on the
 * callers' company and on another one. Admins for their company, super-admins for any, as every
 * portal setting; an admin naming another company, or another company's message, learns only
 * "not found". Each resend aims at a fresh failed text (the company has no SMS provider, so a
 * resend goes to the local sink); refused calls leave it as it was, and the list never shows
 * another company's messages.
 */
import { eq } from 'drizzle-orm';
import { outboxMessages } from '../../../server/db/schema.ts';
import { insertOutboxMessage } from '../../../server/repositories/outbox-repository.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Side } from './access-world.ts';
import { type Expected, MANAGERS_OTHER, MANAGERS_OWN } from './callers.ts';

/** Every outbox cell. */
export function outboxCells(w: AccessWorld): Cell[] {
  const { t } = w;
  const sides = ['own', 'other'] as const;
  const managers: Record<Side, Expected> = { own: MANAGERS_OWN, other: MANAGERS_OTHER };
  const companyIdOf = (side: Side) => (side === 'own' ? w.own : w.other).companyId;
  const companyOf = (side: Side) => (side === 'own' ? {} : { company_id: w.other.companyId });
  const messagesOf = (side: Side) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.company_id, companyIdOf(side)))
      .orderBy(outboxMessages.id);
  let latest = 0;

  /** The side's company as built (no SMS provider), with one more failed text to resend. */
  const prepare = async (side: Side) => {
    await w.restoreCompany(side);
    const row = await insertOutboxMessage(t.db, {
      company_id: companyIdOf(side),
      application_id: null,
      channel: 'sms',
      template_key: 'texting_console',
      recipient: '+13055550123',
      subject: null,
      body: `Matrix text of ${side}`,
      status: 'failed',
      error: 'The SMS provider could not be reached; the message was not sent.',
      triggered_by: null,
    });
    latest = row.id;
  };

  const cell = (
    path: string,
    side: Side,
    body: () => Record<string, unknown>,
    leaks?: Cell['leaks'],
  ): Cell => ({
    name: `portal-settings/${path} on ${OWNERS[side].whose} outbox`,
    endpoint: `POST /api/portal-settings/${path}`,
    side,
    expected: managers[side],
    request: async () => {
      await prepare(side);
      return { body: { ...companyOf(side), ...body() } };
    },
    unchanged: async () => messagesOf(side),
    leaks,
  });

  return sides.flatMap((side) => [
    cell(
      'list-outbox',
      side,
      () => ({ per_page: 100 }),
      async (answer) => {
        const own = new Set((await messagesOf(side)).map((row) => row.id));
        const listed: { id: number }[] = answer.body.data.messages;
        const foreign = listed.filter((row) => !own.has(row.id));
        return foreign.length ? [`lists ${foreign.length} messages of another company`] : [];
      },
    ),
    cell(
      'resend-outbox-message',
      side,
      () => ({ message_id: latest }),
      (answer) =>
        answer.body.data.message.status === 'sent'
          ? []
          : [`resend not sent: ${JSON.stringify(answer.body.data.message)}`],
    ),
  ]);
}
