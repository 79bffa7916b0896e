/**
 * Write load with a ledger of what the server acknowledged, for the crash suite: concurrent
 * clients create applications and update their names through the HTTP API until the server
 * stops answering; `verifyLedger` then checks a restarted server still holds every acknowledged
 * write with its content. Each client owns its applications, so one application has at most one
 * write in flight: after a crash it holds the last acknowledged write or the unanswered one after it.
 */
import type { ServerProcess } from '../helpers/server-process.ts';

/** A name pair as stored in useable_details. */
interface Names {
  first_name: string | null;
  last_name: string | null;
}

/** What the ledger knows of one application whose creation the server acknowledged. */
interface LedgerEntry {
  id: number;
  searched_address: string;
  /** The last acknowledged names, then the writes sent after it that got no answer. */
  allowed: Names[];
  /** Version in the last acknowledged answer: the stored one may only be higher. */
  version: number;
}

export interface WriteLedger {
  entries: Map<number, LedgerEntry>;
  /** Applications written (or attempted) since the last `takeTouched()`. */
  touched: Set<number>;
  acknowledged: { creates: number; updates: number };
  /** Creates sent that got no answer: they may or may not exist after the crash. */
  unansweredCreates: number;
  /** Answers other than 200: a client mistake of the load or a server fault; both fail the suite. */
  refused: string[];
}

export function createWriteLedger(): WriteLedger {
  return {
    entries: new Map(),
    touched: new Set(),
    acknowledged: { creates: 0, updates: 0 },
    unansweredCreates: 0,
    refused: [],
  };
}

function namesOf(application: { payload: { useable_details: Names } }): Names {
  const { first_name = null, last_name = null } = application.payload.useable_details;
  return { first_name, last_name };
}

/**
 * Runs `clients` writers against `server` until a request gets no answer (the process was killed)
 * or is refused; resolves when every writer has stopped. 1 in 4 writes creates an application
 * (searched_address unique per write), the others rename one of the client's own applications.
 */
export async function runWriteLoad(
  server: ServerProcess,
  sessionKey: string,
  ledger: WriteLedger,
  options: { round: number; clients: number },
): Promise<void> {
  const writer = async (client: number) => {
    const own = [...ledger.entries.values()].filter((entry) => entry.id % options.clients === client);
    for (let seq = 0; ; seq += 1) {
      const token = `r${options.round}c${client}w${seq}`;
      const target = own.length && Math.random() >= 0.25 ? own[Math.floor(Math.random() * own.length)] : null;
      if (!target) {
        const searched_address = `${token} Crash Rd, Miami Beach, FL 33139`;
        let answer: Awaited<ReturnType<ServerProcess['post']>>;
        try {
          answer = await server.post('agent-portal/create-new-application', {
            session_key: sessionKey,
            address: {
              searched_address,
              address1: `${token} Crash Rd`,
              city: 'Miami Beach',
              state: 'FL',
              zip: '33139',
            },
          });
        } catch {
          ledger.unansweredCreates += 1;
          return;
        }
        if (answer.statusCode !== 200) {
          ledger.refused.push(`create ${token}: ${answer.statusCode} ${answer.body?.message}`);
          return;
        }
        const application = answer.body.data.application;
        // Spread creates over the clients by id so that each application has one writer.
        const entry: LedgerEntry = {
          id: application.id,
          searched_address,
          allowed: [namesOf(application)],
          version: application.version,
        };
        ledger.entries.set(entry.id, entry);
        ledger.touched.add(entry.id);
        ledger.acknowledged.creates += 1;
        if (entry.id % options.clients === client) own.push(entry);
        continue;
      }
      const names: Names = { first_name: token, last_name: `L-${token}` };
      ledger.touched.add(target.id);
      let answer: Awaited<ReturnType<ServerProcess['post']>>;
      try {
        answer = await server.post('agent-portal/update-application', {
          session_key: sessionKey,
          application_id: target.id,
          address_details: names,
        });
      } catch {
        target.allowed.push(names);
        return;
      }
      if (answer.statusCode !== 200) {
        ledger.refused.push(`update ${target.id} ${token}: ${answer.statusCode} ${answer.body?.message}`);
        return;
      }
      target.allowed = [namesOf(answer.body.data.application)];
      target.version = answer.body.data.application.version;
      ledger.acknowledged.updates += 1;
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, client) => writer(client)));
}

/**
 * Reads every application of `ids` from `server` (8 at a time) and returns one line per broken
 * promise: missing, wrong address, names that are neither the acknowledged write nor the
 * unanswered one after it, or an older version. Empty when all held.
 */
export async function verifyLedger(
  server: ServerProcess,
  sessionKey: string,
  ledger: WriteLedger,
  ids: Iterable<number>,
): Promise<string[]> {
  const queue = [...ids];
  const problems: string[] = [];
  const reader = async () => {
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      const entry = ledger.entries.get(id);
      if (!entry) continue;
      const answer = await server.post('agent-portal/get-application-by-id', {
        session_key: sessionKey,
        application_id: id,
      });
      if (answer.statusCode !== 200) {
        problems.push(`${id}: ${answer.statusCode} ${answer.body?.message}`);
        continue;
      }
      const application = answer.body.data.application;
      const names = namesOf(application);
      if (application.payload.useable_details.searched_address !== entry.searched_address)
        problems.push(`${id}: address ${application.payload.useable_details.searched_address}`);
      if (!entry.allowed.some((n) => n.first_name === names.first_name && n.last_name === names.last_name))
        problems.push(
          `${id}: names ${JSON.stringify(names)}, expected one of ${JSON.stringify(entry.allowed)}`,
        );
      if (application.version < entry.version)
        problems.push(`${id}: version ${application.version} < acknowledged ${entry.version}`);
      // What the restarted server holds is now the acknowledged state.
      entry.allowed = [names];
      entry.version = application.version;
    }
  };
  await Promise.all(Array.from({ length: 8 }, reader));
  return problems;
}
