/**
 * `npm run db:backup -- --out FILE` (issue 39): backs up the database of DATABASE_URL (pg_dump
 * custom format) or DATA_DIR (PGlite's gzipped tar, from the running server if there is one).
 * docs/deploying.md Backups.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { settingsOrExit } from '../settings/settings.ts';
import { BackupRefused, backupDatabase } from './backup.ts';
import { dataDirOf } from './command-database.ts';

const settings = settingsOrExit();
const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('usage: npm run db:backup -- --out FILE');
  process.exit(2);
}
const out = resolve(values.out);
try {
  await backupDatabase(
    settings.DATABASE_URL ? { databaseUrl: settings.DATABASE_URL } : { dataDir: dataDirOf(settings) },
    out,
  );
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`No backup: ${error.message}`);
  process.exit(1);
}
console.log(`Backed up to ${out}.`);
