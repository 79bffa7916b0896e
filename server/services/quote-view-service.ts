/**
 * The `{{quote_link}}` short code and the page it opens (issue 16, docs/decisions/440): a client
 * with a customer account is sent to their dashboard in the customer portal, where the application
 * is one of theirs; any other client gets a signed, expiring link to a read-only view of the
 * application's quotes and their agent's contact, opened without signing in.
 */
import type { Executor } from '../db/database.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import {
  QUOTE_LINK_DAYS,
  QUOTE_VIEW_KEY,
  signQuoteViewToken,
  verifyQuoteViewToken,
} from '../messaging/quote-view-token.ts';
import { findApplication } from '../repositories/applications-repository.ts';
import { agentContacts } from '../repositories/customer-portal-repository.ts';
import { signingKey } from '../repositories/signing-keys-repository.ts';
import { type ClientApplication, clientApplicationView } from './customer-portal-service.ts';

/** The answer to a token that is malformed, altered, expired or names a deleted application. */
export const QUOTE_LINK_INVALID = 'This quote link is invalid or has expired.';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The link `{{quote_link}}` renders to for `application` at `now`, on the portal's origin
 * `publicBaseUrl`: `/dashboard#client-application-<id>` when the application has a client account,
 * else `/quote-view?token=<token>` valid QUOTE_LINK_DAYS days; '' without an application.
 */
export async function quoteLink(
  db: Executor,
  application: Pick<ApplicationRow, 'id' | 'client_user_id'> | null,
  publicBaseUrl: string,
  now: Date = new Date(),
): Promise<string> {
  if (!application) return '';
  const base = publicBaseUrl.replace(/\/+$/, '');
  if (application.client_user_id !== null) return `${base}/dashboard#client-application-${application.id}`;
  const key = await signingKey(db, QUOTE_VIEW_KEY);
  const token = signQuoteViewToken(key, application.id, new Date(now.getTime() + QUOTE_LINK_DAYS * DAY_MS));
  return `${base}/quote-view?token=${token}`;
}

/**
 * The application a quote link's `token` opens at `now`, as its client reads it (no requests:
 * the view is read-only). Throws ApiError 404 QUOTE_LINK_INVALID for a token that does not open.
 */
export async function quoteView(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<ClientApplication> {
  const applicationId = verifyQuoteViewToken(await signingKey(db, QUOTE_VIEW_KEY), token, now);
  const row = applicationId === null ? null : await findApplication(db, applicationId, { kind: 'all' });
  if (!row) throw new ApiError(404, QUOTE_LINK_INVALID);
  const [contact] = await agentContacts(db, [row.agent_id]);
  return clientApplicationView(db, row, contact, [], now);
}
