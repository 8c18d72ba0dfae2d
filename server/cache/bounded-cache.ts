/**
 * A map bounded by entry count and by bytes (as the caller weighs each value), dropping the
 * oldest entries first. What every in-memory cache of the server is built on, so that no stream
 * of distinct requests can grow one without limit.
 */
export class BoundedCache<V> {
  private entries = new Map<string, { value: V; bytes: number }>();
  private totalBytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }
  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Stores a value weighing `bytes`; one heavier than an eighth of the budget is not kept. */
  set(key: string, value: V, bytes: number): void {
    if (bytes > this.maxBytes / 8) return;
    this.delete(key);
    while (this.entries.size >= this.maxEntries || this.totalBytes + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.entries.set(key, { value, bytes });
    this.totalBytes += bytes;
  }

  clear(): void {
    this.entries = new Map();
    this.totalBytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
  }
}
