/**
 * `npm run schemas:export -- --version N --out DIR` writes a stored schema set version in the
 * layout of schemas/, the whole folder with its examples and data files (formatted as the project
 * formats it, so `diff -r` against schemas/ or a git review shows only real changes); `npm run schemas:import -- --dir DIR [--note TEXT]` stores a
 * directory laid out like schemas/ as a new draft version, after the lint passes. Both use the
 * database `npm start` uses (DATABASE_URL, else PGlite in DATA_DIR, default ./data). Exits 1 with
 * a message on a missing version, an unreadable directory or lint problems. Issue 11, issue 45
 * (services/schema-set-folder.ts).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { exportSchemaVersion, importSchemaSetFolder } from './services/schema-set-folder.ts';
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
    const out = resolve(values.out);
    const written = await exportSchemaVersion(database.db, version, out);
    if (!written) fail(`schema version ${version} is not stored`);
    console.log(`version ${version} (${written.status}) written to ${out}: ${written.files.length} files`);
  } else if (command === 'import') {
    if (!values.dir) fail('usage: npm run schemas:import -- --dir DIR [--note TEXT]');
    const stored = await importSchemaSetFolder(
      database.db,
      resolve(values.dir),
      values.note ?? `Imported from ${values.dir}`,
    );
    if ('problems' in stored) fail(stored.problems.join('\n'));
    console.log(`stored as draft version ${stored.version}`);
  } else {
    fail('usage: tsx server/schemas-version-command.ts export|import ...');
  }
} finally {
  await database.close();
}
