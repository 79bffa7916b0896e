/**
 * One fault file at a time, inside the run's two-at-once group (ADR 741). The fault suites kill
 * server processes and time crashes, so no two of them run together (ADR 420); they no longer wait
 * in a group of their own after every other file, where the second core idled through some 400 s:
 * each runs beside unit, dom or e2e files, and the sequencer keeps them apart
 * (tests/helpers/spread-browser-files.ts), so this lock is a guard, seldom waited on.
 *
 * The default export is the faults project's global setup: a temp folder for the run, provided as
 * `faultFileLock`, removed after the run. `holdFaultFileLock` (the project's setup file,
 * tests/faults/one-fault-file-at-a-time.ts) takes it: it makes the folder's `held` directory
 * (atomic: only one process succeeds) with the holder's pid inside, and waits while another live
 * process holds it; a holder that died without letting go (kill -9 of a worker) is found by its
 * pid and its lock taken over.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's fault-file lock folder (fault-file-lock.ts). */
    faultFileLock: string;
  }
}

/** How often a waiting file looks at the lock again, in ms. */
const POLL_MS = 250;

/** Whether a process with this pid runs (signal 0 only checks; EPERM means it exists). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid written in a held lock, or null while the holder has not written it yet. */
function holderOf(held: string): number | null {
  try {
    const pid = Number(readFileSync(join(held, 'pid'), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock in `folder` for this process, waiting while a live process holds it; resolves
 * with the function that lets go (idempotent). Never times out: a holder runs one fault file,
 * bounded by the project's test and hook timeouts.
 */
export async function holdFaultFileLock(folder: string): Promise<() => void> {
  const held = join(folder, 'held');
  for (;;) {
    try {
      mkdirSync(held);
      writeFileSync(join(held, 'pid'), String(process.pid));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(held, { recursive: true, force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holderOf(held);
      if (pid !== null && !isAlive(pid)) rmSync(held, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/** Vitest global setup of the faults project: the run's lock folder, provided as `faultFileLock`. */
export default function faultFileLockSetup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'fault-file-lock-'));
  project.provide('faultFileLock', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
