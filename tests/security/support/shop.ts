/**
 * The real shop server for the security batteries, and what they check after every hostile
 * request: the answer's shape, and that nothing was stored (database and media files).
 *
 *     const shop = await startTestServer();
 *     const before = storedState(shop);
 *     const { body } = await callAs(shop, { token: forged }, 'mutation { ... }');
 *     expectRefused(body, 'UnauthorizedException');
 *     expectNothingStored(shop, before);
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { expect } from 'vitest';
import { SESSION_IDLE_MS } from '../../../server/auth/sessions';
import { postGraphQL, type TestServer } from '../../support/test-server';
import { expectNoInternals } from './leaks';

/** How a request authenticates: nothing, an API key (a guest), or a session token. */
export type Credentials = { none: true } | { apiKey: string } | { token: string };

export const asGuest = (shop: TestServer): Credentials => ({ apiKey: shop.apiKey });

export function headersFor(credentials: Credentials): Record<string, string> {
  if ('token' in credentials) return { authorization: credentials.token };
  if ('apiKey' in credentials) return { 'x-api-key': credentials.apiKey };
  return {};
}

export type GraphQLBody = Awaited<ReturnType<typeof postGraphQL>>['body'];

export async function callAs(shop: TestServer, credentials: Credentials, query: string, variables: Record<string, unknown> = {}) {
  const answer = await postGraphQL(shop, { query, variables }, headersFor(credentials));
  expectNoInternals(answer.body);
  return answer;
}

/** A refusal: an error of the given AppSync type and no data for any root field. */
export function expectRefused(body: GraphQLBody, errorType: string | RegExp): void {
  expect(body.errors ?? [], `expected a ${String(errorType)} error, got ${JSON.stringify(body).slice(0, 300)}`).not.toHaveLength(0);
  for (const error of body.errors!) expect(error.errorType).toMatch(errorType instanceof RegExp ? errorType : new RegExp(`^${errorType}$`));
  for (const value of Object.values(body.data ?? {})) expect(value).toBeNull();
}

export interface StoredState {
  database: string;
  media: string[];
}

/**
 * A digest of every table, and the media files. Sessions count only while live: the server may
 * drop an expired one when it is presented, which is not a write the caller caused.
 */
export function storedState(shop: TestServer, now = Date.now()): StoredState {
  const tables = (
    shop.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{
      name: string;
    }>
  ).map(({ name }) => name);
  const digest = createHash('sha256');
  for (const table of tables) {
    const rows =
      table === '_sessions'
        ? shop.db
            .prepare('SELECT tokenHash, userId, expiresAt FROM _sessions WHERE expiresAt > ? AND lastSeenAt > ? ORDER BY tokenHash')
            .all(now, now - SESSION_IDLE_MS)
        : shop.db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all();
    digest.update(`${table}\n${JSON.stringify(rows)}\n`);
  }
  return { database: digest.digest('hex'), media: readdirSync(shop.media.dir).sort() };
}

export function expectNothingStored(shop: TestServer, before: StoredState, now?: number): void {
  const after = storedState(shop, now);
  expect(after.media, 'no media file may be written').toEqual(before.media);
  expect(after.database === before.database, 'the database must be unchanged').toBe(true);
}
