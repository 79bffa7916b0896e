/**
 * `npm run db:restore -- --in FILE [--force]` (issue 39): restores a db:backup file into the
 * database of DATABASE_URL or DATA_DIR; refuses one that holds data unless --force.
 * docs/deploying.md Backups.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { settingsOrExit } from '../settings/settings.ts';
import { BackupRefused, restoreDatabase } from './backup.ts';
import { dataDirOf } from './command-database.ts';

const settings = settingsOrExit();
const { values } = parseArgs({
  options: { in: { type: 'string' }, force: { type: 'boolean', default: false } },
});
if (!values.in) {
  console.error('usage: npm run db:restore -- --in FILE [--force]');
  process.exit(2);
}
const input = resolve(values.in);
try {
  await restoreDatabase(
    settings.DATABASE_URL ? { databaseUrl: settings.DATABASE_URL } : { dataDir: dataDirOf(settings) },
    input,
    values.force,
  );
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`Not restored: ${error.message}`);
  process.exit(1);
}
console.log(`Restored ${input}.`);
