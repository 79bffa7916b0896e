/**
 * Client contacts (issue 20, SPEC §2 Dialogs "contact create/update"; docs/api.md Contacts):
 * `agent-portal/create-contact` (optionally naming it an application's client through
 * client_name_id), `agent-portal/get-contact` and `agent-portal/update-contact`, behind the
 * applications area's guard (customers 403, 402 without a subscription).
 * docs/decisions/432-client-contacts.md.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { type ContactInput, changeContact, createContact, getContact } from '../services/contacts-service.ts';
import { idSchema, sessionBodySchema } from './request-schemas.ts';
import { areaRoute, idOf } from './session-route.ts';

const contactText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

/**
 * The contact fields as JSON Schema checks their types and lengths; which are required and their
 * messages (SPEC §5) are the schema set's, checked by the service.
 */
const contactFieldsSchema = {
  owned_type: contactText(100),
  business_name: contactText(200),
  first_name: contactText(100),
  last_name: contactText(100),
  phone: contactText(30),
  email: contactText(254),
};

export const createContactBodySchema = sessionBodySchema(
  { ...contactFieldsSchema, application_id: idSchema },
  [],
);
export const updateContactBodySchema = sessionBodySchema({ ...contactFieldsSchema, contact_id: idSchema }, [
  'contact_id',
]);
export const getContactBodySchema = sessionBodySchema({ contact_id: idSchema }, ['contact_id']);

/** The contact fields of a checked body. */
function contactInput(body: ContactInput): ContactInput {
  const { owned_type, business_name, first_name, last_name, phone, email } = body;
  return { owned_type, business_name, first_name, last_name, phone, email };
}

/** Registers the contact calls. */
export async function contactRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const route = areaRoute(app, db, 'applications');

  route('agent-portal/create-contact', createContactBodySchema, async (request) => {
    const data = await createContact(
      db,
      actorOf(request),
      contactInput(request.body),
      idOf(request.body.application_id),
    );
    return success(data.application_id === null ? 'Contact created.' : 'Contact created and linked.', data);
  });

  route('agent-portal/get-contact', getContactBodySchema, async (request) => {
    const id = Number(request.body.contact_id);
    return success('Contact.', { contact: await getContact(db, actorOf(request), id) });
  });

  route('agent-portal/update-contact', updateContactBodySchema, async (request) => {
    const id = Number(request.body.contact_id);
    return success('Contact saved.', {
      contact: await changeContact(db, actorOf(request), id, contactInput(request.body)),
    });
  });
}
