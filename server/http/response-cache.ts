/**
 * Serialized responses of read-only model queries, keyed by caller class and request body, valid
 * only while the store's write version is unchanged. Any write anywhere invalidates everything:
 * simple and always correct, and the catalogue is read far more often than it is written.
 * Kept as encoded bytes: a hit is sent as is, with no string to encode again (a 40 KB list page
 * was encoded twice per hit, for its length and for the socket).
 */
export class ResponseCache {
  private entries = new Map<string, Buffer>();
  private bytes = 0;
  private version = '';

  constructor(private readonly maxEntries = 500, private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string, version: string): Buffer | undefined {
    if (version !== this.version) return undefined;
    return this.entries.get(key);
  }

  set(key: string, version: string, json: Buffer): void {
    if (version !== this.version) {
      this.entries = new Map();
      this.bytes = 0;
      this.version = version;
    }
    if (json.length > this.maxBytes / 8) return;
    while (this.entries.size >= this.maxEntries || this.bytes + json.length > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.bytes -= this.entries.get(oldest.value)!.length;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, json);
    this.bytes += json.length;
  }
}
