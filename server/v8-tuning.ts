/**
 * The V8 settings of a server process (`npm start`, and the API bench's server that stands for it):
 * allocation-site pretenuring off (docs/decisions/688-no-allocation-site-pretenuring.md).
 *
 * V8 allocates the objects of an allocation site directly in the old generation once it sees most
 * of them survive a young-generation collection (scavenge). In the app that decision misfires:
 * after start-up, a site on a request's path (node-postgres's per-query objects among them) is
 * tenured, each request's old object then points at the young rows of its answer, and those stay
 * alive through two scavenges and are promoted: about 0.85 MB per scavenge at saturation, every
 * get's rows, each scavenge 3-6 ms instead of 1.3-1.6 and a mark-compact every few seconds. With
 * pretenuring off nothing of a request outlives it (0 bytes promoted per scavenge, measured with
 * `--trace-gc-nvp`). The flag is read when V8 decides, so setting it at start-up is enough.
 */
import { setFlagsFromString } from 'node:v8';

/** Turns allocation-site pretenuring off for this process. Call once, before serving. */
export function tuneV8ForRequests(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
