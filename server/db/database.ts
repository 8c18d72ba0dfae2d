/**
 * Opens the SQLite file (WAL mode) and brings its tables in line with the models: one table per
 * model, one column per scalar field, plus the server-only tables no GraphQL type maps to.
 */
import Database from 'better-sqlite3';
import type { ModelMeta, ScalarField } from '../model/model-meta';
import { cacheStatements } from './statement-cache';

export type Db = Database.Database;

/** Fields filtered by equality often enough to deserve an index (besides foreign keys). */
const EXTRA_INDEXES: Record<string, string[]> = {
  Item: ['promoted'],
  User: ['email', 'type'],
};

export function columnType(field: ScalarField): 'TEXT' | 'INTEGER' | 'REAL' {
  if (field.isArray) return 'TEXT';
  switch (field.type) {
    case 'Int':
    case 'Boolean':
    case 'AWSTimestamp':
      return 'INTEGER';
    case 'Float':
      return 'REAL';
    default:
      return 'TEXT';
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function openDatabase(file: string, models: ModelMeta[]): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a committed transaction survives a process crash (kill -9).
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db, models);
  cacheStatements(db);
  return db;
}

function migrate(db: Db, models: ModelMeta[]): void {
  db.transaction(() => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS _meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS _credentials (userId TEXT PRIMARY KEY, passwordHash TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS _sessions (
        tokenHash TEXT PRIMARY KEY,
        userId TEXT NOT NULL,
        createdAt INTEGER NOT NULL,
        lastSeenAt INTEGER NOT NULL,
        expiresAt INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS idx__sessions_userId ON _sessions(userId);
    `);
    // The address a customer signed up from (decision 0378), kept beside the hash where no resolver reaches.
    const credentialColumns = (db.prepare('PRAGMA table_info(_credentials)').all() as Array<{ name: string }>).map((col) => col.name);
    if (!credentialColumns.includes('signUpAddress')) db.exec('ALTER TABLE _credentials ADD COLUMN signUpAddress TEXT');
    // Reset tokens live 30 minutes: a table of an older shape is dropped rather than migrated.
    const resetColumns = (db.prepare('PRAGMA table_info(_password_resets)').all() as Array<{ name: string }>).map((col) => col.name);
    if (resetColumns.length && !resetColumns.includes('stamp')) db.exec('DROP TABLE _password_resets');
    db.exec(`
      CREATE TABLE IF NOT EXISTS _password_resets (
        tokenHash TEXT PRIMARY KEY,
        userId TEXT NOT NULL,
        expiresAt INTEGER NOT NULL,
        stamp TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS idx__password_resets_userId ON _password_resets(userId);
    `);
    // The activity log (server/activity/sqlite-activity-log.ts): entries as JSON, a year each.
    db.exec(`
      CREATE TABLE IF NOT EXISTS _activity (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL,
        at TEXT NOT NULL,
        expiresAt INTEGER NOT NULL,
        actorId TEXT NOT NULL,
        kind TEXT NOT NULL,
        entry TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS idx__activity_actor ON _activity(actorId, seq);
      CREATE INDEX IF NOT EXISTS idx__activity_kind ON _activity(kind, seq);
      CREATE INDEX IF NOT EXISTS idx__activity_expiresAt ON _activity(expiresAt);
    `);
    const foreignKeys = models.flatMap((model) =>
      model.relations.map((rel) => (rel.kind === 'belongsTo' ? [model.name, rel.foreignKey] : [rel.target, rel.foreignKey])),
    );
    for (const model of models) {
      const table = quoteIdent(model.name);
      const columns = model.scalars.filter((field) => field.name !== 'id');
      db.exec(`CREATE TABLE IF NOT EXISTS ${table} (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE)`);
      const existing = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((col) => col.name));
      for (const field of columns) {
        if (!existing.has(field.name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${quoteIdent(field.name)} ${columnType(field)}`);
      }
      const indexed = new Set([
        ...(EXTRA_INDEXES[model.name] ?? []),
        ...foreignKeys.filter(([owner]) => owner === model.name).map(([, field]) => field!),
      ]);
      for (const name of indexed) {
        db.exec(`CREATE INDEX IF NOT EXISTS ${quoteIdent(`idx_${model.name}_${name}`)} ON ${table}(${quoteIdent(name)})`);
      }
    }
  })();
}
