/**
 * `npm run bench [-- name ...]`: runs the benchmarks named on the command line (or in BENCH_ONLY,
 * comma-separated), else all of them in the order below, and prints one Markdown section per
 * benchmark, each a table with ratios against a baseline measured in the same run. A machine line
 * (cores, CPU, load average before and after) heads the report. Unknown names exit with code 2;
 * a benchmark that throws prints its error as its section and makes the exit code 1.
 * docs/decisions/108-benchmark-method.md.
 */
import { cpus, loadavg } from 'node:os';

/** Each benchmark's module, imported only when it runs, and what it measures. */
const BENCHMARKS = {
  engine: { load: async () => (await import('./engine-bench.ts')).engineBench, about: 'validate time' },
  form: { load: async () => (await import('./form-bench.ts')).formBench, about: 'keystroke to commit' },
  'cold-open': {
    load: async () => (await import('./cold-open-bench.ts')).coldOpenBench,
    about: 'form data loaded to interactive',
  },
  api: { load: async () => (await import('./api-bench.ts')).apiBench, about: 'API on 1M applications' },
  launch: { load: async () => (await import('./launch-bench.ts')).launchBench, about: 'time to quotes' },
  'quote-drain': {
    load: async () => (await import('./quote-drain-bench.ts')).quoteDrainBench,
    about: 'quote answers per second and API p99 while a backlog drains, two processes',
  },
  queries: {
    load: async () => (await import('./query-count-bench.ts')).queryCountBench,
    about: 'SQL statements per call',
  },
  bundle: { load: async () => (await import('./bundle-bench.ts')).bundleBench, about: 'login route gzip' },
  studio: {
    load: async () => (await import('./studio-bench.ts')).studioBench,
    about: 'studio edit to preview',
  },
  bulk: { load: async () => (await import('./bulk-bench.ts')).bulkBench, about: '100,000-row bulk upload' },
  predictor: {
    load: async () => (await import('./predictor-bench.ts')).predictorBench,
    about: 'price predictor held-out error',
  },
  reporting: {
    load: async () => (await import('./reporting-bench.ts')).reportingBench,
    about: 'reporting and analytics queries, 1M-row CSV export',
  },
  impact: {
    load: async () => (await import('./impact-bench.ts')).impactBench,
    about: 'a draft replayed over 1M applications',
  },
} satisfies Record<string, { load: () => Promise<() => Promise<string>>; about: string }>;

type BenchmarkName = keyof typeof BENCHMARKS;

function selected(): BenchmarkName[] {
  const asked = [...process.argv.slice(2), ...(process.env.BENCH_ONLY?.split(',') ?? [])]
    .map((name) => name.trim())
    .filter(Boolean);
  const known = Object.keys(BENCHMARKS) as BenchmarkName[];
  const unknown = asked.filter((name) => !known.includes(name as BenchmarkName));
  if (unknown.length) {
    console.error(
      `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${known.map((n) => `${n} (${BENCHMARKS[n].about})`).join(', ')}.`,
    );
    process.exit(2);
  }
  return asked.length ? known.filter((name) => asked.includes(name)) : known;
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

const names = selected();
const started = performance.now();
console.log('# npm run bench\n');
console.log(
  `- ${new Date().toISOString()}; Node ${process.version}; ${cpus().length} cores (${cpus()[0]?.model.trim()}); ` +
    `load average ${load()} (1, 5, 15 min) at start; benchmarks: ${names.join(', ')}\n`,
);
let failed = false;
for (const name of names) {
  try {
    const run = await BENCHMARKS[name].load();
    console.log(await run());
  } catch (error) {
    failed = true;
    console.log(
      `## ${name}: FAILED\n\n\`\`\`\n${error instanceof Error ? error.stack : String(error)}\n\`\`\`\n`,
    );
  }
}
console.log(
  `- done in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()} at the end`,
);
process.exit(failed ? 1 : 0);
