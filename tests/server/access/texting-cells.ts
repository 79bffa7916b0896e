/**
 * Cells of the texting calls (issue 14, docs/decisions/210-texting-conversations-and-messages.md):
 * the application callers' guard (customers 403, no subscription 402); every worker of a company
 * lists, opens and answers its conversations, a super-admin any company's; another company's
 * conversation is not found. The provider's webhooks answer 403 to any post without a valid
 * signature, whoever sends it, and store nothing. Refused sends leave the thread as it was.
 */
import { eq } from 'drizzle-orm';
import { textMessages } from '../../../server/db/schema.ts';
import { insertMessage, upsertConversation } from '../../../server/repositories/texting-repository.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld } from './access-world.ts';
import { everyone, WORKERS_OTHER, WORKERS_OWN } from './callers.ts';

/** Every texting cell. */
export function textingCells(w: AccessWorld): Cell[] {
  let phone = 0;
  /** A fresh conversation of the side's company with one unread inbound message; its id. */
  const conversation = async (side: 'own' | 'other') => {
    const companyId = (side === 'own' ? w.own : w.other).companyId;
    const row = await upsertConversation(w.t.db, companyId, `+1305555${String(1000 + ++phone)}`, null);
    await insertMessage(w.t.db, {
      conversation_id: row.id,
      company_id: companyId,
      direction: 'inbound',
      body: `Matrix ${side}`,
      status: 'received',
      provider: 'sink',
    });
    return row.id;
  };
  const thread = (id: () => number) => () =>
    w.t.db
      .select({ id: textMessages.id, read_at: textMessages.read_at })
      .from(textMessages)
      .where(eq(textMessages.conversation_id, id()))
      .orderBy(textMessages.id);
  const allMessages = () =>
    w.t.db.select({ id: textMessages.id }).from(textMessages).orderBy(textMessages.id);
  const webhookForm =
    'From=%2B13055550199&To=%2B15005550006&Body=forged&MessageSid=SMmatrix&MessageStatus=delivered';

  return [
    ...(['own', 'other'] as const).flatMap((side): Cell[] => {
      let target = 0;
      return [
        {
          name: `texting/list-conversations with ${side === 'own' ? 'own' : "another company's"} conversations`,
          endpoint: 'POST /api/texting/list-conversations',
          side,
          expected: WORKERS_OWN,
          request: async () => {
            await conversation(side);
            return { body: {} };
          },
          leaks: (answer, caller) => {
            if (caller === 'super-admin') return [];
            const foreign = answer.body.data.conversations.filter(
              (c: { company_id: number }) => c.company_id === w.other.companyId,
            );
            return foreign.length > 0 ? [`lists ${foreign.length} conversations of another company`] : [];
          },
        },
        {
          name: `texting/get-conversation of ${side}`,
          endpoint: 'POST /api/texting/get-conversation',
          side,
          expected: side === 'own' ? WORKERS_OWN : WORKERS_OTHER,
          request: async () => {
            target = await conversation(side);
            return { body: { conversation_id: target } };
          },
          unchanged: thread(() => target),
        },
        {
          name: `texting/send-message in ${side}`,
          endpoint: 'POST /api/texting/send-message',
          side,
          expected: side === 'own' ? WORKERS_OWN : WORKERS_OTHER,
          request: async () => {
            target = await conversation(side);
            return { body: { conversation_id: target, body: 'Matrix answer' } };
          },
          unchanged: thread(() => target),
        },
        {
          name: `texting inbound webhook of ${side}, unsigned`,
          endpoint: 'POST /api/texting/inbound/{company_id}',
          side,
          expected: everyone(403),
          request: () => ({
            url: `/api/texting/inbound/${(side === 'own' ? w.own : w.other).companyId}`,
            form: webhookForm,
          }),
          unchanged: allMessages,
        },
        {
          name: `texting status webhook of ${side}, unsigned`,
          endpoint: 'POST /api/texting/status/{company_id}',
          side,
          expected: everyone(403),
          request: () => ({
            url: `/api/texting/status/${(side === 'own' ? w.own : w.other).companyId}`,
            form: webhookForm,
          }),
          unchanged: allMessages,
        },
      ];
    }),
    {
      // The stream carries the caller's company's events only (tests/server/texting.test.ts).
      name: 'texting/events',
      endpoint: 'GET /api/texting/events',
      side: 'none',
      expected: WORKERS_OWN,
      request: () => ({}),
    },
  ];
}
