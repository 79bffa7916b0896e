/**
 * The machine's own stalls while a bench row runs, which a paced row's p99 cannot be below
 * (docs/decisions/689-paced-rows-warmed-up.md): how late an idle process's timers fire, and the
 * CPU time the hypervisor took from this VM (steal, /proc/stat). `watchWakeUps(ms)` starts
 * wake-up-watcher.mjs in its own Node process for `ms` milliseconds; `watching` resolves once the
 * child's timers run (a slow start on a loaded machine is not part of the watch); `delays` resolves with the
 * largest delay (ms), the number of 50 ms windows holding a delay over 5 ms and over 10 ms, and the
 * steal over the watch (ms summed over CPUs; null where /proc/stat is missing), and rejects when
 * the child exits without its JSON line.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface WakeUpDelays {
  /** The largest wake-up delay seen, ms. */
  maxMs: number;
  /** 50 ms windows holding a delay over 5 ms. */
  windowsOver5Ms: number;
  /** 50 ms windows holding a delay over 10 ms. */
  windowsOver10Ms: number;
  /** CPU time stolen by the hypervisor during the watch, ms summed over CPUs; null off Linux. */
  stolenMs: number | null;
}

/** Jiffies per second of /proc/stat (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/** The steal column of /proc/stat's `cpu` line, in ms; null where there is no /proc/stat. */
function stolenSoFarMs(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // cpu user nice system idle iowait irq softirq steal ...
    return (Number(fields[8]) * 1000) / USER_HZ;
  } catch {
    return null;
  }
}

const WATCHER = fileURLToPath(new URL('./wake-up-watcher.mjs', import.meta.url));

/** Watches an idle process's timer wake-ups for `ms` milliseconds: its pid and what it saw. */
export function watchWakeUps(ms: number): {
  pid: number | undefined;
  watching: Promise<void>;
  delays: Promise<WakeUpDelays>;
} {
  const stolenBefore = stolenSoFarMs();
  const child = spawn(process.execPath, [WATCHER, String(ms)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const watching = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.startsWith('watching\n')) resolve();
    });
    child.once('exit', () => reject(new Error('wake-up watcher exited before it started watching')));
  });
  // The delays settle on their own; an unawaited `watching` must not report its rejection.
  watching.catch(() => undefined);
  const delays = new Promise<WakeUpDelays>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        const stolenAfter = stolenSoFarMs();
        const stolenMs = stolenBefore === null || stolenAfter === null ? null : stolenAfter - stolenBefore;
        const json = output.slice(output.indexOf('\n') + 1);
        resolve({ ...(JSON.parse(json) as Omit<WakeUpDelays, 'stolenMs'>), stolenMs });
      } catch {
        reject(new Error(`wake-up watcher exited with ${code} and printed ${JSON.stringify(output)}`));
      }
    });
  });
  return { pid: child.pid, watching, delays };
}
