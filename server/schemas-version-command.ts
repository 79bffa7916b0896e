/**
 * `npm run schemas:export -- --version N --out DIR` writes a stored schema set version in the
 * layout of schemas/ (formatted as the project formats it, so `diff -r` against schemas/ or a git
 * review shows only real changes); `npm run schemas:import -- --dir DIR [--note TEXT]` stores a
 * directory laid out like schemas/ as a new draft version, after the lint passes. Both use the
 * database `npm start` uses (DATABASE_URL, else PGlite in DATA_DIR, default ./data). Exits 1 with
 * a message on a missing version, an unreadable directory or lint problems. Issue 11.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { lintSchemaSet } from '../engine/index.ts';
import { readSchemaSetDir } from '../engine/node/read-schema-set-dir.ts';
import { formatWithBiome, writeSchemaSetDir } from '../engine/node/write-schema-set-dir.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { findSchemaVersion } from './repositories/schema-versions-repository.ts';
import { OUTCOME_TABLE_FOLDER } from './schemas-layout.ts';
import { saveDraftSchemaSet } from './services/schema-versions.ts';
import { settingsOrExit } from './settings/settings.ts';

const [command] = process.argv.slice(2);
const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    version: { type: 'string' },
    out: { type: 'string' },
    dir: { type: 'string' },
    note: { type: 'string' },
  },
});
const settings = settingsOrExit();
const database = await openDatabase(
  settings.DATABASE_URL
    ? { databaseUrl: settings.DATABASE_URL }
    : { dataDir: resolve(settings.DATA_DIR ?? 'data') },
);
await migrate(database.db);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

try {
  if (command === 'export') {
    const version = Number(values.version);
    if (!Number.isInteger(version) || !values.out)
      fail('usage: npm run schemas:export -- --version N --out DIR');
    const row = await findSchemaVersion(database.db, version);
    if (!row) fail(`schema version ${version} is not stored`);
    const out = resolve(values.out);
    const files = writeSchemaSetDir(row.schema_set, out, { outcomeTableFolder: OUTCOME_TABLE_FOLDER });
    formatWithBiome(out);
    console.log(`version ${version} (${row.status}) written to ${out}: ${files.length} files`);
  } else if (command === 'import') {
    if (!values.dir) fail('usage: npm run schemas:import -- --dir DIR [--note TEXT]');
    const read = readSchemaSetDir(resolve(values.dir));
    const problems = lintSchemaSet(read.set, {
      examples: read.examples,
      exampleContexts: read.exampleContexts,
    });
    if (problems.length > 0) {
      fail(
        problems
          .map((problem) => `${read.locate(problem.path)}: ${problem.message} [${problem.kind}]`)
          .join('\n'),
      );
    }
    const version = await saveDraftSchemaSet(
      database.db,
      read.set,
      values.note ?? `Imported from ${values.dir}`,
    );
    console.log(`stored as draft version ${version}`);
  } else {
    fail('usage: tsx server/schemas-version-command.ts export|import ...');
  }
} finally {
  await database.close();
}
