/**
 * The database of a command run beside the server (superadmin:create, db:backup, db:restore;
 * issue 39): the same DATABASE_URL or DATA_DIR as `npm start` reads.
 */
import { resolve } from 'node:path';
import type { Settings } from '../settings/settings.ts';

/** DATA_DIR, else `data/` in the repository (as `npm start`), as an absolute path. */
export function dataDirOf(settings: Settings): string {
  return settings.DATA_DIR ? resolve(settings.DATA_DIR) : resolve(import.meta.dirname, '../../data');
}
