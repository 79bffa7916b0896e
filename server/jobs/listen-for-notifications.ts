/**
 * Wakes a worker when a NOTIFY arrives on a channel (issue 18): on PostgreSQL a dedicated pool
 * connection runs LISTEN (notifications of every process on the database arrive there); on
 * PGlite its in-process `listen`. Both are reached through the Drizzle handle's `$client` (the
 * node-postgres Pool or the PGlite instance), so callers keep taking an Executor. A lost
 * connection is logged through `onError` and not reopened: the caller's polling remains the
 * fallback. docs/decisions/350-launch-wakes-the-quote-worker.md.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Executor } from '../db/database.ts';

/** Stops listening and gives the connection back; safe to call once. */
export type StopListening = () => Promise<void>;

/** Channel names are plain identifiers; anything else is a programming error. */
const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]*$/;

/**
 * Calls `onNotify` for every notification on `channel` until the returned function is called.
 * Throws when `channel` is not a plain lower-case identifier or LISTEN fails (database down);
 * later connection errors go to `onError`.
 */
export async function listenForNotifications(
  db: Executor,
  channel: string,
  onNotify: () => void,
  onError: (error: unknown) => void,
): Promise<StopListening> {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    const onNotification = (message: pg.Notification) => {
      if (message.channel === channel) onNotify();
    };
    const onConnectionError = (error: unknown) => {
      onError(error);
    };
    connection.on('notification', onNotification);
    connection.on('error', onConnectionError);
    try {
      await connection.query(`LISTEN ${channel}`);
    } catch (error) {
      connection.release(true);
      throw error;
    }
    return async () => {
      connection.off('notification', onNotification);
      // Destroyed rather than pooled, so no later borrower inherits the LISTEN.
      connection.release(true);
      connection.off('error', onConnectionError);
    };
  }
  const unlisten = await (client as PGlite).listen(channel, () => onNotify());
  return async () => {
    await unlisten().catch(onError);
  };
}
