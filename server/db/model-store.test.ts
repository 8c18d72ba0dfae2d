/** ModelStore.withValues: the few records an import's chunk names, picked out by SQLite on the real file. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});
afterAll(async () => {
  await server.stop();
});

describe('ModelStore.withValues', () => {
  it('finds the records whose field, trimmed, is one of the values, in the order they were made', () => {
    const make = (name: string, upc: string | null) => server.store.create('Item', { name, price: 1, tags: ['wine'], upc }).id;
    const spaced = make('Spaced', ' 012345678905 ');
    const plain = make('Plain', '081234567890');
    make('Other', '999999999999');
    make('None', null);
    const found = server.store.withValues('Item', 'upc', ['081234567890', '012345678905', 'missing']);
    expect(found.map((item) => item.id)).toEqual([spaced, plain]);
    expect(found[0]).toMatchObject({ name: 'Spaced', tags: ['wine'] });
    expect(server.store.withValues('Item', 'id', [plain]).map((item) => item.name)).toEqual(['Plain']);
  });

  it('answers nothing for no values, and refuses a field the model does not have', () => {
    expect(server.store.withValues('Item', 'upc', [])).toEqual([]);
    expect(() => server.store.withValues('Item', 'upc) OR 1=1 --', ['x'])).toThrow(/unknown field/);
  });
});

describe('ModelStore.version', () => {
  it('changes with a transaction that wrote a row, even one rolled back, and not with one that wrote none', () => {
    const start = server.store.version;
    expect(server.store.transaction(() => server.store.list('Item', { limit: 1 }))).toBeDefined();
    expect(server.store.version).toBe(start);
    expect(() =>
      server.store.transaction(() => {
        throw new Error('refused before writing');
      }),
    ).toThrow('refused before writing');
    expect(server.store.version).toBe(start);
    expect(() =>
      server.store.transaction(() => {
        server.db.prepare("INSERT INTO _meta (key, value) VALUES ('model-store-test', 'x')").run();
        throw new Error('refused after writing');
      }),
    ).toThrow('refused after writing');
    const afterRollback = server.store.version;
    expect(afterRollback).not.toBe(start);
    server.store.transaction(() => server.db.prepare("INSERT OR REPLACE INTO _meta (key, value) VALUES ('model-store-test', 'y')").run());
    expect(server.store.version).not.toBe(afterRollback);
  });
});
