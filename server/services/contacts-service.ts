/**
 * Client contacts (issue 20, SPEC §2 Dialogs "contact create/update"): the insured of an agency's
 * book, created by an agent (or their admin) and named by an application's `client_name_id`
 * (SPEC §3). The fields and their rules are the application's contact fields and rules (SPEC §5,
 * the schema set's `contact` field group), so a contact is valid exactly where the same values
 * would be valid on an application. docs/decisions/432-client-contacts.md, docs/api.md Contacts.
 */
import {
  type CompiledSchemaSet,
  type Doc,
  firstMessage,
  isApplicable,
  messagesByField,
  type RuleContext,
  validateFieldGroup,
} from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import type { ApplicationRow, ContactRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import {
  type ContactFields,
  findContact,
  insertContact,
  linkContact,
  updateContact,
} from '../repositories/contacts-repository.ts';
import { type Actor, accessScope } from './actor.ts';
import { clientName } from './client-name.ts';
import { loadOwned } from './owned-application.ts';
import { compiledSchemaSet, ruleContextOf } from './schema-engine.ts';
import { compiledSchemaSetOf, currentSchemaVersion } from './schema-versions.ts';

export const CONTACT_NOT_FOUND_MESSAGE = 'Contact not found.';
/** A super-admin belongs to no agency: their contact is created from an application, in its agency. */
export const CONTACT_NEEDS_APPLICATION_MESSAGE = 'Choose the application the contact is for.';

/** The schema set field group holding the contact fields (schemas/rules/field-groups.json). */
const CONTACT_GROUP = 'contact';
/** The form the rules of a contact made outside any application are read from (SPEC §3 default product). */
const DEFAULT_CONTEXT: RuleContext = { product: 'Primary', application_type: 'flood', status: 'new' };

/** The contact fields as a request sends them (any may be missing or null). */
export type ContactInput = { [K in keyof ContactFields]?: string | null };

/** A contact as the API answers it: its fields, its display name, owner and times. */
export interface ContactView {
  id: number;
  owned_type: string;
  business_name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string;
  email: string;
  /** "First Last", else the business name, else the e-mail (what a list of contacts shows). */
  name: string;
  company_id: number;
  agent_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The answer shape of a contact row. */
export function contactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    owned_type: row.owned_type,
    business_name: row.business_name,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    email: row.email,
    name: clientName(row) ?? row.email,
    company_id: row.company_id,
    agent_id: row.agent_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The current schema set version's compiled set when it has the contact group, else the set of
 * schemas/ (a version published before the group existed).
 */
async function contactRules(db: Executor): Promise<CompiledSchemaSet> {
  const current = await compiledSchemaSetOf(db, await currentSchemaVersion(db));
  return current.set.field_groups?.[CONTACT_GROUP] ? current : compiledSchemaSet();
}

/**
 * The checked, trimmed fields of `input`: the contact group's rules of SPEC §5 (owned type,
 * names of 2 characters or more, phone 'Invalid Phone number!', e-mail 'Invalid Email!') in the
 * form of `ctx` as a new application; a field the rules hide (the business name of an individual)
 * is stored empty. Throws ApiError 422 with the first message and `error_obj` by field.
 */
async function checkedFields(db: Executor, input: ContactInput, ctx: RuleContext): Promise<ContactFields> {
  const compiled = await contactRules(db);
  const doc: Doc = {};
  for (const [field, value] of Object.entries(input)) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text) doc[field] = text;
  }
  const newCtx = { ...ctx, status: 'new' };
  const messages = validateFieldGroup(compiled, CONTACT_GROUP, doc, newCtx);
  if (messages.length) {
    throw new ApiError(422, firstMessage(compiled, messages), messagesByField(messages), { messages });
  }
  const kept = (field: keyof ContactFields) =>
    typeof doc[field] === 'string' && isApplicable(compiled, field, doc, newCtx)
      ? (doc[field] as string)
      : null;
  return {
    owned_type: doc.owned_type as string,
    business_name: kept('business_name'),
    first_name: kept('first_name'),
    last_name: kept('last_name'),
    phone: doc.phone as string,
    email: doc.email as string,
  };
}

/**
 * Creates a contact. With `applicationId` (an application the actor may see, else 404): in that
 * application's company and agent's book, checked in its product's form, and named as its client
 * (`client_name_id`) in the same transaction. Without: an agent's in their own book, an admin's in
 * their company's; a super-admin's is refused (422 CONTACT_NEEDS_APPLICATION_MESSAGE). Throws
 * ApiError 422 for invalid fields (nothing stored).
 */
export async function createContact(
  db: Executor,
  actor: Actor,
  input: ContactInput,
  applicationId?: number,
): Promise<{ contact: ContactView; application_id: number | null }> {
  return db.transaction(async (tx) => {
    const application: ApplicationRow | null =
      applicationId === undefined ? null : await loadOwned(tx, actor, applicationId, true);
    const owner = application
      ? { company_id: application.company_id, agent_id: application.agent_id }
      : actor.companyId !== null && actor.role !== 'super-admin'
        ? { company_id: actor.companyId, agent_id: actor.role === 'agent' ? actor.agentId : null }
        : null;
    if (!owner) throw new ApiError(422, CONTACT_NEEDS_APPLICATION_MESSAGE);
    const fields = await checkedFields(tx, input, application ? ruleContextOf(application) : DEFAULT_CONTEXT);
    const row = await insertContact(tx, { ...owner, ...fields });
    if (application) await linkContact(tx, application.id, row.id);
    return { contact: contactView(row), application_id: application?.id ?? null };
  });
}

/** The contact `id` the actor may see (an agent their own, an admin their company's). Throws ApiError 404. */
export async function getContact(db: Executor, actor: Actor, id: number): Promise<ContactView> {
  const row = await findContact(db, id, accessScope(actor));
  if (!row) throw new ApiError(404, CONTACT_NOT_FOUND_MESSAGE);
  return contactView(row);
}

/**
 * Replaces the fields of contact `id` (the actor's to see, else 404), checked as on create in the
 * default form. Applications naming the contact keep their own copy of the fields (a launched
 * application is what was quoted). Throws ApiError 422 for invalid fields (nothing changed).
 */
export async function changeContact(
  db: Executor,
  actor: Actor,
  id: number,
  input: ContactInput,
): Promise<ContactView> {
  return db.transaction(async (tx) => {
    const row = await findContact(tx, id, accessScope(actor), true);
    if (!row) throw new ApiError(404, CONTACT_NOT_FOUND_MESSAGE);
    return contactView(await updateContact(tx, id, await checkedFields(tx, input, DEFAULT_CONTEXT)));
  });
}
