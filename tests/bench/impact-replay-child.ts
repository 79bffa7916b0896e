/**
 * The impact replay of a draft over the bench database, timed in a process of its own so its RSS
 * is the replay's (tests/bench/impact-bench.ts spawns it). Arguments: the database URL, then `new`
 * (the in-progress applications, what schema-studio/impact replays), `all` (every stored
 * application) or `floor` (the database's grouping pages alone, no engine: the same-run baseline).
 * Stores the draft (the shipped set without the option "Piers/Posts/Piles" and with the prior-loss
 * warning on "No") as a draft version. Prints one JSON line: applications, the groups of identical
 * documents the pages held (floor only), seconds, CPU seconds, RSS before and at its peak (bytes, sampled every 50 ms), and the
 * longest event-loop delay (ms) while replaying.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SchemaSet } from '../../engine/index.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import type { ApplicationStatus } from '../../server/db/schema.ts';
import { applicationGroups, replayRange } from '../../server/repositories/impact-replay-repository.ts';
import { REPLAY_PAGE_IDS, replayImpact } from '../../server/services/schema-impact.ts';
import {
  compiledSchemaSetOf,
  currentSchemaVersion,
  saveDraftSchemaSet,
} from '../../server/services/schema-versions.ts';

const [url, mode] = process.argv.slice(2);
const statuses: ApplicationStatus[] = mode === 'new' ? ['new'] : ['new', 'launched', 'completed'];

function benchDraft(): SchemaSet {
  const set = structuredClone(schemaSet);
  const foundations = set.schemas.find((s) => String(s.$id).endsWith('foundation-types.json'));
  if (foundations && Array.isArray(foundations.enum)) {
    foundations.enum = foundations.enum.filter((value) => value !== 'Piers/Posts/Piles');
  }
  for (const table of set.outcome_tables) {
    for (const question of table.questions) {
      if (question.id === 'primary-excess-prior-loss') question.when_answer = 'No';
    }
  }
  return set;
}

const database = await openDatabase({ databaseUrl: url });
const { db } = database;
const version = await saveDraftSchemaSet(db, benchDraft(), 'impact bench draft');
// The sets compiled before the clock starts, as a running server has them.
await compiledSchemaSetOf(db, version);
await compiledSchemaSetOf(db, await currentSchemaVersion(db));

const delay = monitorEventLoopDelay({ resolution: 10 });
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
delay.enable();
const cpuBefore = process.cpuUsage();
const started = performance.now();
let applications = 0;
/** Groups of identical documents the database answered (floor only). */
let distinct: number | null = null;
try {
  if (mode === 'floor') {
    const { total, minId, maxId } = await replayRange(db, statuses);
    for (let after = minId - 1; total > 0 && after < maxId; after += REPLAY_PAGE_IDS) {
      const groups = await applicationGroups(db, statuses, after, after + REPLAY_PAGE_IDS);
      for (const group of groups) applications += group.count;
      distinct = (distinct ?? 0) + groups.length;
    }
  } else {
    const report = await replayImpact(db, version, { statuses });
    applications = report.applications_checked;
  }
} finally {
  clearInterval(sampler);
  delay.disable();
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
await database.close();
console.log(
  JSON.stringify({
    applications,
    groups: distinct,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    rssBefore,
    peakRss,
    maxLoopDelayMs: delay.max / 1e6,
  }),
);
