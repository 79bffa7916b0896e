/**
 * The template preview of the messaging console (issue 14, docs/decisions/250-template-preview-and-checks-on-save.md):
 * an e-mail or SMS template as typed, checked and rendered by the product's one renderer
 * (server/messaging/render-template.ts) for a chosen application of the company, or for a sample
 * client when none is chosen.
 */
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { renderTemplate, type ShortCodeValues, TemplateRenderError } from '../messaging/render-template.ts';
import { shortCodeValues } from '../messaging/short-code-values.ts';
import { findCompanyWithExtras } from '../repositories/companies-repository.ts';
import {
  findShortCodeSubject,
  type ShortCodeSubject,
} from '../repositories/short-code-subject-repository.ts';
import { COMPANY_NOT_FOUND, managedCompanyId } from './account-access.ts';
import type { Actor } from './actor.ts';
import { checkTemplateTexts } from './portal-settings/template-checks.ts';
import { quoteLink } from './quote-view-service.ts';

export const APPLICATION_NOT_FOUND = 'No such application.';

/** The sample client a template is previewed for when no application is chosen. */
export const SAMPLE_SUBJECT: ShortCodeSubject = {
  application: {
    id: 42,
    useable_details: { first_name: 'Jane', last_name: 'Sample' },
    searched_address: '123 Ocean Drive, Miami, FL 33139',
    min_quote_amount: 1234.5,
    client_user_id: null,
  },
  agentName: 'Alex Agent',
  agentPhone: '(305) 555-0100',
  companyName: null,
  quotes: [
    { display_name: 'Sample Carrier A', premium: 1234.5 },
    { display_name: 'Sample Carrier B', premium: 1480 },
  ],
};

export interface PreviewInput {
  kind: 'email' | 'sms';
  subject?: string;
  body: string;
  application_id?: number;
}

/**
 * `{subject, body, sample}`: the texts rendered (subject null for SMS); `sample` true when no
 * application was chosen. Throws 422 naming `subject` or `body` for a syntax error or an unknown
 * short code (checkTemplateTexts) or a template over the renderer's bounds, 404 APPLICATION_NOT_FOUND for an application that is not the
 * managed company's, 404 for an unknown company.
 */
export async function previewTemplate(
  db: Executor,
  actor: Actor,
  requestedCompanyId: number | undefined,
  input: PreviewInput,
  publicBaseUrl: string,
) {
  const companyId = managedCompanyId(actor, requestedCompanyId);
  const entry = await findCompanyWithExtras(db, companyId);
  if (!entry) throw new ApiError(404, COMPANY_NOT_FOUND);
  const subjectText = input.kind === 'email' ? (input.subject ?? '') : null;
  checkTemplateTexts({ subject: subjectText, body: input.body });
  let subject = SAMPLE_SUBJECT;
  if (input.application_id !== undefined) {
    const found = await findShortCodeSubject(db, input.application_id, companyId);
    if (!found) throw new ApiError(404, APPLICATION_NOT_FOUND);
    subject = found;
  }
  // The sample's link opens nothing: a signed link to id 42 would open a real application.
  const link =
    subject === SAMPLE_SUBJECT
      ? `${publicBaseUrl.replace(/\/+$/, '')}/quote-view?token=sample`
      : await quoteLink(db, subject.application, publicBaseUrl);
  const values = shortCodeValues(
    subject.application,
    {
      agentName: subject.agentName,
      agentPhone: subject.agentPhone,
      companyName: subject.companyName ?? entry.company.name,
    },
    link,
    subject.quotes,
  );
  return {
    subject: subjectText === null ? null : rendered('subject', subjectText, values),
    body: rendered('body', input.body, values),
    sample: input.application_id === undefined,
  };
}

/** `text` rendered; a template that parses but cannot render (over the time or memory bound) is a 422 on `field`. */
function rendered(field: 'subject' | 'body', text: string, values: ShortCodeValues): string {
  try {
    return renderTemplate(text, values);
  } catch (error) {
    if (error instanceof TemplateRenderError)
      throw new ApiError(422, error.message, { [field]: error.message });
    throw error;
  }
}
