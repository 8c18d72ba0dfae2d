/** importItems through the API: a dry run, a chunk that lands whole or not at all, and its limits (decision 0306). */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ItemImportRow } from '../../shared/item-import';
import { CHUNK_MESSAGES, IMPORT_CHUNK_ROWS, newImportId } from '../../shared/import-chunks';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import { uploadImage } from '../../tests/support/image-upload';

const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean) {
  importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply) { applied outcomes problems { row field message } appliedRows failure }
}`;

let server: TestServer;
let admin: Record<string, string>;
let image: string;

const call = async (query: string, variables: Record<string, unknown>, headers = admin) =>
  (await postGraphQL(server, { query, variables }, headers)).body;
const importRows = async (rows: ItemImportRow[], apply: boolean, headers = admin) =>
  call(IMPORT, { importId: newImportId(), offset: 0, rows, apply }, headers);
const items = () => server.store.list('Item', { limit: 1000 }).items;
const itemByUpc = (upc: string) => items().find((item) => item.upc === upc);

beforeAll(async () => {
  server = await startTestServer();
  admin = { authorization: (await server.sessionFor(ROLE_ADMIN)).token };
  const png = await sharp({ create: { width: 40, height: 10, channels: 3, background: '#7b2d26' } })
    .png()
    .toBuffer();
  image = (await uploadImage((query, variables) => call(query, variables ?? {}), png, server.url)).url!;
  server.store.create('Category', { id: 'region', name: 'Region', type: ['Wine'], visible: true, index: 1 });
  server.store.create('Tag', { id: 'rhone', name: 'Côtes du Rhône', categoryId: 'region', index: 0 });
});
afterAll(async () => {
  await server?.stop();
});

const awkward = (row: number, upc: string): ItemImportRow => ({
  row,
  name: `L'Ermitage, "Cuvée" Rosé ${upc}`,
  price: '24.50',
  upc,
  promoted: 'Yes',
  description: 'Apostrophes \' commas , quotes " accents é ñ ü\nand a second line',
  img: `${server.url}${image}`,
  tags: [
    { categoryId: 'department', names: 'Wine' },
    { categoryId: 'region', names: 'côtes du rhône' },
  ],
});

describe('importItems', () => {
  it('a dry run lists each outcome and writes nothing', async () => {
    const before = items().length;
    const body = await importRows([awkward(2, 'dry-1'), { row: 3, upc: 'dry-2', name: 'No price' }], false);
    expect(body.errors).toBeUndefined();
    const report = body.data!.importItems as { applied: boolean; outcomes: string[]; problems: unknown[] };
    expect(report.applied).toBe(false);
    expect(report.outcomes).toEqual(['create', 'error']);
    expect(report.problems).toContainEqual({ row: 3, field: 'Price', message: 'Missing Required Fields' });
    expect(items().length).toBe(before);
  });

  it('applies: creates with every character as written, then updates by UPC', async () => {
    const created = await importRows([awkward(2, 'awk-1'), awkward(3, 'awk-2')], true);
    expect(created.data!.importItems).toMatchObject({ applied: true, outcomes: ['create', 'create'], appliedRows: [2, 3], failure: null });
    expect(itemByUpc('awk-1')).toMatchObject({
      name: `L'Ermitage, "Cuvée" Rosé awk-1`,
      price: 24.5,
      promoted: true,
      description: 'Apostrophes \' commas , quotes " accents é ñ ü\nand a second line',
      img: image,
      tags: ['wine', 'rhone'],
    });
    const updated = await importRows(
      [{ row: 2, upc: 'awk-1', price: '19.99', tags: [{ categoryId: 'department', names: 'Extras' }] }],
      true,
    );
    expect(updated.data!.importItems).toMatchObject({ applied: true, outcomes: ['update'] });
    expect(itemByUpc('awk-1')).toMatchObject({ price: 19.99, tags: ['rhone', 'extras'], name: `L'Ermitage, "Cuvée" Rosé awk-1` });
  });

  it('applies nothing when one row has a problem', async () => {
    const before = JSON.stringify(items());
    const body = await importRows([awkward(2, 'none-1'), { ...awkward(3, 'none-2'), price: '-4' }], true);
    expect(body.data!.importItems).toMatchObject({
      applied: false,
      outcomes: ['create', 'error'],
      problems: [{ row: 3, field: 'Price', message: 'Please enter a valid price, such as 12.99' }],
      appliedRows: [],
    });
    expect(JSON.stringify(items())).toBe(before);
  });

  it(`refuses an empty chunk and more than ${IMPORT_CHUNK_ROWS} rows in one, whole`, async () => {
    expect((await importRows([], true)).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: IMPORT_MESSAGES.noRows });
    const many = Array.from({ length: IMPORT_CHUNK_ROWS + 1 }, (_, i) => ({ row: i + 2, name: 'x' }));
    expect((await importRows(many, true)).errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: CHUNK_MESSAGES.tooManyRows,
    });
  });

  it('is for admins only, and a visitor cannot send an admin-sized body', async () => {
    const user = { authorization: (await server.sessionFor(ROLE_USER)).token };
    expect((await importRows([awkward(2, 'user-1')], true, user)).errors?.[0]?.errorType).toBe('Unauthorized');
    const big = Array.from({ length: 3_000 }, (_, i) => ({ row: i + 2, name: 'x'.repeat(100) }));
    const response = await postGraphQL(
      server,
      { query: IMPORT, variables: { importId: newImportId(), offset: 0, rows: big, apply: false } },
      user,
    );
    expect(response.status).toBe(413);
    expect(itemByUpc('user-1')).toBeUndefined();
  });
});
