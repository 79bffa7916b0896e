/**
 * Where an application may be: the agent's licence and the agency's approved states (SPEC §6,
 * §8; docs/decisions/150-approved-states.md, 330-approved-states-on-every-path.md). The texts are
 * data, in server/config/state-refusal-messages.json. One check for every path that puts an
 * address on an application: create-new-application, update-application and launch-application
 * (agents in the portal and partners through API keys alike) and the bulk import's rows.
 */

import type { Doc } from '../../engine/index.ts';
import messages from '../config/state-refusal-messages.json' with { type: 'json' };
import type { Executor } from '../db/database.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { findAgent } from '../repositories/accounts-repository.ts';
import { approvedStatesOf } from '../repositories/companies-repository.ts';

/** SPEC §8: the agent holds no licence for the address state. */
export const NOT_LICENSED_MESSAGE: string = messages.not_licensed;
/** The agency is not approved for the address state (in the style of the licence message). */
export const NOT_APPROVED_STATE_MESSAGE: string = messages.not_approved_state;

/**
 * Why an agent may not have an application in `state` (a two-letter code, upper case):
 * NOT_LICENSED_MESSAGE when `licensed` lacks it, NOT_APPROVED_STATE_MESSAGE when the agency is
 * restricted to a non-empty `approved` list without it (an empty list: not restricted yet, ADR
 * 150); null when it may. The licence is checked first.
 */
export function stateRefusal(licensed: string[], approved: string[], state: string): string | null {
  if (!licensed.includes(state)) return NOT_LICENSED_MESSAGE;
  if (approved.length > 0 && !approved.includes(state)) return NOT_APPROVED_STATE_MESSAGE;
  return null;
}

/** The `state` of a document, upper case; '' when it has none. */
export function documentState(doc: Doc): string {
  return typeof doc.state === 'string' ? doc.state.trim().toUpperCase() : '';
}

/**
 * Refuses moving application `row` to the state of `doc` (its merged document) when its agent may
 * not be there: ApiError 422 with the refusal as message and on error_obj.state. Nothing is checked
 * when the state is empty or unchanged (the address was checked when it was set). Used inside the
 * caller's transaction, so a refused call writes nothing.
 */
export async function refuseStateChange(db: Executor, row: ApplicationRow, doc: Doc): Promise<void> {
  const state = documentState(doc);
  if (state === '' || state === documentState(row.useable_details)) return;
  const agent = await findAgent(db, row.agent_id);
  const refusal = stateRefusal(
    agent?.licensed_states ?? [],
    await approvedStatesOf(db, row.company_id),
    state,
  );
  if (refusal) throw new ApiError(422, refusal, { state: refusal });
}
