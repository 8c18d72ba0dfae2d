/**
 * The database's prepared statements, kept by their SQL: better-sqlite3 compiles a statement on
 * every `prepare`, and the stores prepare theirs where they run them (a session check on every
 * signed-in request, a reservation's dozen statements). A statement runs to completion
 * synchronously (nothing here iterates one), so one compiled statement serves every caller.
 * Dynamic SQL (list filters) is bounded: past MAX_STATEMENTS the least recently used goes.
 */
import type Database from 'better-sqlite3';

type Db = Database.Database;

export const MAX_STATEMENTS = 500;

/** Makes `db.prepare` hand out one statement per SQL text. */
export function cacheStatements(db: Db, max = MAX_STATEMENTS): void {
  const compile = db.prepare.bind(db);
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (statement) statements.delete(sql);
    else statement = compile(sql);
    statements.set(sql, statement);
    if (statements.size > max) statements.delete(statements.keys().next().value!);
    return statement;
  }) as Db['prepare'];
}
