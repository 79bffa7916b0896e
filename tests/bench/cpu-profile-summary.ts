/**
 * Where a V8 CPU profile's time went, by origin: the package of node_modules a function lives in,
 * Node's own module (`node:net`), the repository's file (`server/services/applications-service.ts`),
 * or V8's name for what has no script (`(garbage collector)`, `(idle)`, a native call such as
 * `writev`). Self time only: each sample counts once, for the function on top of the stack. Used by
 * the API bench's profiled update-application run (BENCH_API_CPU_PROFILE, issue 42; ADR 789).
 */

/** The parts of a `.cpuprofile` (Chrome DevTools' Profiler.Profile) this summary reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  /** Microseconds since the previous sample, one per sample. */
  timeDeltas: number[];
}

export interface OriginTime {
  origin: string;
  /** Self time in ms. */
  ms: number;
  /** Share of the profile's sampled time, 0-1. */
  share: number;
}

/**
 * The origin of a function at `url` named `functionName`, relative to `repoRoot` (an absolute path
 * or file URL prefix of the repository).
 */
export function originOf(url: string, functionName: string, repoRoot: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1];
  if (url.startsWith('node:')) return url;
  const path = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const root = repoRoot.endsWith('/') ? repoRoot : `${repoRoot}/`;
  if (path.startsWith(root)) return path.slice(root.length);
  return url === '' ? functionName || '(anonymous)' : url;
}

/** Self time by origin, largest first. */
export function selfTimeByOrigin(profile: CpuProfile, repoRoot: string): OriginTime[] {
  const originOfNode = new Map(
    profile.nodes.map((node) => [
      node.id,
      originOf(node.callFrame.url, node.callFrame.functionName, repoRoot),
    ]),
  );
  const micros = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((nodeId, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const origin = originOfNode.get(nodeId) ?? '(unknown)';
    micros.set(origin, (micros.get(origin) ?? 0) + delta);
    total += delta;
  });
  return [...micros]
    .map(([origin, us]) => ({ origin, ms: us / 1000, share: total > 0 ? us / total : 0 }))
    .sort((a, b) => b.ms - a.ms);
}
