/**
 * Serialized responses of read-only model queries, keyed by caller class and request body, valid
 * only while the store's write version is unchanged. Any write anywhere invalidates everything:
 * simple and always correct, and the catalogue is read far more often than it is written.
 * Kept as encoded bytes: a hit is sent as is, with no string to encode again (a 40 KB list page
 * was encoded twice per hit, for its length and for the socket).
 */
import { BoundedCache } from '../cache/bounded-cache';

export class ResponseCache {
  private readonly entries: BoundedCache<Buffer>;
  private version = '';

  constructor(maxEntries = 500, maxBytes = 64 * 1024 * 1024) {
    this.entries = new BoundedCache(maxEntries, maxBytes);
  }

  /** Entries held (those of an older version too, until the next `set` drops them). */
  get size(): number {
    return this.entries.size;
  }

  get(key: string, version: string): Buffer | undefined {
    if (version !== this.version) return undefined;
    return this.entries.get(key);
  }

  set(key: string, version: string, json: Buffer): void {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    this.entries.set(key, json, json.length + key.length * 2);
  }
}
