/** CatalogueService (the local server's) on DynamoDB: against the in-memory fake, as no real DynamoDB runs here. */
import { describe, expect, it } from 'vitest';
import { CatalogueService, importedItemId } from '../../../server/catalogue/catalogue-service';
import { CHUNK_MESSAGES } from '../../../shared/import-chunks';
import { BATCH_MARGIN_MS } from '../../../shared/work-deadline';
import { AppError } from '../../../server/errors';
import { DynamoCatalogueStore, MAX_TRANSACTION_ITEMS } from './dynamo-catalogue';
import { fakeShopDynamo, TABLES } from '../../../tests/support/fake-dynamo/fake-tables';

const HASH = 'a'.repeat(64);
const HASH_2 = 'c'.repeat(64);
const images = { exists: async (name: string) => name.startsWith(HASH) || name.startsWith(HASH_2) };

function setup() {
  const db = fakeShopDynamo();
  let now = Date.UTC(2030, 0, 1);
  const store = new DynamoCatalogueStore(db, { Banner: TABLES.Banner, Category: TABLES.Category, Tag: TABLES.Tag }, () => now);
  return {
    db,
    store,
    service: new CatalogueService(store, images),
    tick: () => {
      now += 1000;
    },
  };
}

const errorTypeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof AppError ? error.errorType : String(error)),
  );

describe('CatalogueService on DynamoDB', () => {
  it('replaces the banner set in one transaction, with items shaped as AppSync writes them', async () => {
    const { db, service } = setup();
    await service.replaceBanners([`/media/${HASH}.png`]);
    const banners = await service.replaceBanners([`/media/${HASH}.png`, `/media/${HASH_2}.png`]);
    expect(banners.map((banner) => banner.index)).toEqual([0, 1]);
    expect(banners[0]).not.toHaveProperty('__typename');
    const stored = db.items(TABLES.Banner);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ __typename: 'Banner', createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(await errorTypeOf(service.replaceBanners([`/media/${'b'.repeat(64)}.png`]))).toBe('ValidationError');
    expect(db.items(TABLES.Banner)).toHaveLength(2);
  });

  it('replaces a banner set larger than one transaction takes (banners made one by one have no cap)', async () => {
    const { db, store, service } = setup();
    for (let start = 0; start < 230; start += MAX_TRANSACTION_ITEMS)
      await store.commit(
        Array.from({ length: Math.min(MAX_TRANSACTION_ITEMS, 230 - start) }, (_, index) => ({
          op: 'create' as const,
          model: 'Banner',
          fields: { img: `/media/${HASH}.png`, index: start + index },
        })),
      );
    expect(db.items(TABLES.Banner)).toHaveLength(230);
    const banners = await service.replaceBanners([`/media/${HASH}.png`, `/media/${HASH_2}.png`]);
    expect(banners.map((banner) => banner.img)).toEqual([`/media/${HASH}.png`, `/media/${HASH_2}.png`]);
    expect(
      db
        .items(TABLES.Banner)
        .map((banner) => banner.id)
        .sort(),
    ).toEqual(banners.map((banner) => banner.id).sort());
  });

  it('renumbers categories and tags, writing only what moved', async () => {
    const { db, store, service, tick } = setup();
    const [a, b, c] = await store.commit(
      ['A', 'B', 'C'].map((name, index) => ({ op: 'create' as const, model: 'Category', fields: { name, index } })),
    );
    tick();
    const before = db.calls.transactWrite!;
    const ordered = await service.reorderCategories([c!.id, a!.id, b!.id]);
    expect(ordered.map((category) => [category.name, category.index])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect(db.calls.transactWrite).toBe(before + 1);
    expect(ordered[0]!.updatedAt > c!.updatedAt).toBe(true);
    expect(await errorTypeOf(service.reorderCategories([a!.id, b!.id]))).toBe('ValidationError');

    const tags = await store.commit(
      ['x', 'y'].map((name, index) => ({ op: 'create' as const, model: 'Tag', fields: { name, index, categoryId: a!.id } })),
    );
    await store.commit([{ op: 'create', model: 'Tag', fields: { name: 'z', index: 0, categoryId: b!.id } }]);
    const reordered = await service.reorderTags(a!.id, [tags[1]!.id, tags[0]!.id]);
    expect(reordered.map((tag) => tag.name)).toEqual(['y', 'x']);
  });

  it('fails the whole change when a record changed since it was read', async () => {
    const { db, store, tick } = setup();
    const [a, b] = await store.commit(
      ['A', 'B'].map((name, index) => ({ op: 'create' as const, model: 'Category', fields: { name, index } })),
    );
    tick();
    const stale = b!.updatedAt;
    await store.commit([{ op: 'update', model: 'Category', id: b!.id, fields: { name: 'B2' }, expectUpdatedAt: stale }]);
    expect(
      await errorTypeOf(
        Promise.resolve(
          store.commit([
            { op: 'update', model: 'Category', id: a!.id, fields: { index: 1 }, expectUpdatedAt: a!.updatedAt },
            { op: 'update', model: 'Category', id: b!.id, fields: { index: 0 }, expectUpdatedAt: stale },
          ]),
        ),
      ),
    ).toBe('DynamoDB:ConditionalCheckFailedException');
    expect(db.items(TABLES.Category).find((item) => item.id === a!.id)!.index).toBe(0);
  });

  it('deletes a category with its tags, refuses the built-in one, and caps a change at 100 records', async () => {
    const { db, store, service } = setup();
    const [category] = await store.commit([{ op: 'create', model: 'Category', fields: { name: 'Region', index: 0 } }]);
    await store.commit(
      [1, 2, 3].map((n) => ({ op: 'create' as const, model: 'Tag', fields: { name: `t${n}`, categoryId: category!.id } })),
    );
    expect(await service.deleteCategoryAndTags(category!.id)).toMatchObject({ id: category!.id, name: 'Region' });
    expect(db.items(TABLES.Tag)).toHaveLength(0);
    expect(await errorTypeOf(service.deleteCategoryAndTags(category!.id))).toBe('NotFound');
    expect(await errorTypeOf(service.deleteCategoryAndTags('department'))).toBe('ValidationError');
    const many = Array.from({ length: 101 }, () => ({ op: 'create' as const, model: 'Tag', fields: { name: 'n' } }));
    expect(await errorTypeOf(Promise.resolve(store.commit(many)))).toBe('ValidationError');
  });

  it('writes an import chunk in transactions of 100, stops before a batch when time runs short, and a resend finishes it (decisions 0306, 0307)', async () => {
    const db = fakeShopDynamo(50);
    const store = new DynamoCatalogueStore(db, { Item: TABLES.Item, Category: TABLES.Category, Tag: TABLES.Tag });
    await store.commit([
      { op: 'create', model: 'Category', id: 'department', fields: { name: 'Department', index: 0 } },
      { op: 'create', model: 'Tag', id: 'wine', fields: { name: 'Wine', categoryId: 'department', index: 0 } },
    ]);
    const service = new CatalogueService(store, images);
    const rows = Array.from({ length: 150 }, (_, n) => ({
      row: n + 2,
      name: `Deadline ${n}`,
      price: '9.00',
      tags: [{ categoryId: 'department', names: 'Wine' }],
    }));
    const chunk = { importId: 'import-0306', offset: 0, rows, apply: true, stockOnly: false };
    // Time enough for the first batch, then less than the margin.
    const left = [20_000, BATCH_MARGIN_MS - 1];
    const stopped = await service.importItems(chunk, () => left.shift() ?? 0);
    expect(stopped).toMatchObject({ applied: false, failure: CHUNK_MESSAGES.deadline(MAX_TRANSACTION_ITEMS, 150) });
    expect(stopped.appliedRows).toEqual(rows.slice(0, MAX_TRANSACTION_ITEMS).map((row) => row.row));
    expect(db.items(TABLES.Item)).toHaveLength(MAX_TRANSACTION_ITEMS);
    expect(db.items(TABLES.Item).map((item) => item.id)).toContain(importedItemId('import-0306', 2));

    const resent = await service.importItems(chunk);
    expect(resent).toMatchObject({ applied: true, failure: null });
    expect(resent.outcomes.filter((outcome) => outcome === 'unchanged')).toHaveLength(MAX_TRANSACTION_ITEMS);
    expect(resent.appliedRows).toEqual(rows.slice(MAX_TRANSACTION_ITEMS).map((row) => row.row));
    expect(db.items(TABLES.Item)).toHaveLength(150);
  });
});
