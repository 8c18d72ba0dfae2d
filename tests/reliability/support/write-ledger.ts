/**
 * What the writers did, kept so the data directory can be checked afterwards. Each record has the
 * state its last acknowledged write left it in, plus the states of writes whose outcome is unknown
 * (the connection broke, e.g. the server was killed): those may or may not have landed, so either
 * is accepted until `settle` learns which one did.
 */
export type Model = 'Item' | 'Event';
/** A record's fields as written, or null when it does not exist (never created, or deleted). */
export type RecordState = Record<string, unknown> | null;

interface TrackedRecord {
  model: Model;
  id: string;
  acked: RecordState;
  unsure: RecordState[];
}

export interface PendingWrite {
  readonly key: string;
  readonly next: RecordState;
}

export interface LedgerFigures {
  attempted: number;
  acknowledged: number;
  refused: number;
  unknown: number;
  uploads: number;
}

export class WriteLedger {
  readonly records = new Map<string, TrackedRecord>();
  /** URLs of acknowledged uploads: their files must exist whatever happened later. */
  readonly images = new Set<string>();
  private counts = { attempted: 0, acknowledged: 0, refused: 0, unknown: 0 };
  /** Why refused writes were refused (first few), for the failure message. */
  readonly refusals: string[] = [];

  static key(model: Model, id: string) {
    return `${model}:${id}`;
  }

  /** The last acknowledged state of a record (null when absent or unknown to the ledger). */
  current(model: Model, id: string): RecordState {
    return this.records.get(WriteLedger.key(model, id))?.acked ?? null;
  }

  /** Registers a write about to be sent; `next` is the record's state if it lands. */
  begin(model: Model, id: string, next: RecordState): PendingWrite {
    const key = WriteLedger.key(model, id);
    let record = this.records.get(key);
    if (!record) {
      record = { model, id, acked: null, unsure: [] };
      this.records.set(key, record);
    }
    record.unsure.push(next);
    this.counts.attempted += 1;
    return { key, next };
  }

  /** The server acknowledged the write: it must be in the database from now on. */
  ack(write: PendingWrite): void {
    const record = this.records.get(write.key)!;
    record.acked = write.next;
    record.unsure.splice(record.unsure.indexOf(write.next), 1);
    this.counts.acknowledged += 1;
  }

  /**
   * The server answered without acknowledging (an error). Nothing was promised, so the write stays
   * among the accepted states; the batteries without crashes expect no refusals at all.
   */
  refuse(_write: PendingWrite, reason: string): void {
    this.counts.refused += 1;
    if (this.refusals.length < 5) this.refusals.push(reason);
  }

  /** No answer: the write may or may not have landed; it stays among the accepted states. */
  unknown(_write: PendingWrite): void {
    this.counts.unknown += 1;
  }

  /** An upload (a write of its own: the image file and its variants). */
  upload(outcome: { url: string } | { refused: string } | 'unknown'): void {
    this.counts.attempted += 1;
    if (outcome === 'unknown') this.counts.unknown += 1;
    else if ('refused' in outcome) {
      this.counts.refused += 1;
      if (this.refusals.length < 5) this.refusals.push(outcome.refused);
    } else {
      this.counts.acknowledged += 1;
      this.images.add(outcome.url);
    }
  }

  /** Takes the states found in the database as the acknowledged ones (after they were verified). */
  settle(found: (record: TrackedRecord) => RecordState): void {
    for (const record of this.records.values()) {
      if (record.unsure.length === 0) continue;
      record.acked = found(record);
      record.unsure = [];
    }
  }

  figures(): LedgerFigures {
    return { ...this.counts, uploads: this.images.size };
  }
}

export type { TrackedRecord };
