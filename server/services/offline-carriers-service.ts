/**
 * Launching an application to the managed-program (SOV) and manual carriers, and reactivating a
 * carrier's quote (docs/api.md issue 3, SPEC §7). These quotes have no job: a statement of
 * values or a staff entry answers them later, so they never hold an application open.
 * Each call is one transaction: a failed call changes nothing.
 */

import { carrierSettings } from '../../carrier-catalog/carrier-settings.ts';
import { manualCarriers } from '../../carrier-catalog/manual-carriers.ts';
import { sovCarriers } from '../../carrier-catalog/sov-carriers.ts';
import type { Executor } from '../db/database.ts';
import type { ApplicationRow, QuoteRow, QuoteSource } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { currentCarriers } from '../quoting/current-carriers.ts';
import { updateApplication } from '../repositories/applications-repository.ts';
import {
  enqueueQuoteJob,
  findQuoteOfApplication,
  insertQuote,
  quotesOfApplication,
  updateQuote,
} from '../repositories/quotes-repository.ts';
import type { Actor } from './actor.ts';
import { type ApplicationView, viewOf } from './applications-service.ts';
import { isCommercial } from './is-commercial.ts';
import { requireKnownCarrierIds } from './known-carrier-ids.ts';
import { loadOwned } from './owned-application.ts';

export const CARRIER_NOT_SUPPORTED_MESSAGE = 'Application Type is not supported for this carrier.';
export const LAUNCH_FIRST_MESSAGE = 'Launch the application first.';
export const SOV_PENDING_MESSAGE = 'Statement of values needed.';
export const MANUAL_PENDING_MESSAGE = 'Waiting for the underwriter.';
export const QUOTE_NOT_FOUND_MESSAGE = 'Quote not found.';
export const NOT_REACTIVATABLE_MESSAGE = 'Only a declined, error or timeout quote can be reactivated.';

/** The message a pending quote of each source shows until it is answered. */
export const PENDING_MESSAGES: Record<QuoteSource, string | null> = {
  automatic: null,
  sov: SOV_PENDING_MESSAGE,
  manual: MANUAL_PENDING_MESSAGE,
};

const REACTIVATABLE = new Set(['declined', 'error', 'timeout']);

function stateOf(row: ApplicationRow): string {
  const state = row.useable_details.state;
  return typeof state === 'string' ? state.trim().toUpperCase() : '';
}

/** 422 unless the carrier writes the application's product, then 422 unless it writes its state. */
function assertWrites(
  row: ApplicationRow,
  carrier: { display_name: string; quote_types: string[]; states: string[] },
) {
  if (!carrier.quote_types.includes(row.carrier_quote_type[0] ?? '')) {
    throw new ApiError(422, CARRIER_NOT_SUPPORTED_MESSAGE);
  }
  const state = stateOf(row);
  if (!carrier.states.includes(state)) {
    throw new ApiError(422, `${carrier.display_name} does not write in ${state || 'this state'}.`);
  }
}

function alreadyHas(existing: QuoteRow[], source: QuoteSource, carrier: string, subCarrier: string | null) {
  return existing.some(
    (quote) => quote.source === source && quote.carrier === carrier && quote.sub_carrier === subCarrier,
  );
}

/**
 * Adds one pending `sov` quote (message SOV_PENDING_MESSAGE) per named quote manager id the
 * application has none for yet. 400 first for an id that is no SOV carrier of the catalogue in use
 * (requireKnownCarrierIds); then 404 when not the caller's; 409 LAUNCH_FIRST_MESSAGE in status
 * new; 422 CARRIER_NOT_SUPPORTED_MESSAGE unless commercial; 422 when a carrier does not write the
 * state. docs/api.md issue 3.
 */
export async function launchSovCarriers(
  db: Executor,
  actor: Actor,
  id: number,
  quoteManagerIds: string[],
  now: Date = new Date(),
): Promise<ApplicationView> {
  const catalogue = currentCarriers();
  const known = sovCarriers(catalogue);
  requireKnownCarrierIds(
    'sov_carrier_names_list',
    quoteManagerIds,
    known.map((carrier) => carrier.quote_manager_id),
  );
  return db.transaction(async (tx) => {
    const row = await loadOwned(tx, actor, id, true);
    if (!isCommercial(row)) throw new ApiError(422, CARRIER_NOT_SUPPORTED_MESSAGE);
    if (row.status === 'new') throw new ApiError(409, LAUNCH_FIRST_MESSAGE);
    const carriers = known.filter((carrier) => quoteManagerIds.includes(carrier.quote_manager_id));
    for (const carrier of carriers) assertWrites(row, carrier);
    const existing = await quotesOfApplication(tx, row.id);
    for (const carrier of carriers) {
      if (alreadyHas(existing, 'sov', carrier.carrier, carrier.sub_carrier)) continue;
      await insertQuote(tx, {
        application_id: row.id,
        carrier: carrier.carrier,
        sub_carrier: carrier.sub_carrier,
        display_name: carrier.display_name,
        connector: 'sov',
        benefits: carrierSettings(carrier.carrier, carrier.sub_carrier, catalogue).benefits,
        status: 'pending',
        message: SOV_PENDING_MESSAGE,
        source: 'sov',
        quote_manager_id: carrier.quote_manager_id,
        requested_at: now,
      });
    }
    return viewOf(tx, row);
  });
}

/**
 * Adds one pending `manual` quote (message MANUAL_PENDING_MESSAGE) per named manual carrier the
 * application has none for yet. 400 first for a name that is no manual carrier of the catalogue
 * in use (requireKnownCarrierIds); then 404 when not the caller's; 409 LAUNCH_FIRST_MESSAGE in
 * status new; 422 CARRIER_NOT_SUPPORTED_MESSAGE when a carrier does not write the product, 422
 * when it does not write the state. docs/api.md issue 3.
 */
export async function launchManualCarriers(
  db: Executor,
  actor: Actor,
  id: number,
  carrierNames: string[],
  now: Date = new Date(),
): Promise<ApplicationView> {
  const catalogue = currentCarriers();
  const known = manualCarriers(catalogue);
  requireKnownCarrierIds(
    'manual_carrier_names_list',
    carrierNames,
    known.map((carrier) => carrier.carrier),
  );
  return db.transaction(async (tx) => {
    const row = await loadOwned(tx, actor, id, true);
    if (row.status === 'new') throw new ApiError(409, LAUNCH_FIRST_MESSAGE);
    const carriers = known.filter((carrier) => carrierNames.includes(carrier.carrier));
    for (const carrier of carriers) assertWrites(row, carrier);
    const existing = await quotesOfApplication(tx, row.id);
    for (const carrier of carriers) {
      if (alreadyHas(existing, 'manual', carrier.carrier, null)) continue;
      await insertQuote(tx, {
        application_id: row.id,
        carrier: carrier.carrier,
        sub_carrier: null,
        display_name: carrier.display_name,
        connector: 'manual',
        benefits: carrierSettings(carrier.carrier, null, catalogue).benefits,
        status: 'pending',
        message: MANUAL_PENDING_MESSAGE,
        source: 'manual',
        requested_at: now,
      });
    }
    return viewOf(tx, row);
  });
}

/**
 * Puts a declined, error or timeout quote back to pending (premium, coverages and answer
 * cleared). An automatic quote gets a new job, and a completed application goes back to
 * launched so the worker completes it again; sov and manual quotes wait as after their launch.
 * 404 when the application or quote is not the caller's; 409 NOT_REACTIVATABLE_MESSAGE for a
 * pending or quoted quote. docs/api.md reactivate-carrier, SPEC §2 reactivate carrier.
 */
export async function reactivateCarrier(
  db: Executor,
  actor: Actor,
  id: number,
  quoteId: number,
  now: Date = new Date(),
): Promise<ApplicationView> {
  return db.transaction(async (tx) => {
    let row = await loadOwned(tx, actor, id, true);
    const quote = await findQuoteOfApplication(tx, row.id, quoteId, true);
    if (!quote) throw new ApiError(404, QUOTE_NOT_FOUND_MESSAGE);
    if (!REACTIVATABLE.has(quote.status)) throw new ApiError(409, NOT_REACTIVATABLE_MESSAGE);
    await updateQuote(tx, quote.id, {
      status: 'pending',
      premium: null,
      coverages: {},
      message: PENDING_MESSAGES[quote.source],
      requested_at: now,
      answered_at: null,
    });
    if (quote.source === 'automatic') {
      await enqueueQuoteJob(tx, row.id, quote.id);
      if (row.status === 'completed') row = await updateApplication(tx, row.id, { status: 'launched' });
    }
    return viewOf(tx, row);
  });
}
