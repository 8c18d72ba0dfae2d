/**
 * Checks a data directory against what the writers did, reading the SQLite file directly
 * (read-only, beside a running server if there is one): SQLite's own integrity check, every
 * acknowledged write present in its acknowledged state (or a later unanswered one), no record
 * unknown to the ledger, no duplicates, no record with a required field missing, and every image
 * a record points at stored whole.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { imageFiles, imageReferences, missingImages, modelMetas } from '../../../server/backup/media-references';
import { quoteIdent } from '../../../server/db/database';
import { MARKER } from './writers';
import { WriteLedger, type RecordState } from './write-ledger';

export interface Verification {
  problems: string[];
  /** Records of the ledger compared with the database. */
  recordsChecked: number;
  rows: number;
  imagesChecked: number;
  /** Each tracked record's state as found, for WriteLedger.settle. */
  found: Map<string, RecordState>;
}

type Row = Record<string, unknown>;

/** A row's values in the shape the writers sent them (lists as arrays, booleans as booleans). */
function rowState(row: Row | undefined, like: RecordState): RecordState {
  if (!row) return null;
  const state: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    const sent = like?.[name];
    if (Array.isArray(sent) && typeof value === 'string') state[name] = JSON.parse(value);
    else if (typeof sent === 'boolean' && (value === 0 || value === 1)) state[name] = value === 1;
    else state[name] = value;
  }
  return state;
}

/** Whether the row holds every field of `expected` with the same value. */
function matches(row: RecordState, expected: RecordState): boolean {
  if (row === null || expected === null) return row === expected;
  return Object.entries(expected).every(([name, value]) => JSON.stringify(row[name] ?? null) === JSON.stringify(value));
}

export function verifyDataDir(dataDir: string, ledger: WriteLedger): Verification {
  const problems: string[] = [];
  const db = new Database(join(dataDir, 'shop.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`);

    const rowsByKey = new Map<string, Row>();
    let rows = 0;
    for (const meta of modelMetas()) {
      const required = meta.scalars.filter((field) => field.isRequired).map((field) => field.name);
      const names = new Map<string, number>();
      for (const row of db.prepare(`SELECT * FROM ${quoteIdent(meta.name)}`).all() as Row[]) {
        rows += 1;
        const missing = ['id', 'createdAt', 'updatedAt', ...required].filter((name) => row[name] === null || row[name] === undefined);
        if (missing.length > 0) problems.push(`${meta.name} ${String(row.id)}: half-written, ${missing.join(', ')} missing`);
        const name = typeof row.name === 'string' ? row.name : '';
        if (!name.startsWith(MARKER)) continue;
        names.set(name, (names.get(name) ?? 0) + 1);
        const key = WriteLedger.key(meta.name as 'Item', String(row.id));
        if (!ledger.records.has(key)) problems.push(`${meta.name} ${String(row.id)} (${name}): never written by the battery`);
        rowsByKey.set(key, row);
      }
      for (const [name, count] of names) if (count > 1) problems.push(`${meta.name} "${name}": ${count} copies`);
    }

    const found = new Map<string, RecordState>();
    for (const [key, record] of ledger.records) {
      const accepted = [record.acked, ...record.unsure];
      const state = rowState(rowsByKey.get(key), accepted.find((candidate) => candidate !== null) ?? null);
      found.set(key, state);
      if (!accepted.some((candidate) => matches(state, candidate))) {
        problems.push(
          `${key}: found ${JSON.stringify(state)}, acknowledged ${JSON.stringify(record.acked)}` +
            (record.unsure.length ? ` (or unanswered ${JSON.stringify(record.unsure)})` : ''),
        );
      }
    }

    const mediaDir = join(dataDir, 'media');
    const references = imageReferences(db);
    for (const { model, id, url } of references) {
      if (!imageFiles(url)) problems.push(`${model} ${id}: img ${url} is not a stored image`);
    }
    problems.push(...missingImages(db, mediaDir));
    for (const url of ledger.images) {
      const missing = (imageFiles(url) ?? [url]).filter(
        (name) => !existsSync(join(mediaDir, name)) || statSync(join(mediaDir, name)).size === 0,
      );
      if (missing.length > 0) problems.push(`acknowledged upload ${url}: ${missing.join(', ')} missing`);
    }
    return { problems, recordsChecked: ledger.records.size, rows, imagesChecked: references.length + ledger.images.size, found };
  } finally {
    db.close();
  }
}
