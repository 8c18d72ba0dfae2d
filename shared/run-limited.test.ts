import { describe, expect, it } from 'vitest';
import { runLimited } from './run-limited';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runLimited', () => {
  it('runs every value, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6, 7], 3, async (value) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      done.push(value);
      running -= 1;
    });
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('rejects with the first failure and starts no new task after it', async () => {
    const started: number[] = [];
    const run = runLimited([1, 2, 3, 4, 5], 2, async (value) => {
      started.push(value);
      await tick();
      if (value === 1) throw new Error('first failed');
    });
    await expect(run).rejects.toThrow('first failed');
    expect(started).toEqual([1, 2]);
  });

  it('does nothing for no values', async () => {
    await expect(runLimited([], 4, () => Promise.reject(new Error('never')))).resolves.toBeUndefined();
  });
});
