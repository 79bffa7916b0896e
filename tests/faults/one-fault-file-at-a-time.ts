/**
 * Setup file of the faults project: the file holds the run's fault-file lock from before its
 * first hook to after its last (tests/faults/fault-file-lock.ts, ADR 741), and lets go when its
 * process exits in any other way.
 */
import { afterAll, inject } from 'vitest';
import { holdFaultFileLock } from './fault-file-lock.ts';

const release = await holdFaultFileLock(inject('faultFileLock'));
process.once('exit', release);
afterAll(release);
