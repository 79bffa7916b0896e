/** The fault-file lock of ADR 741 (tests/faults/fault-file-lock.ts): one holder at a time. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holdFaultFileLock } from '../faults/fault-file-lock.ts';

describe('holdFaultFileLock', () => {
  const folders: string[] = [];
  const newFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'fault-file-lock-test-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('makes a second holder wait until the first lets go, then gives it the lock', async () => {
    const folder = newFolder();
    const releaseFirst = await holdFaultFileLock(folder);
    let secondHeld = false;
    const second = holdFaultFileLock(folder).then((release) => {
      secondHeld = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(secondHeld).toBe(false);
    releaseFirst();
    releaseFirst(); // letting go twice is harmless and does not free the second holder's lock
    const releaseSecond = await second;
    expect(secondHeld).toBe(true);
    let thirdHeld = false;
    const third = holdFaultFileLock(folder).then((release) => {
      thirdHeld = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(thirdHeld).toBe(false);
    releaseSecond();
    (await third)();
  });

  it('takes over a lock whose holder died without letting go', async () => {
    const folder = newFolder();
    mkdirSync(join(folder, 'held'));
    // A pid above Linux's pid_max (4194304) belongs to no process.
    writeFileSync(join(folder, 'held', 'pid'), '4194305');
    const release = await holdFaultFileLock(folder);
    release();
  });
});
