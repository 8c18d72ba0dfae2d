/**
 * Serialized responses of read-only model queries, keyed by caller class and request body (a
 * public JSON body alone, every other key led by a class name: graphql-route.ts answerCacheKey), valid
 * only while the store's write version is unchanged. Any write anywhere invalidates everything:
 * simple and always correct, and the catalogue is read far more often than it is written.
 * A long answer is kept as encoded bytes, sent as is with no string to encode again (a 40 KB list
 * page was encoded twice per hit, for its length and for the socket); a short one as its text,
 * which node:http writes in one piece with the headers (http/graphql-route.ts).
 */
import { BoundedCache } from '../cache/bounded-cache';

export class ResponseCache {
  private readonly entries: BoundedCache<Buffer | string>;
  private version = '';

  constructor(maxEntries = 500, maxBytes = 64 * 1024 * 1024) {
    this.entries = new BoundedCache(maxEntries, maxBytes);
  }

  /** Entries held (those of an older version too, until the next `set` drops them). */
  get size(): number {
    return this.entries.size;
  }

  get(key: string, version: string): Buffer | string | undefined {
    // Usually the very string the store handed out last time (ModelStore.version): compared at once.
    if (version !== this.version) return undefined;
    return this.entries.get(key);
  }

  set(key: string, version: string, json: Buffer | string): void {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    // A string weighs two bytes a character at most (V8 keeps one-byte text in one).
    this.entries.set(key, json, (typeof json === 'string' ? json.length * 2 : json.length) + key.length * 2);
  }
}
