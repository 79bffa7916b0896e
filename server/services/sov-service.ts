/**
 * The sov-quote page's calls (docs/api.md issue 3, SPEC §2 sov-quote route): read the carrier,
 * the application and its statement of values, and submit a statement to the carrier's quote
 * manager, whose answer becomes the carrier's `sov` quote.
 */

import { type SovCarrier, sovCarriers } from '../../carrier-catalog/sov-carriers.ts';
import type { Doc } from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import type { ApplicationRow, QuoteRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { currentCarriers } from '../quoting/current-carriers.ts';
import { quoteManagerFor } from '../quoting/quote-manager-for.ts';
import { QUOTE_TIMEOUT_MS } from '../quoting/quote-timeout-ms.ts';
import type { QuoteManager } from '../quoting/sandbox-quote-manager.ts';
import type { SovBuilding } from '../quoting/sov-building.ts';
import type { QuoteAnswer } from '../quoting/types.ts';
import { findApplication, updateApplication } from '../repositories/applications-repository.ts';
import { isRowId } from '../repositories/is-row-id.ts';
import { quoteProgress, quotesOfApplication, updateQuote } from '../repositories/quotes-repository.ts';
import {
  findStatementOfValues,
  saveStatementOfValues,
} from '../repositories/statements-of-values-repository.ts';
import { type Actor, accessScope } from './actor.ts';
import { type ApplicationView, viewOf } from './applications-service.ts';
import { noteCarrierFault } from './carrier-fault-note.ts';
import { isCommercial } from './is-commercial.ts';

export const INVALID_CARRIER_MESSAGE = 'Invalid Carrier';
export const INVALID_APPLICATION_ID_MESSAGE = 'Invalid Application ID';
export const INVALID_APPLICATION_TYPE_MESSAGE = 'Invalid Application Type';
export const SOV_NOT_LAUNCHED_MESSAGE = 'Launch the application to this carrier first.';

/** A building of a statement prefilled from the document: values the document lacks are null. */
export type PrefilledBuilding = { [K in keyof SovBuilding]: SovBuilding[K] | null };

export interface StatementOfValuesView {
  quote_manager_id: string;
  buildings: (SovBuilding | PrefilledBuilding)[];
  /** False for a statement prefilled from the document and never submitted. */
  submitted: boolean;
  submitted_at: string | null;
}

/**
 * The carrier and application of a sov-quote call, checked in the order of SPEC §2: 404
 * 'Invalid Carrier' unless `carrierId` is a carriers.json SOV quote manager id; 404 'Invalid
 * Application ID' unless `applicationId` is digits of an application the actor may see; 404
 * 'Invalid Application Type' unless it is commercial.
 */
async function sovTarget(
  db: Executor,
  actor: Actor,
  carrierId: string,
  applicationId: string | number,
  forUpdate = false,
): Promise<{ carrier: SovCarrier; row: ApplicationRow }> {
  const carrier = sovCarriers(currentCarriers()).find((entry) => entry.quote_manager_id === carrierId);
  if (!carrier) throw new ApiError(404, INVALID_CARRIER_MESSAGE);
  const text = String(applicationId);
  const id = /^[0-9]{1,10}$/.test(text) ? Number(text) : Number.NaN;
  const row = isRowId(id) ? await findApplication(db, id, accessScope(actor), forUpdate) : null;
  if (!row) throw new ApiError(404, INVALID_APPLICATION_ID_MESSAGE);
  if (!isCommercial(row)) throw new ApiError(404, INVALID_APPLICATION_TYPE_MESSAGE);
  return { carrier, row };
}

function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^[0-9]+(\.[0-9]+)?$/.test(value.trim())) return Number(value);
  return null;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * One building prefilled from a commercial document: location from the address, building and
 * contents values from the replacement costs (else the limits), business income, construction,
 * occupancy, year built and stories from their fields; null where the document has nothing.
 */
export function prefilledBuilding(doc: Doc): PrefilledBuilding {
  const address = [doc.address1, doc.city, doc.state, doc.zip].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return {
    location: address.length ? address.join(', ') : textOrNull(doc.searched_address),
    building_value: numberOrNull(doc.building_replacement_cost) ?? numberOrNull(doc.building_limit),
    contents_value: numberOrNull(doc.contents_replacement_cost) ?? numberOrNull(doc.contents_limit),
    business_income: numberOrNull(doc.annual_business_income),
    construction: textOrNull(doc.construction_type),
    occupancy: textOrNull(doc.building_occupancy),
    year_built: numberOrNull(doc.year_build),
    stories: numberOrNull(doc.num_of_stories),
  };
}

/**
 * docs/api.md sov/get-sov-quote: `{carrier, application, statement_of_values}`, the statement
 * being the saved one or one building prefilled from the document. 404s as sovTarget.
 */
export async function getSovQuote(
  db: Executor,
  actor: Actor,
  carrierId: string,
  applicationId: string | number,
): Promise<{
  carrier: SovCarrier;
  application: ApplicationView;
  statement_of_values: StatementOfValuesView;
}> {
  const { carrier, row } = await sovTarget(db, actor, carrierId, applicationId);
  const saved = await findStatementOfValues(db, row.id, carrier.quote_manager_id);
  return {
    carrier,
    application: await viewOf(db, row),
    statement_of_values: saved
      ? {
          quote_manager_id: carrier.quote_manager_id,
          buildings: saved.buildings,
          submitted: true,
          submitted_at: saved.updated_at.toISOString(),
        }
      : {
          quote_manager_id: carrier.quote_manager_id,
          buildings: [prefilledBuilding(row.useable_details as Doc)],
          submitted: false,
          submitted_at: null,
        },
  };
}

function sovQuoteOf(quotes: QuoteRow[], carrier: SovCarrier): QuoteRow | undefined {
  return quotes.find(
    (quote) => quote.source === 'sov' && quote.quote_manager_id === carrier.quote_manager_id,
  );
}

/** The answer recorded for a statement of values: a quote manager's, or a fault of its own. */
type SovAnswer = Pick<QuoteAnswer, 'premium' | 'coverages' | 'message' | 'indicative'> & {
  status: QuoteAnswer['status'] | 'timeout';
};

class SovTimeout extends Error {}

/**
 * Asks the carrier's quote manager; no answer within `timeoutMs` is a `timeout` (message in
 * seconds, as the quote worker words it), a failure an `error` with its message.
 */
async function askQuoteManager(
  manager: QuoteManager,
  carrier: SovCarrier,
  buildings: SovBuilding[],
  document: Doc,
  timeoutMs: number,
): Promise<SovAnswer> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new SovTimeout(`No answer within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([manager.quote({ carrier, buildings, document }, controller.signal), timeout]);
  } catch (error) {
    return {
      status: error instanceof SovTimeout ? 'timeout' : 'error',
      premium: null,
      coverages: {},
      message: error instanceof Error ? error.message : String(error),
      indicative: true,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** How a statement of values is asked: the quote manager lookup (tests plug in faulty ones) and its time limit. */
export interface SovSubmitOptions {
  now?: Date;
  /** ms; default QUOTE_TIMEOUT_MS. */
  timeoutMs?: number;
  quoteManagerFor?: (quoteManagerId: string) => QuoteManager;
}

/**
 * docs/api.md sov/submit-statement-of-values: 404s as sovTarget; 409 SOV_NOT_LAUNCHED_MESSAGE
 * when the application has no `sov` quote of this carrier. Asks the carrier's quote manager
 * outside any transaction (a remote call must not hold row locks), then in one transaction
 * re-checks, stores the statement (replacing an earlier one) and writes the answer into the
 * carrier's quote; a completed application's min_quote_amount is recomputed. Returns the view.
 */
export async function submitStatementOfValues(
  db: Executor,
  actor: Actor,
  carrierId: string,
  applicationId: string | number,
  buildings: SovBuilding[],
  options: SovSubmitOptions = {},
): Promise<ApplicationView> {
  const first = await sovTarget(db, actor, carrierId, applicationId);
  if (!sovQuoteOf(await quotesOfApplication(db, first.row.id), first.carrier)) {
    throw new ApiError(409, SOV_NOT_LAUNCHED_MESSAGE);
  }
  const answer = await askQuoteManager(
    (options.quoteManagerFor ?? quoteManagerFor)(first.carrier.quote_manager_id),
    first.carrier,
    buildings,
    first.row.useable_details as Doc,
    options.timeoutMs ?? QUOTE_TIMEOUT_MS,
  );
  return db.transaction(async (tx) => {
    const { carrier, row } = await sovTarget(tx, actor, carrierId, applicationId, true);
    const quote = sovQuoteOf(await quotesOfApplication(tx, row.id), carrier);
    if (!quote) throw new ApiError(409, SOV_NOT_LAUNCHED_MESSAGE);
    await saveStatementOfValues(tx, {
      application_id: row.id,
      quote_manager_id: carrier.quote_manager_id,
      buildings,
      submitted_by: actor.userId,
    });
    await updateQuote(tx, quote.id, {
      status: answer.status,
      premium: answer.status === 'quoted' ? answer.premium : null,
      coverages: answer.coverages,
      message: answer.message,
      indicative: answer.indicative,
      answered_at: options.now ?? new Date(),
    });
    // A failed or timed-out statement alerts like a failed automatic quote (SPEC §3 Note colours).
    if (answer.status === 'error' || answer.status === 'timeout')
      await noteCarrierFault(tx, row.id, answer.status);
    let updated = row;
    if (row.status === 'completed') {
      const { cheapest } = await quoteProgress(tx, row.id);
      updated = await updateApplication(tx, row.id, { min_quote_amount: cheapest });
    }
    return viewOf(tx, updated);
  });
}
