/**
 * Global setups made at once (setups-at-once.ts) and preparations shared between projects
 * (shared-run-preparation.ts): what the run's first test waits for, and what is left behind.
 */
import { describe, expect, it } from 'vitest';
import type { TestProject } from 'vitest/node';
import { setupsAtOnce } from './setups-at-once.ts';
import { sharedPreparation } from './shared-run-preparation.ts';

const project = {} as TestProject;

describe('setups at once', () => {
  it('starts every setup before any has finished, and tears them down last first', async () => {
    const events: string[] = [];
    const setup = (name: string) => async () => {
      events.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push(`ready ${name}`);
      return () => {
        events.push(`teardown ${name}`);
      };
    };
    const teardown = await setupsAtOnce(setup('portal'), setup('data dir'))(project);
    expect(events.slice(0, 2)).toEqual(['start portal', 'start data dir']);
    await teardown();
    expect(events.slice(4)).toEqual(['teardown data dir', 'teardown portal']);
  });

  it('tears down the setups that succeeded and throws the error of the one that failed', async () => {
    const tornDown: string[] = [];
    const setup = setupsAtOnce(
      () => () => tornDown.push('bundle'),
      async () => {
        throw new Error('the seed failed');
      },
    );
    await expect(setup(project)).rejects.toThrow('the seed failed');
    expect(tornDown).toEqual(['bundle']);
  });
});

describe('shared run preparation', () => {
  it('is made once for every project that asks, and removed after the last release', async () => {
    let made = 0;
    const removed: number[] = [];
    const make = async () => ++made;
    const [first, second] = await Promise.all([
      sharedPreparation('test-preparation', make, (value) => removed.push(value)),
      sharedPreparation('test-preparation', make, (value) => removed.push(value)),
    ]);
    expect([first.made, second.made, made]).toEqual([1, 1, 1]);
    first.release();
    first.release();
    expect(removed).toEqual([]);
    second.release();
    expect(removed).toEqual([1]);
    // Released by all, it is made again for the next that asks.
    const again = await sharedPreparation('test-preparation', make, (value) => removed.push(value));
    expect(again.made).toBe(2);
    again.release();
    expect(removed).toEqual([1, 2]);
  });
});
