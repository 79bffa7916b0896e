/**
 * The server's V8 setting (server/v8-tuning.ts, docs/decisions/688-no-allocation-site-pretenuring.md):
 * with it, objects of a site whose objects all survived are still made in the young generation;
 * without it V8 tenures that site and makes them in the old one (which is what kept every get's
 * rows alive through scavenges).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = join(import.meta.dirname, 'v8-tuning-child.ts');

/** How many of 100 objects of a tenure-prone site the child made young, tuned or not. */
async function youngOfHundred(tune: boolean): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--allow-natives-syntax',
    // V8 decides to tenure a site only once the young generation is at its largest; a 1 MB cap
    // puts it there from the start, so the decision does not wait on how fast it grew.
    '--max-semi-space-size=1',
    '--import',
    'tsx',
    CHILD,
    ...(tune ? ['tune'] : []),
  ]);
  return Number(stdout.trim());
}

describe('V8 tuning of the server process', () => {
  it('keeps a long-surviving site young with pretenuring off, and V8 tenures it without', async () => {
    const [tuned, untuned] = await Promise.all([youngOfHundred(true), youngOfHundred(false)]);
    expect(tuned).toBe(100);
    expect(untuned).toBe(0);
  }, 60_000);
});
