/** The supervisor's rules (supervise.ts): when a server is started again, after how long, and the exit code passed on. */
import { describe, expect, it } from 'vitest';
import { EXIT_CONFIG } from '../server/exit-codes';
import { exitCodeOf, FIRST_DELAY_MS, MAX_DELAY_MS, restartDelay, restarts, STEADY_UPTIME_MS } from './supervise';

describe('restartDelay', () => {
  it('waits 0.5 s, then twice as long after each quick crash, up to 30 s', () => {
    const delays: number[] = [];
    let delay: number | null = null;
    for (let i = 0; i < 9; i += 1) delays.push((delay = restartDelay(delay, 1_000)));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(FIRST_DELAY_MS).toBe(500);
    expect(MAX_DELAY_MS).toBe(30_000);
  });

  it('starts over at 0.5 s after a server that ran a minute', () => {
    expect(restartDelay(30_000, STEADY_UPTIME_MS)).toBe(500);
    expect(restartDelay(30_000, STEADY_UPTIME_MS - 1)).toBe(30_000);
  });
});

describe('restarts', () => {
  it('restarts a crash (a signal, an uncaught error), not a clean stop, a refused configuration or a stop asked for', () => {
    expect(restarts(null, false)).toBe(true);
    expect(restarts(1, false)).toBe(true);
    expect(restarts(0, false)).toBe(false);
    expect(restarts(EXIT_CONFIG, false)).toBe(false);
    expect(restarts(null, true)).toBe(false);
    expect(restarts(1, true)).toBe(false);
  });
});

describe('exitCodeOf', () => {
  it("passes on the server's code, or 128 + the signal's number", () => {
    expect(exitCodeOf(0, null)).toBe(0);
    expect(exitCodeOf(EXIT_CONFIG, null)).toBe(78);
    expect(exitCodeOf(null, 'SIGKILL')).toBe(137);
    expect(exitCodeOf(null, 'SIGTERM')).toBe(143);
  });
});
