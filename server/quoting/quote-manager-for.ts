import { sovCarriers } from '../../carrier-catalog/sov-carriers.ts';
import { currentCarriers } from './current-carriers.ts';
import { type QuoteManager, sandboxQuoteManager } from './sandbox-quote-manager.ts';

/**
 * The quote manager of a managed-program carrier by its quoteManagerId (carriers.json). Every
 * SOV carrier answers through the sandbox quote manager until a real one is configured here.
 * Throws Error for an id that is no SOV carrier's (callers check with sovCarriers() first).
 * SPEC §1 quote manager ids, issue 3 sov-quote page.
 */
export function quoteManagerFor(quoteManagerId: string): QuoteManager {
  if (!sovCarriers(currentCarriers()).some((carrier) => carrier.quote_manager_id === quoteManagerId)) {
    throw new Error(`no quote manager "${quoteManagerId}"`);
  }
  return sandboxQuoteManager(quoteManagerId);
}
