// Runs a server entry for `npm start` and the production commands (issue 39): in production
// (NODE_ENV=production) the bundle `npm run build` wrote to dist/server, with plain Node;
// otherwise the TypeScript source through tsx, as in development. Usage:
// `node scripts/launch.mjs <entry> [args...]` with an entry of server/build/bundle-server.ts's
// PRODUCTION_ENTRIES.
import { existsSync } from 'node:fs';

const SOURCES = {
  start: '../server/start.ts',
  'superadmin-create': '../server/superadmin-create-command.ts',
  'db-backup': '../server/db/backup-command.ts',
  'db-restore': '../server/db/restore-command.ts',
};

const [entry] = process.argv.splice(2, 1);
if (!(entry in SOURCES)) {
  console.error(`usage: node scripts/launch.mjs ${Object.keys(SOURCES).join('|')} [args...]`);
  process.exit(2);
}
if (process.env.NODE_ENV === 'production') {
  const bundle = new URL(`../dist/server/${entry}.mjs`, import.meta.url);
  if (!existsSync(bundle)) {
    console.error(`Configuration error: dist/server/${entry}.mjs is missing; run npm run build first.`);
    process.exit(1);
  }
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL(SOURCES[entry], import.meta.url).href);
}
