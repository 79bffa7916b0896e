/**
 * The application calls of docs/api.md (SPEC §7): create, read, update, launch, reset, delete and
 * the alert-note toggle. Each write runs in one transaction, so a failed call changes nothing.
 */

import {
  applyDefaults,
  type CompiledSchemaSet,
  computeFields,
  type Doc,
  evaluateOutcomes,
  firstMessage,
  messagesByField,
  migrateDocument,
  type OutcomeMessage,
  type ValidationMessage,
  validateDocument,
  validateTypes,
} from '../../engine/index.ts';
import { placeholders } from '../../schemas/schema-set.ts';
import { type AuditCaller, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { currentCarriers } from '../quoting/current-carriers.ts';
import { launchTargets } from '../quoting/launch-targets.ts';
import { findAgent } from '../repositories/accounts-repository.ts';
import {
  type FoundApplication,
  findApplicationWithRelations,
  lockApplicationWithSchemaHash,
  updateApplicationWithRelations,
  updateApplicationWithRelationsIfVersion,
} from '../repositories/application-with-relations.ts';
import {
  deleteApplications,
  findApplication,
  findRelatedApplicationIds,
  insertApplication,
  type NewApplication,
  updateApplication,
  withinScope,
} from '../repositories/applications-repository.ts';
import {
  approvedStatesOf,
  companySettingsOf,
  findCompanyWithExtras,
} from '../repositories/companies-repository.ts';
import { deleteContactsNoLongerNamed } from '../repositories/contacts-repository.ts';
import { deleteFilesOfApplication } from '../repositories/files-repository.ts';
import {
  findNoteForUpdate,
  notesOfApplications,
  updateNotePayload,
} from '../repositories/notes-repository.ts';
import {
  deleteQuotesOfApplication,
  insertQuotesWithJobs,
  quotesOfApplication,
} from '../repositories/quotes-repository.ts';
import { type Actor, accessScope } from './actor.ts';
import { applicationRecordDefaults } from './application-record-defaults.ts';
import { applicationView, noteView } from './application-view.ts';
import { enqueueAutoSend } from './auto-send-job.ts';
import { enabledConnections } from './carrier-connection-settings.ts';
import { clientName } from './client-name.ts';
import { enqueueCustomerQuotesWebhook } from './customer-quotes-webhook-job.ts';
import { FORBIDDEN_MESSAGE, loadOwned, NOT_FOUND_MESSAGE } from './owned-application.ts';
import { workerSettingsOf } from './portal-settings/worker-settings.ts';
import { addressChanged, enqueuePrefill } from './prefill-queue.ts';
import { ruleContextOf } from './schema-engine.ts';
import {
  compiledSchemaSetOf,
  compiledSchemaSetWithHash,
  currentSchemaVersion,
  migrationsFrom,
} from './schema-versions.ts';
import { refuseStateChange, stateRefusal } from './state-refusal.ts';
import { visibleDocument } from './visible-document.ts';

export const NOT_SUPPORTED_MESSAGE = 'Application type is not supported yet.';
export const ALREADY_LAUNCHED_MESSAGE = 'Application is already launched.';
export const STALE_VERSION_MESSAGE =
  'This application was changed elsewhere since you opened it: merge your changes or reload.';

/** The application types the launch pipeline quotes; others answer NOT_SUPPORTED_MESSAGE. */
const LAUNCHABLE_TYPES = new Set(['flood']);

/** Address of create-new-application (docs/api.md). lat/lng in decimal degrees. */
export interface AddressInput {
  searched_address: string;
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  zip: string;
  county?: string | null;
  lat?: number | null;
  lng?: number | null;
}

export interface CreateApplicationInput {
  agent_id?: number;
  carrier_quote_type: string;
  application_type: string;
  /** The record default ("Agent Portal") or one of the company's active application sources. */
  application_source?: string;
  address: AddressInput;
}

export const UNKNOWN_SOURCE_MESSAGE = 'Choose one of the application sources of your agency.';

/**
 * The application source of a new application: the record schema's default when none is asked,
 * else `asked` when it is the default or an active source of the company (portal settings);
 * ApiError 422 UNKNOWN_SOURCE_MESSAGE otherwise. Issue 16 settings that take effect.
 */
async function applicationSourceFor(db: Executor, companyId: number, asked: string | undefined) {
  const fallback = applicationRecordDefaults().application_source;
  if (asked === undefined || asked === fallback) return fallback;
  const entry = await findCompanyWithExtras(db, companyId);
  if (entry && workerSettingsOf(entry.company).application_sources.includes(asked)) return asked;
  throw new ApiError(422, UNKNOWN_SOURCE_MESSAGE, { application_source: UNKNOWN_SOURCE_MESSAGE });
}

export type ApplicationView = ReturnType<typeof applicationView>;

/** The application view of a row with its notes and quotes. docs/api.md Application. */
export async function viewOf(db: Executor, row: ApplicationRow): Promise<ApplicationView> {
  const [notes, quotes] = await Promise.all([
    notesOfApplications(db, [row.id]),
    quotesOfApplication(db, row.id),
  ]);
  return applicationView(row, notes, quotes);
}

/**
 * The agent an application is created for: an agent creates for themself, an admin for an agent
 * of their company, a super-admin for any agent. Throws ApiError 403 otherwise, 400 when an admin
 * names no agent. Issue 2 §4 create-new-application.
 */
export async function resolveAgent(db: Executor, actor: Actor, requested: number | undefined) {
  if (actor.role === 'agent') {
    if (actor.agentId === null || (requested !== undefined && requested !== actor.agentId)) {
      throw new ApiError(403, FORBIDDEN_MESSAGE);
    }
  } else if (actor.role === 'customer') {
    throw new ApiError(403, FORBIDDEN_MESSAGE);
  } else if (requested === undefined) {
    throw new ApiError(400, 'Invalid request: body.agent_id is required', {
      'body.agent_id': 'body.agent_id is required',
    });
  }
  const agent = await findAgent(db, requested ?? (actor.agentId as number));
  if (
    !agent ||
    (actor.role === 'admin' && agent.company_id !== actor.companyId) ||
    agent.company_id === null
  ) {
    throw new ApiError(403, FORBIDDEN_MESSAGE);
  }
  return agent;
}

/**
 * The row of a new application (status new) of `agent` with document `doc` under `schemaVersion`:
 * the record schema's defaults, the product as carrier_quote_type, searched address and client
 * name from the document. Shared by create-new-application and the bulk import.
 */
export function newApplicationRecord(
  agent: { id: number; company_id: number },
  applicationType: string,
  product: string,
  doc: Doc,
  schemaVersion: number,
): NewApplication {
  return {
    ...applicationRecordDefaults(),
    agent_id: agent.id,
    company_id: agent.company_id,
    status: 'new',
    application_type: applicationType,
    carrier_quote_type: [product],
    useable_details: doc,
    schema_version: schemaVersion,
    searched_address: typeof doc.searched_address === 'string' ? doc.searched_address : '',
    client_name: clientName(doc),
  };
}

/**
 * Creates an application for an address: checks the agent's licence for the state (422
 * NOT_LICENSED_MESSAGE) and the agency's approved states (422 NOT_APPROVED_STATE_MESSAGE,
 * state-refusal.ts), stores applyDefaults(address + the birth date placeholder) as the document
 * and the record schema's row defaults: the client's phone and e-mail start empty, for the agent
 * to enter, and the rules refuse the old placeholders (issue 40, ADR 766). Returns the application
 * view. SPEC §3, §6, docs/api.md.
 */
export async function createApplication(
  db: Executor,
  actor: Actor,
  input: CreateApplicationInput,
): Promise<ApplicationView> {
  const schemaVersion = await currentSchemaVersion(db);
  const compiled = await compiledSchemaSetOf(db, schemaVersion);
  return db.transaction(async (tx) => {
    const agent = await resolveAgent(tx, actor, input.agent_id);
    const state = input.address.state.toUpperCase();
    const refusal = stateRefusal(
      agent.licensed_states,
      await approvedStatesOf(tx, agent.company_id as number),
      state,
    );
    if (refusal) throw new ApiError(422, refusal);
    const source = await applicationSourceFor(tx, agent.company_id as number, input.application_source);
    const { address } = input;
    const seed: Doc = {
      date_of_birth: placeholders.date_of_birth,
      searched_address: address.searched_address,
      address: address.searched_address,
      address1: address.address1,
      address2: address.address2 ?? null,
      city: address.city,
      state,
      zip: address.zip,
      county: address.county ?? null,
      lat: address.lat ?? null,
      lng: address.lng ?? null,
    };
    // Keys the model does not have would fail the first update's type check; drop them here.
    const known = Object.fromEntries(Object.entries(seed).filter(([key]) => key in compiled.properties));
    const doc = applyDefaults(compiled, known);
    const row = await insertApplication(tx, {
      ...newApplicationRecord(
        { id: agent.id, company_id: agent.company_id as number },
        input.application_type,
        input.carrier_quote_type,
        doc,
        schemaVersion,
      ),
      application_source: source,
    });
    // Pre-fill runs by itself, in the background, once the application exists (issue 40).
    await enqueuePrefill(tx, row, 'created');
    return viewOf(tx, row);
  });
}

/**
 * The application view, or ApiError 404 when missing or not the caller's. A draft made under an
 * older schema version that newer versions migrate (a field renamed, dropped, an option remapped)
 * is upgraded first and saved under the current version; without migrations pending it keeps its
 * version, and its rules and texts, until reset. `read`: the application already read without a
 * scope (with the session, ADR 590; null when no row has the id), checked against the actor's
 * scope here; undefined reads it. docs/api.md; issue 10 part 3.
 */
export async function getApplication(
  db: Executor,
  actor: Actor,
  id: number,
  read?: FoundApplication | null,
): Promise<ApplicationView> {
  const scope = accessScope(actor);
  const found =
    read === undefined
      ? await findApplicationWithRelations(db, id, scope)
      : read && withinScope(scope, read.row)
        ? read
        : null;
  if (!found) throw new ApiError(404, NOT_FOUND_MESSAGE);
  const { row } = found;
  const view = () => applicationView(row, found.notes, found.quotes);
  if (row.status !== 'new') return view();
  const current = found.currentSchemaVersion ?? (await currentSchemaVersion(db));
  if (row.schema_version >= current || (await migrationsFrom(db, row.schema_version, current)).length === 0) {
    return view();
  }
  return db.transaction(async (tx) => {
    const locked = await loadOwned(tx, actor, id, true);
    if (locked.status !== 'new' || locked.schema_version >= current) return viewOf(tx, locked);
    return viewOf(tx, await updateApplication(tx, id, await upgradedDocument(tx, locked, current)));
  });
}

/** The columns of `row` upgraded to schema version `to`: migrated document, recomputed fields, the version. */
async function upgradedDocument(db: Executor, row: ApplicationRow, to: number) {
  const compiled = await compiledSchemaSetOf(db, to);
  const migrated = migrateDocument(row.useable_details, await migrationsFrom(db, row.schema_version, to));
  const doc = computeFields(compiled, migrated, ruleContextOf(row));
  return { ...documentColumns(doc, row), schema_version: to };
}

function typeFailure(compiled: CompiledSchemaSet, messages: ValidationMessage[]): ApiError {
  return new ApiError(422, firstMessage(compiled, messages), messagesByField(messages), { messages });
}

/**
 * Merges `details` over the stored document and recomputes computed fields, with the compiled set
 * of the application's schema version. With `checkTypes`, first rejects wrong types/options of what
 * is sent (422), as a draft save must.
 */
function mergeDetails(
  compiled: CompiledSchemaSet,
  row: ApplicationRow,
  details: Doc,
  checkTypes: boolean,
): Doc {
  if (checkTypes) {
    const messages = validateTypes(compiled, details);
    if (messages.length) throw typeFailure(compiled, messages);
  }
  return computeFields(compiled, { ...visibleDocument(row), ...details }, ruleContextOf(row));
}

function documentColumns(doc: Doc, row: ApplicationRow) {
  return {
    useable_details: doc,
    searched_address: typeof doc.searched_address === 'string' ? doc.searched_address : row.searched_address,
    client_name: clientName(doc),
  };
}

/**
 * Saves fields of a draft (status new, else 409): checks only types and options of what is sent,
 * refuses a changed state the agent may not have (422, state-refusal.ts), then merges it over the stored document, recomputes computed fields and bumps `version`.
 * With `version` (the one the edit was based on) different from the stored one, changes nothing
 * and throws ApiError 409 STALE_VERSION_MESSAGE with `data.application`, the current view, so
 * no acknowledged write is overwritten unseen. docs/api.md update-application, docs/decisions/100.
 * With `read` (the row the session's statement read unlocked, ADR 590; null when it found none),
 * the save is one conditional statement on the version read (two statements per call with the
 * session's); only when another write came first does it take the locking path below, which
 * answers as it always did (docs/decisions/744-autosave-in-two-statements.md).
 */
export async function updateApplicationDetails(
  db: Executor,
  actor: Actor,
  id: number,
  details: Doc,
  version?: number,
  read?: FoundApplication | null,
): Promise<ApplicationView> {
  if (read !== undefined) {
    const found = read && withinScope(accessScope(actor), read.row) ? read : null;
    if (!found) throw new ApiError(404, NOT_FOUND_MESSAGE);
    const { row } = found;
    if (row.status !== 'new') throw new ApiError(409, ALREADY_LAUNCHED_MESSAGE);
    if (version !== undefined && version !== row.version) {
      throw new ApiError(409, STALE_VERSION_MESSAGE, null, {
        application: applicationView(row, found.notes, found.quotes),
      });
    }
    const compiled = await compiledSchemaSetWithHash(db, row.schema_version, found.schemaHash);
    const doc = mergeDetails(compiled, row, details, true);
    await refuseStateChange(db, row, doc);
    const saved = await updateApplicationWithRelationsIfVersion(
      db,
      id,
      row.version,
      documentColumns(doc, row),
    );
    if (saved) {
      if (addressChanged(row.useable_details, doc)) await enqueuePrefill(db, row, 'address-changed');
      return applicationView(saved.row, saved.notes, saved.quotes);
    }
  }
  return db.transaction(async (tx) => {
    // The row lock orders concurrent writers, so the version compared is the one overwritten.
    const locked = await lockApplicationWithSchemaHash(tx, id, accessScope(actor));
    if (!locked) throw new ApiError(404, NOT_FOUND_MESSAGE);
    const { row } = locked;
    if (row.status !== 'new') throw new ApiError(409, ALREADY_LAUNCHED_MESSAGE);
    if (version !== undefined && version !== row.version) {
      throw new ApiError(409, STALE_VERSION_MESSAGE, null, { application: await viewOf(tx, row) });
    }
    const compiled = await compiledSchemaSetWithHash(tx, row.schema_version, locked.schemaHash);
    const doc = mergeDetails(compiled, row, details, true);
    await refuseStateChange(tx, row, doc);
    const updated = await updateApplicationWithRelations(tx, id, documentColumns(doc, row));
    // A new address is looked up again; the pre-fill replaces only the values it put there (issue 40).
    if (addressChanged(row.useable_details, doc)) await enqueuePrefill(tx, row, 'address-changed');
    return applicationView(updated.row, updated.notes, updated.quotes);
  });
}

/**
 * Launches an application: 409 unless new; 422 for a type not quoted yet, a changed state the
 * agent may not have (state-refusal.ts), invalid data (first
 * message, error_obj by field, data.messages) or an underwriting block (its message,
 * data.outcomes). Otherwise stores the document, sets status launched and queues one pending
 * quote and job per launch target, all in one transaction (with no target it is completed at
 * once, and the customer quotes webhook queued). Returns the view and the warnings.
 * docs/api.md launch-application, SPEC §5, §8.
 */
export async function launchApplication(
  db: Executor,
  actor: Actor,
  id: number,
  details: Doc,
  now: Date = new Date(),
): Promise<{ application: ApplicationView; warnings: OutcomeMessage[] }> {
  return db.transaction(async (tx) => {
    const row = await loadOwned(tx, actor, id, true);
    if (row.status !== 'new') throw new ApiError(409, ALREADY_LAUNCHED_MESSAGE);
    if (!LAUNCHABLE_TYPES.has(row.application_type)) throw new ApiError(422, NOT_SUPPORTED_MESSAGE);
    // Validated and launched against the version the application was made (or last reset) under.
    const compiled = await compiledSchemaSetOf(tx, row.schema_version);
    const doc = mergeDetails(compiled, row, details, false);
    await refuseStateChange(tx, row, doc);
    const ctx = ruleContextOf(row);
    // The form's own order first (what the agent sees), then anything malformed outside the form.
    const messages = validateDocument(compiled, doc, ctx);
    if (messages.length) throw typeFailure(compiled, messages);
    const typeMessages = validateTypes(compiled, doc);
    if (typeMessages.length) throw typeFailure(compiled, typeMessages);
    const outcomes = evaluateOutcomes(compiled, doc, ctx);
    const block = outcomes.find((o) => o.outcome === 'block');
    if (block) throw new ApiError(422, block.message, null, { outcomes });
    // Carriers the company connected live (issue 19) are asked through their connection.
    const catalogue = currentCarriers();
    const targets = launchTargets(
      doc,
      ctx,
      catalogue,
      enabledConnections(await companySettingsOf(tx, row.company_id), catalogue),
    );
    // With no carrier to ask there is nothing to wait for: the launch is complete at once. The
    // application moves to launched before its quotes exist, so its roll-up triggers (ADR 500)
    // move no quotes between buckets: the quotes' own insert counts them where they end up.
    const updated = await updateApplication(tx, id, {
      ...documentColumns(doc, row),
      status: targets.length ? 'launched' : 'completed',
      launched_at: now,
      min_quote_amount: null,
    });
    await insertQuotesWithJobs(
      tx,
      targets.map((target) => ({
        application_id: row.id,
        carrier: target.carrier,
        sub_carrier: target.sub_carrier,
        display_name: target.display_name,
        connector: target.connector,
        benefits: target.benefits,
        status: 'pending' as const,
        requested_at: now,
      })),
    );
    if (updated.status === 'completed') await enqueueCustomerQuotesWebhook(tx, updated, now);
    // The launch's automatic messages (issue 14): at once when nothing is to wait for, else the follow-up.
    await enqueueAutoSend(tx, updated, updated.status === 'completed' ? 'complete' : 'timeout', now);
    return {
      application: await viewOf(tx, updated),
      warnings: outcomes.filter((o) => o.outcome === 'warning'),
    };
  });
}

/**
 * Back to status new: quotes and jobs removed, min_quote_amount cleared, relaunch count + 1, and
 * the document upgraded to the current schema version (issue 10 part 3). docs/api.md reset-application.
 */
export async function resetApplication(db: Executor, actor: Actor, id: number): Promise<ApplicationView> {
  const current = await currentSchemaVersion(db);
  return db.transaction(async (tx) => {
    const row = await loadOwned(tx, actor, id, true);
    await deleteQuotesOfApplication(tx, row.id);
    // Documents of manual quotes go with their quotes; statements of values stay for the relaunch.
    await deleteFilesOfApplication(tx, row.id);
    const updated = await updateApplication(tx, id, {
      ...(row.schema_version < current ? await upgradedDocument(tx, row, current) : {}),
      status: 'new',
      min_quote_amount: null,
      launched_at: null,
      application_relaunch_count: row.application_relaunch_count + 1,
    });
    return viewOf(tx, updated);
  });
}

/**
 * Deletes an application, and with `deleteAllRelated` every application of the same agent at
 * the same searched address. Returns the deleted ids, ascending. docs/api.md. In the same
 * transaction (issue 38): each one's client contact goes too unless another application names it,
 * and each deletion is audited as application.deleted by `caller`.
 */
export async function deleteApplication(
  db: Executor,
  actor: Actor,
  id: number,
  deleteAllRelated: boolean,
  caller: AuditCaller = { actor, clientAddress: null },
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const row = await loadOwned(tx, actor, id, true);
    let ids = [row.id];
    if (deleteAllRelated) {
      const related = await findRelatedApplicationIds(tx, row.agent_id, row.searched_address);
      const visible = await Promise.all(
        related.map((relatedId) => findApplication(tx, relatedId, accessScope(actor))),
      );
      ids = [...new Set([row.id, ...visible.filter((r) => r !== null).map((r) => r.id)])].sort(
        (a, b) => a - b,
      );
    }
    const deleted = await deleteApplications(tx, ids);
    const contactIds = await deleteContactsNoLongerNamed(
      tx,
      deleted.map((application) => application.client_name_id),
    );
    for (const application of deleted) {
      await recordAuditEvent(tx, caller, {
        action: 'application.deleted',
        companyId: application.company_id,
        target: { type: 'application', id: application.id },
        details: { contacts_deleted: contactIds.filter((c) => String(c) === application.client_name_id) },
      });
    }
    return ids;
  });
}

/** Flips a note's payload.is_alert; 404 when the application or note is not the caller's. */
export async function toggleAlertNote(db: Executor, actor: Actor, applicationId: number, noteId: number) {
  return db.transaction(async (tx) => {
    await loadOwned(tx, actor, applicationId, true);
    const note = await findNoteForUpdate(tx, noteId, applicationId);
    if (!note) throw new ApiError(404, 'Note not found.');
    const updated = await updateNotePayload(tx, note.id, {
      ...note.payload,
      is_alert: !note.payload.is_alert,
    });
    return noteView(updated);
  });
}
