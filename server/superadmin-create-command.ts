/**
 * `npm run superadmin:create -- --email E` (issue 39): makes a super-admin, the first account of a
 * production database (which seeds none). The password is read from standard input (typed without
 * echo on a terminal, or piped: `printf '%s' "$PW" | npm run superadmin:create -- --email E`).
 * Works while the server runs: on PostgreSQL it connects as any process does; on PGlite it asks
 * the server through the control socket beside DATA_DIR, and opens DATA_DIR itself only when no server runs.
 * Exits 0 with the new user's id, 1 with the reason when nothing was created.
 */
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { dataDirOf } from './db/command-database.ts';
import { callControlSocket } from './db/control-socket.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { createSuperAdmin, type SuperAdminResult } from './services/super-admin.ts';
import { settingsOrExit } from './settings/settings.ts';

const settings = settingsOrExit();
const { values } = parseArgs({ options: { email: { type: 'string' } } });
if (!values.email) {
  console.error('usage: npm run superadmin:create -- --email E (the password is read from standard input)');
  process.exit(2);
}

/** One line typed without echo on a terminal, else all of standard input without its last newline. */
async function readPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return (await text(input)).replace(/\r?\n$/, '');
  process.stderr.write('Password: ');
  input.setRawMode(true);
  return new Promise((resolve) => {
    let typed = '';
    input.on('data', (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          input.setRawMode(false);
          input.pause();
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') process.exit(130);
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    });
  });
}

/** Creates the super-admin in a database this process opens (and migrates, if it is new). */
async function createDirectly(
  options: { databaseUrl: string } | { dataDir: string },
): Promise<SuperAdminResult> {
  const database = await openDatabase(options);
  try {
    await migrate(database.db);
    return await createSuperAdmin(database.db, values.email as string, password);
  } finally {
    await database.close();
  }
}

const password = await readPassword();
let result: SuperAdminResult;
if (settings.DATABASE_URL) result = await createDirectly({ databaseUrl: settings.DATABASE_URL });
else {
  const dataDir = dataDirOf(settings);
  const answer = await callControlSocket(dataDir, 'POST', '/superadmin', { email: values.email, password });
  if (answer && answer.status !== 200)
    throw new Error(`The running server failed: ${answer.body.toString()}`);
  result = answer
    ? (JSON.parse(answer.body.toString()) as SuperAdminResult)
    : await createDirectly({ dataDir });
}
if (!result.created) {
  console.error(`No super-admin created: ${result.problem}`);
  process.exit(1);
}
console.log(`Created super-admin ${values.email.trim().toLowerCase()} (user ${result.userId}).`);
