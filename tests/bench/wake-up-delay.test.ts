import { describe, expect, it } from 'vitest';
import { watchWakeUps } from './wake-up-delay.ts';

describe('watchWakeUps', () => {
  it('reports how late an idle process woke, including a stall it did not cause itself', async () => {
    // Stopping the watcher for 40 ms (SIGSTOP/SIGCONT) once it watches is a stall it must see as such.
    const watch = watchWakeUps(600);
    await watch.watching;
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.kill(Number(watch.pid), 'SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 40));
    process.kill(Number(watch.pid), 'SIGCONT');
    const delays = await watch.delays;
    expect(delays.maxMs).toBeGreaterThanOrEqual(30);
    expect(delays.windowsOver10Ms).toBeGreaterThanOrEqual(1);
    expect(delays.windowsOver5Ms).toBeGreaterThanOrEqual(delays.windowsOver10Ms);
    // Steal is a count the kernel keeps; on this Linux it is read, never negative.
    expect(delays.stolenMs).toBeGreaterThanOrEqual(0);
  });
});
