/**
 * What a carrier connection test leaves behind (issue 43, docs/decisions/772): a
 * carrier_connection_tests row naming the connection definition tried (definitionHash), whether it
 * passed (the carrier answered a quote or a decline that the mapping read) and whether the carrier
 * refused the credentials (TriedQuote.credentials_refused: a 401 or 403 the token renewal did not
 * cure, not an expired token it replaced).
 */
import { createHash } from 'node:crypto';
import type { HttpConnection } from '../../carrier-catalog/connection-types.ts';
import type { Executor } from '../db/database.ts';
import type { TriedQuote } from '../quoting/http/http-connector.ts';
import { insertConnectionTest } from '../repositories/carrier-catalog-repository.ts';
import type { Actor } from './actor.ts';

/** sha256 (hex) of a connection definition's JSON as stored: equal definitions, equal hashes. */
export function definitionHash(definition: HttpConnection): string {
  return createHash('sha256').update(JSON.stringify(definition)).digest('hex');
}

/** Whether `tried` proves the definition works: a quote or a decline came back and was mapped. */
export function testPassed(tried: TriedQuote): boolean {
  return tried.answer !== null && tried.answer.status !== 'error';
}

/** Records the test of `definition` (connection `connectionId`) with company `companyId`'s credentials. */
export async function recordConnectionTest(
  db: Executor,
  actor: Actor,
  companyId: number,
  connectionId: string,
  definition: HttpConnection,
  tried: TriedQuote,
): Promise<void> {
  await insertConnectionTest(db, {
    connectionId,
    definitionHash: definitionHash(definition),
    companyId,
    testedBy: actor.userId,
    passed: testPassed(tried),
    credentialsRefused: tried.credentials_refused,
    outcome: tried.answer?.status ?? tried.error ?? 'error',
  });
}
