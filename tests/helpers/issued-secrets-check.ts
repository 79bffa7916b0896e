/**
 * Vitest global setup of the projects that run servers (unit, e2e, faults): "a test greps the
 * logs of the whole suite for any issued key or token" (issue 38; ADR 755). Before the run it
 * empties test-results/server-logs and test-results/issued-secrets (issued-secrets.ts); after the last
 * project's files it reads them all and fails the run when any issued secret appears in any log:
 * it prints each leak (the secret's first characters and the log file) and sets the exit code.
 * Vitest runs every project's setup before any test file and every teardown after the last one.
 */
import { rmSync } from 'node:fs';
import { ISSUED_SECRETS_DIR, leakedSecrets, SERVER_LOGS_DIR } from './issued-secrets.ts';

/** The projects of this run that set up this check, shared by their setups (one process). */
const RUN = Symbol.for('issued-secrets-check');
type RunState = { projects: number };

/** Empties the folders for a new run; the teardown checks them once the last project is done. */
export default function issuedSecretsCheck(): () => void {
  const shared = globalThis as unknown as Record<symbol, RunState | undefined>;
  shared[RUN] ??= { projects: 0 };
  const run = shared[RUN];
  if (run.projects === 0)
    for (const dir of [SERVER_LOGS_DIR, ISSUED_SECRETS_DIR]) rmSync(dir, { recursive: true, force: true });
  run.projects += 1;
  return () => {
    run.projects -= 1;
    if (run.projects > 0) return;
    shared[RUN] = undefined;
    const leaks = leakedSecrets();
    if (leaks.length === 0) return;
    // A teardown's error is only logged by Vitest: the exit code is what fails `npm test`.
    process.exitCode = 1;
    const message = `Issued secrets appear in the server logs of this run (ADR 755):\n  ${leaks.join('\n  ')}`;
    console.error(`\n${message}\n`);
    throw new Error(message);
  };
}
