/**
 * At most `max` tasks of one carrier connection at once (issue 19); the others wait in arrival
 * order. A waiting task whose `signal` aborts leaves the queue and rejects with the signal's reason.
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
