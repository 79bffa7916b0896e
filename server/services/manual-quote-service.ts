/**
 * Staff record a manual carrier's quote (docs/api.md record-manual-quote, issue 3): an admin or
 * super-admin of the application's company enters the status, premium, coverages, message and
 * a document, and the agent then sees it beside the automatic quotes. One transaction.
 */
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { updateApplication } from '../repositories/applications-repository.ts';
import { deleteFile, insertFile } from '../repositories/files-repository.ts';
import { findQuoteOfApplication, quoteProgress, updateQuote } from '../repositories/quotes-repository.ts';
import type { Actor } from './actor.ts';
import { type ApplicationView, viewOf } from './applications-service.ts';
import { type DocumentUpload, decodeDocument } from './document-upload.ts';
import { QUOTE_NOT_FOUND_MESSAGE } from './offline-carriers-service.ts';
import { FORBIDDEN_MESSAGE, loadOwned } from './owned-application.ts';

export const NOT_MANUAL_MESSAGE = 'Only a manual quote can be recorded.';

/** What staff enter; premium in dollars (annual), required when quoted, null when declined. */
export interface ManualQuoteInput {
  quote_id: number;
  status: 'quoted' | 'declined';
  premium: number | null;
  coverages: Record<string, number | string>;
  message: string | null;
  /** A new document; null removes the stored one; undefined keeps it. */
  document?: DocumentUpload | null;
}

/**
 * Records a manual quote. 403 FORBIDDEN_MESSAGE unless the actor is an admin or super-admin;
 * 404 when the application is not in their company (super-admin: any) or the quote is not one
 * of its quotes; 422 NOT_MANUAL_MESSAGE for a quote of another source; 400 for a bad document
 * (decodeDocument). A completed application's min_quote_amount is recomputed. Returns the view.
 */
export async function recordManualQuote(
  db: Executor,
  actor: Actor,
  id: number,
  input: ManualQuoteInput,
  now: Date = new Date(),
): Promise<ApplicationView> {
  if (actor.role !== 'admin' && actor.role !== 'super-admin') throw new ApiError(403, FORBIDDEN_MESSAGE);
  // Decoding before the transaction: a bad upload is a 400 that never touches the database.
  const bytes = input.document ? decodeDocument(input.document) : null;
  return db.transaction(async (tx) => {
    let row = await loadOwned(tx, actor, id, true);
    const quote = await findQuoteOfApplication(tx, row.id, input.quote_id, true);
    if (!quote) throw new ApiError(404, QUOTE_NOT_FOUND_MESSAGE);
    if (quote.source !== 'manual') throw new ApiError(422, NOT_MANUAL_MESSAGE);
    let documentId = quote.document_id;
    if (input.document !== undefined) {
      if (documentId !== null) await deleteFile(tx, row.id, documentId);
      documentId = null;
      if (input.document && bytes) {
        const file = await insertFile(tx, {
          application_id: row.id,
          name: input.document.name,
          content_type: input.document.content_type,
          size_bytes: bytes.length,
          content: bytes,
          uploaded_by: actor.userId,
        });
        documentId = file.id;
      }
    }
    await updateQuote(tx, quote.id, {
      status: input.status,
      premium: input.status === 'quoted' ? input.premium : null,
      coverages: input.coverages,
      message: input.message,
      // Staff copy a carrier's actual offer: it is bindable, unlike the sandbox's rates.
      indicative: false,
      answered_at: now,
      document_id: documentId,
    });
    if (row.status === 'completed') {
      const { cheapest } = await quoteProgress(tx, row.id);
      row = await updateApplication(tx, row.id, { min_quote_amount: cheapest });
    }
    return viewOf(tx, row);
  });
}
