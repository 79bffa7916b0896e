/**
 * Back-pressure of the quote queue (issue 47, docs/decisions/729-carriers-busy-back-pressure.md):
 * the backlog's age is how long its oldest due job has waited to be claimed. Past a limit, a launch
 * is still accepted and queued (no call slows or fails for it), and the agent is told honestly that
 * carriers are busy: the launch answer's message and the live quotes stream's `carriers_busy`.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/database.ts';
import { SETTINGS } from '../settings/setting-declarations.ts';

/** Backlog age past which carriers are reported busy, in ms, when QUOTE_BACKLOG_AGE_LIMIT_MS is unset. */
export const QUOTE_BACKLOG_AGE_LIMIT_MS: number = SETTINGS.QUOTE_BACKLOG_AGE_LIMIT_MS.default;
/** How long one process reuses a reading of the backlog's age, in ms: one query a second at most. */
export const QUOTE_BACKLOG_READ_EVERY_MS = 1_000;
/** The launch answer's message while carriers are busy (SPEC §7 envelope `message`). */
export const CARRIERS_BUSY_MESSAGE =
  'Application launched. Carriers are busy: your quotes are queued and will arrive as carriers answer.';
/** The launch answer's message otherwise. */
export const LAUNCHED_MESSAGE = 'Application launched.';

/** How long the oldest due, unclaimed quote job has waited, in ms; 0 with none. One indexed read. */
export async function quoteBacklogAgeMs(db: Executor): Promise<number> {
  const [row] = rowsOf<{ age: number | string | null }>(
    await db.execute(sql`
      SELECT (extract(epoch FROM now() - min(run_after)) * 1000)::float8 AS age
        FROM quote_jobs WHERE status = 'queued' AND run_after <= now()`),
  );
  return Math.max(0, Number(row?.age ?? 0));
}

/**
 * Whether carriers are busy (the backlog older than `limitMs`), read at most once per
 * QUOTE_BACKLOG_READ_EVERY_MS by this process; concurrent callers share one reading.
 */
export function createCarriersBusyCheck(db: Executor, limitMs: number): () => Promise<boolean> {
  let reading: { at: number; busy: Promise<boolean> } | null = null;
  return () => {
    const now = Date.now();
    if (!reading || now - reading.at >= QUOTE_BACKLOG_READ_EVERY_MS) {
      const busy = quoteBacklogAgeMs(db).then((age) => age > limitMs);
      // A failed reading is not kept: the next caller asks again.
      busy.catch(() => {
        reading = null;
      });
      reading = { at: now, busy };
    }
    return reading.busy;
  };
}
