/**
 * Counts attempts per key in a fixed window and blocks a key that reaches its limit until the
 * window ends. In memory: one local server process owns all sign-ins (the cloud's Lambda keeps
 * its own). Counting happens before the password check, so concurrent guesses cannot slip past.
 */
export interface ThrottleRule { limit: number; windowMs: number }

interface Window { count: number; startedAt: number }

export class Throttle {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly rule: ThrottleRule, private readonly now: () => number = Date.now) {}

  /** Milliseconds until the key may try again, or 0 when it may now. */
  retryAfter(key: string): number {
    const window = this.current(key);
    return window && window.count >= this.rule.limit ? window.startedAt + this.rule.windowMs - this.now() : 0;
  }

  /** Records one attempt. */
  hit(key: string): void {
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, startedAt: this.now() });
    if (this.windows.size > 50_000) this.prune();
  }

  /** Takes back one attempt (a sign-in that turned out to succeed). */
  undo(key: string): void {
    const window = this.current(key);
    if (window && window.count > 0) window.count -= 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.now() - window.startedAt >= this.rule.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
  }
}

export const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
