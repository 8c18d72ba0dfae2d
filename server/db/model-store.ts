/**
 * Generic storage of model records in SQLite: get, list with filter and keyset pagination,
 * create/update/delete with AppSync conditions. One code path for every model; nothing here
 * knows about items or events.
 */
import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import { conditionFailed, validationError } from '../errors';
import { requiredFieldMessage, type ModelMeta, type ScalarField } from '../model/model-meta';
import type { ModelRecord } from '../model/model-writes';
import { columnType, quoteIdent, type Db } from './database';
import { compileFilter, type SqlValue } from './sql-filter';

export interface ListArgs {
  filter?: Record<string, unknown> | null;
  limit?: number | null;
  nextToken?: string | null;
  sortDirection?: 'ASC' | 'DESC' | null;
  /** Extra equality constraint, used by hasMany relations (e.g. categoryId = parent.id). */
  where?: { field: string; value: SqlValue };
}

export interface ListResult {
  items: ModelRecord[];
  nextToken: string | null;
}

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;

function encodeToken(seq: number): string {
  return Buffer.from(JSON.stringify({ v: 1, s: seq })).toString('base64url');
}

function decodeToken(token: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { v?: number; s?: unknown };
    if (parsed.v === 1 && Number.isSafeInteger(parsed.s)) return parsed.s as number;
  } catch {
    /* reported below */
  }
  throw validationError('Invalid nextToken');
}

/**
 * How stale the stored text lengths a read's price uses (cost.ts, answer bytes) may be: computed
 * again at most this often, and only after a write.
 */
const TEXT_LENGTHS_REFRESH_MS = 5_000;

/** Per-model prepared statements and converters, built once. */
class ModelTable {
  readonly table: string;
  readonly writable: ScalarField[];
  private readonly selectById: Statement;
  private readonly decoders: Array<[string, (value: unknown) => unknown]>;
  /** The average stored length of each text column, in one scan. */
  readonly averageTextLengths: Statement | null;
  textLengths: { version: string; at: number; lengths: Map<string, number> } | null = null;

  constructor(
    private readonly db: Db,
    readonly meta: ModelMeta,
  ) {
    this.table = quoteIdent(meta.name);
    this.writable = meta.scalars.filter((field) => !field.isReadOnly && field.name !== 'id');
    this.selectById = db.prepare(`SELECT * FROM ${this.table} WHERE id = ?`);
    this.decoders = meta.scalars.map((field) => [field.name, decoderFor(field)]);
    const textColumns = meta.scalars.filter((field) => columnType(field) === 'TEXT').map((field) => quoteIdent(field.name));
    this.averageTextLengths = textColumns.length
      ? db.prepare(`SELECT ${textColumns.map((column) => `avg(length(${column})) AS ${column}`).join(', ')} FROM ${this.table}`)
      : null;
  }

  decode(row: Record<string, unknown>): ModelRecord {
    const record: Record<string, unknown> = {};
    for (const [name, decode] of this.decoders) record[name] = decode(row[name]);
    return record as ModelRecord;
  }

  rowById(id: string): Record<string, unknown> | undefined {
    return this.selectById.get(id) as Record<string, unknown> | undefined;
  }
}

function decoderFor(field: ScalarField): (value: unknown) => unknown {
  if (field.isArray) return (value) => (value === null || value === undefined ? null : (JSON.parse(value as string) as unknown));
  if (field.type === 'Boolean') return (value) => (value === null || value === undefined ? null : value === 1);
  return (value) => (value === undefined ? null : value);
}

function encodeValue(field: ScalarField, value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (field.isArray) {
    if (!Array.isArray(value)) throw validationError(`${field.name} must be a list`);
    return JSON.stringify(value);
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') {
    if (columnType(field) !== 'TEXT' && typeof value !== 'number') throw validationError(`${field.name} must be a number`);
    return value;
  }
  throw validationError(`Invalid value for ${field.name}`);
}

export class ModelStore {
  private readonly tables = new Map<string, ModelTable>();
  /** Bumped by every write through this store. */
  private writes = 0;
  private readonly dataVersion: Statement;
  /** Rows this connection has written since it opened (SQLite's total_changes()). */
  private readonly totalChanges: Statement;
  private lastDataVersion = 0;
  private dataVersionReadAt = Number.NEGATIVE_INFINITY;
  private versionOf = { writes: -1, dataVersion: -1, text: '' };

  constructor(
    readonly db: Db,
    models: ModelMeta[],
  ) {
    for (const meta of models) this.tables.set(meta.name, new ModelTable(db, meta));
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
    this.totalChanges = db.prepare('SELECT total_changes()').pluck();
  }

  /**
   * Changes whenever the data may have changed: on our own writes, and (SQLite's data_version) on
   * writes committed by another connection, such as `npm run create-admin` beside a running server.
   */
  get version(): string {
    // Read from SQLite at most once a millisecond: under load many requests ask within one, and
    // another process's write is seen a millisecond later at most (ours bump `writes` at once).
    const now = performance.now();
    if (now - this.dataVersionReadAt >= 1) {
      this.lastDataVersion = this.dataVersion.get() as number;
      this.dataVersionReadAt = now;
    }
    // The same string object while nothing changed: every cached answer compares against it.
    if (this.versionOf.writes !== this.writes || this.versionOf.dataVersion !== this.lastDataVersion) {
      this.versionOf = { writes: this.writes, dataVersion: this.lastDataVersion, text: `${this.writes}.${this.lastDataVersion}` };
    }
    return this.versionOf.text;
  }

  private tableFor(model: string): ModelTable {
    const table = this.tables.get(model);
    if (!table) throw new Error(`unknown model ${model}`);
    return table;
  }

  /**
   * Runs fn in one SQLite transaction: all of its writes land, or none. Inside another, fn joins
   * it (no savepoint: no caller goes on after a nested failure, which rolls the whole one back).
   */
  transaction<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    const changesBefore = this.totalChanges.get();
    try {
      return this.db.transaction(fn)();
    } finally {
      // One that wrote a row (other stores write with their own statements) may have changed an
      // answer; one that wrote none did not, and keeps every cached answer: a sign-up refused
      // before it wrote (an address already used) must not empty the caches for everyone.
      if (this.totalChanges.get() !== changesBefore) this.writes += 1;
    }
  }

  /**
   * The average stored length of a model's text field (0 for another field, or an empty table): what
   * a read of that field costs per record in answer bytes (cost.ts). One scan per model, again
   * only after a write and TEXT_LENGTHS_REFRESH_MS.
   */
  averageTextLength(model: string, field: string): number {
    const table = this.tables.get(model);
    if (!table?.averageTextLengths) return 0;
    const version = this.version;
    const now = performance.now();
    const known = table.textLengths;
    if (!known || (known.version !== version && now - known.at >= TEXT_LENGTHS_REFRESH_MS)) {
      const row = table.averageTextLengths.get() as Record<string, number | null>;
      table.textLengths = { version, at: now, lengths: new Map(Object.entries(row).map(([name, length]) => [name, length ?? 0])) };
    }
    return table.textLengths!.lengths.get(field) ?? 0;
  }

  /**
   * The records whose `field` (trimmed) is one of `values`: a few rows of a large table without
   * decoding the rest (an import's chunk names at most 200 UPCs of thousands of items).
   */
  withValues(model: string, field: string, values: readonly string[]): ModelRecord[] {
    const table = this.tableFor(model);
    if (!table.meta.scalarByName.has(field)) throw new Error(`unknown field ${field}`);
    if (!values.length) return [];
    const sql = `SELECT * FROM ${table.table} WHERE trim(${quoteIdent(field)}) IN (SELECT value FROM json_each(?)) ORDER BY seq`;
    return (this.db.prepare(sql).all(JSON.stringify(values)) as Array<Record<string, unknown>>).map((row) => table.decode(row));
  }

  get(model: string, id: string): ModelRecord | null {
    const table = this.tableFor(model);
    const row = table.rowById(id);
    return row ? table.decode(row) : null;
  }

  list(model: string, args: ListArgs = {}): ListResult {
    const table = this.tableFor(model);
    const limit = args.limit ?? DEFAULT_LIST_LIMIT;
    if (!Number.isInteger(limit) || limit < 1) throw validationError('limit must be a positive integer');
    const pageSize = Math.min(limit, MAX_LIST_LIMIT);
    const compiled = compileFilter(table.meta, args.filter);
    const descending = args.sortDirection === 'DESC';
    const clauses = [compiled.sql];
    const params: SqlValue[] = [...compiled.params];
    if (args.where) {
      if (!table.meta.scalarByName.has(args.where.field)) throw new Error(`unknown field ${args.where.field}`);
      clauses.push(`${quoteIdent(args.where.field)} = ?`);
      params.push(args.where.value);
    }
    if (args.nextToken) {
      clauses.push(descending ? 'seq < ?' : 'seq > ?');
      params.push(decodeToken(args.nextToken));
    }
    const sql = `SELECT * FROM ${table.table} WHERE ${clauses.join(' AND ')} ORDER BY seq ${descending ? 'DESC' : 'ASC'} LIMIT ?`;
    params.push(pageSize + 1);
    const rows = this.db.prepare(sql).all(...params) as Array<Record<string, unknown>>;
    const hasMore = rows.length > pageSize;
    const page = hasMore ? rows.slice(0, pageSize) : rows;
    const last = page[page.length - 1];
    return {
      items: page.map((row) => table.decode(row)),
      nextToken: hasMore && last ? encodeToken(last.seq as number) : null,
    };
  }

  create(model: string, input: Record<string, unknown>, condition?: Record<string, unknown> | null): ModelRecord {
    const table = this.tableFor(model);
    return this.transaction(() => {
      const id = input.id === undefined || input.id === null ? randomUUID() : (input.id as string);
      if (id === '') throw validationError('id must not be empty');
      if (table.rowById(id)) throw conditionFailed();
      if (condition && !this.matchesAbsent(table, condition)) throw conditionFailed();
      const now = new Date().toISOString();
      const names = ['id', 'createdAt', 'updatedAt'];
      const values: SqlValue[] = [id, now, now];
      for (const field of table.writable) {
        const value = input[field.name];
        if (value === undefined) continue;
        if (value === null && field.isRequired) throw validationError(requiredFieldMessage(field.name));
        names.push(field.name);
        values.push(encodeValue(field, value));
      }
      for (const field of table.writable) {
        if (field.isRequired && !names.includes(field.name)) throw validationError(requiredFieldMessage(field.name));
      }
      const sql = `INSERT INTO ${table.table} (${names.map(quoteIdent).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
      this.db.prepare(sql).run(...values);
      this.writes += 1;
      return table.decode(table.rowById(id)!);
    });
  }

  update(model: string, input: Record<string, unknown>, condition?: Record<string, unknown> | null): ModelRecord {
    const table = this.tableFor(model);
    const id = String(input.id);
    return this.transaction(() => {
      const current = table.rowById(id);
      if (!current || !this.matches(table, id, condition)) throw conditionFailed();
      const sets: string[] = [];
      const values: SqlValue[] = [];
      for (const field of table.writable) {
        const value = input[field.name];
        if (value === undefined) continue;
        if (value === null && field.isRequired) throw validationError(requiredFieldMessage(field.name));
        sets.push(`${quoteIdent(field.name)} = ?`);
        values.push(encodeValue(field, value));
      }
      sets.push('updatedAt = ?');
      values.push(nextTimestamp(current.updatedAt as string));
      this.db.prepare(`UPDATE ${table.table} SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
      this.writes += 1;
      return table.decode(table.rowById(id)!);
    });
  }

  delete(model: string, input: { id: string }, condition?: Record<string, unknown> | null): ModelRecord {
    const table = this.tableFor(model);
    return this.transaction(() => {
      const current = table.rowById(input.id);
      if (!current || !this.matches(table, input.id, condition)) throw conditionFailed();
      this.db.prepare(`DELETE FROM ${table.table} WHERE id = ?`).run(input.id);
      this.writes += 1;
      return table.decode(current);
    });
  }

  private matches(table: ModelTable, id: string, condition?: Record<string, unknown> | null): boolean {
    if (!condition) return true;
    const compiled = compileFilter(table.meta, condition);
    return this.db.prepare(`SELECT 1 FROM ${table.table} WHERE id = ? AND ${compiled.sql}`).get(id, ...compiled.params) !== undefined;
  }

  /** A condition on create is evaluated against a record that does not exist yet (all attributes missing). */
  private matchesAbsent(table: ModelTable, condition: Record<string, unknown>): boolean {
    const compiled = compileFilter(table.meta, condition);
    const nulls = table.meta.scalars.map((field) => `NULL AS ${quoteIdent(field.name)}`).join(', ');
    return this.db.prepare(`SELECT 1 FROM (SELECT ${nulls}) WHERE ${compiled.sql}`).get(...compiled.params) !== undefined;
  }
}

/** updatedAt strictly increases per record, so an optimistic check on it never misses a write. */
function nextTimestamp(previous: string): string {
  const now = Date.now();
  const prev = Date.parse(previous);
  return new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
}
