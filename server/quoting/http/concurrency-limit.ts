/**
 * At most `max` tasks of one carrier connection at once (issue 19); the others wait in arrival
 * order. A waiting task whose `signal` aborts leaves the queue and rejects with the signal's reason.
 * The limit lives in one process: a deployment of several shares a connection's `max_concurrent`
 * between them (perProcessLimit). docs/decisions/381-carrier-limits-across-processes.md.
 */
export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T>;
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return {
    async run(task, signal) {
      if (active >= max) {
        await new Promise<void>((resolve, reject) => {
          const go = () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          };
          const onAbort = () => {
            waiting.splice(waiting.indexOf(go), 1);
            reject(signal.reason);
          };
          waiting.push(go);
          signal.addEventListener('abort', onAbort, { once: true });
        });
      }
      active += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/**
 * One process's share of a connection's `max_concurrent` (calls at once for the whole deployment)
 * when `processes` processes ask the carrier: max_concurrent / processes rounded down, at least 1
 * (so the deployment may then make up to `processes` calls at once). ADR 381.
 */
export function perProcessLimit(maxConcurrent: number, processes: number): number {
  return Math.max(1, Math.floor(maxConcurrent / processes));
}
