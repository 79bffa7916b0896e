/**
 * Impact replay benchmark of `npm run bench -- impact` (issue 42, issue 37 "Impact before
 * publish"): a draft replayed over the bench database's applications (seed-million.ts; seeded or
 * migrated first), each run in a child process of its own (impact-replay-child.ts) so its RSS is
 * the replay's: the in-progress applications (what schema-studio/impact replays) and every stored
 * application (1,000,000). Baseline from the same run: the database's grouping pages alone over
 * every application, no engine (the floor any replay pays), after one such read discarded to warm
 * the page cache. Each row says the applications
 * replayed, seconds, the ratio to the floor, CPU seconds, RSS above the idle process and the
 * longest event-loop delay meanwhile (what a request waiting on that process would wait). Targets:
 * 1,000,000 in <= 60 s and <= 300 MB above idle. docs/decisions/705-impact-before-publish.md.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { markdownTable, ratio } from './markdown-table.ts';
import { migrateBench } from './reporting-bench.ts';
import { BENCH_DATABASE_URL, benchApplicationCount, MILLION, seedMillion } from './seed-million.ts';

const run = promisify(execFile);
const TARGET_SECONDS = 60;
const TARGET_RSS_MB = 300;

/** What impact-replay-child.ts prints. */
interface ReplayFigures {
  applications: number;
  groups: number | null;
  seconds: number;
  cpuSeconds: number;
  rssBefore: number;
  peakRss: number;
  maxLoopDelayMs: number;
}

async function replayInChild(mode: 'new' | 'all' | 'floor'): Promise<ReplayFigures> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'impact-replay-child.ts'), BENCH_DATABASE_URL, mode],
    { maxBuffer: 1 << 20, timeout: 600_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as ReplayFigures;
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

/** Seeds when needed, runs the floor and the two replays; returns the report section. */
export async function impactBench(): Promise<string> {
  const notes: string[] = [];
  const existing = await benchApplicationCount();
  if (existing < MILLION) {
    const times = await seedMillion();
    notes.push(
      `- seeded ${MILLION.toLocaleString('en-US')} applications in ${(times.totalMs / 1000).toFixed(1)} s`,
    );
  } else {
    const applied = await migrateBench();
    notes.push(
      `- reused the bench database (${existing.toLocaleString('en-US')} applications)` +
        (applied.length ? `; migrated: ${applied.join(', ')}` : ''),
    );
  }
  // A first read of the table, discarded, so the floor and the replays all meet a warm page cache.
  await replayInChild('floor');
  const floor = await replayInChild('floor');
  const inProgress = await replayInChild('new');
  const all = await replayInChild('all');
  const row = (name: string, f: ReplayFigures, target: boolean) => [
    name,
    f.applications.toLocaleString('en-US'),
    f.seconds.toFixed(1),
    f === floor ? 'baseline' : ratio(f.seconds, floor.seconds),
    f.cpuSeconds.toFixed(1),
    mb(f.peakRss - f.rssBefore),
    f.maxLoopDelayMs.toFixed(0),
    target
      ? f.seconds <= TARGET_SECONDS && (f.peakRss - f.rssBefore) / 2 ** 20 <= TARGET_RSS_MB
        ? 'met'
        : 'MISSED'
      : '',
  ];
  return [
    '## impact: a draft replayed over the bench database\n',
    ...notes,
    `- the floor read ${floor.groups?.toLocaleString('en-US')} groups of identical documents (per ${'50,000'} ids)`,
    `- targets: ${MILLION.toLocaleString('en-US')} applications in <= ${TARGET_SECONDS} s, <= ${TARGET_RSS_MB} MB above the idle process\n`,
    markdownTable(
      [
        'replay',
        'applications replayed:',
        'seconds:',
        'vs floor:',
        'CPU s:',
        'RSS above idle (MB):',
        'longest event-loop delay (ms):',
        'target',
      ],
      [
        row('floor: the database grouping every application, no engine', floor, false),
        row('draft over the in-progress applications (schema-studio/impact)', inProgress, false),
        row('draft over every stored application', all, true),
      ],
    ),
    '',
  ].join('\n');
}
