/**
 * The catalogue rules of model writes hold on the emulated cloud as on the local server
 * (server/catalogue/model-guards.ts, run by the catalogue function before AppSync's own model
 * resolvers): each refused write answers the local ValidationError message and stores nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GUARD_MESSAGES } from '../../server/catalogue/model-guards';
import { DEPARTMENT_CATEGORY_ID } from '../../shared/catalogue';
import { ERROR_TYPES } from '../../shared/error-types';
import { requiredFieldMessage } from '../../server/model/model-meta';
import { HOURS_MESSAGES } from '../../shared/shop-hours-rules';
import { PRICE_BOUNDARY_MESSAGES } from '../../shared/price-ranges';
import { MESSAGES } from '../../shared/messages';
import { call, cloudShop, ok, type CloudShop } from './support/api';

let shop: CloudShop;
const admin = () => ({ token: shop.admin });

const MISSING_IMAGE = `/media/${'ab'.repeat(32)}.png`;

async function refused(mutation: string, input: Record<string, unknown>, message: string) {
  const type = /^(create|update|delete)(\w+)$/.exec(mutation)![2];
  const { body } = await call(
    admin(),
    `mutation ($input: ${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { id } }`,
    { input },
  );
  expect(body.errors?.[0], `${mutation} ${JSON.stringify(input)}`).toMatchObject({ errorType: ERROR_TYPES.validation, message });
  expect(body.data?.[mutation] ?? null).toBeNull();
  return type;
}

const getOne = async (model: string, id: string, fields: string) =>
  (await ok(admin(), `query ($id: ID!) { get${model}(id: $id) { ${fields} } }`, { id }))[`get${model}`] as Record<string, unknown> | null;

const itemNames = async () =>
  ((await ok(admin(), 'query { listItems(limit: 1000) { items { name } } }')).listItems as { items: Array<{ name: string }> }).items.map(
    (item) => item.name,
  );

describe('catalogue rules on the emulated cloud', () => {
  beforeAll(async () => {
    shop = await cloudShop();
    await shop.renew(false);
  });

  it('an item needs a department tag, on create and when its tags change', async () => {
    const name = `No department ${Date.now()}`;
    await refused('createItem', { name, price: 10, tags: [shop.values.idOf('Tag')], description: 'x' }, MESSAGES.requiredTags);
    await refused('createItem', { name, price: 10, description: 'x' }, MESSAGES.requiredTags);
    expect(await itemNames()).not.toContain(name);

    const id = shop.values.idOf('Item');
    await refused('updateItem', { id, tags: [shop.values.idOf('Tag')] }, MESSAGES.requiredTags);
    await refused('updateItem', { id, tags: null }, MESSAGES.requiredTags);
    expect((await getOne('Item', id, 'tags'))?.tags).toContain('wine');
  });

  it('an item, event or banner image is one uploaded here and present', async () => {
    const name = `Foreign image ${Date.now()}`;
    for (const img of [
      'https://elsewhere.example/wine.png',
      MISSING_IMAGE,
      `${shop.imageUrl}?w=1`,
      shop.imageUrl.replace(/\.png$/, '-400.webp'),
    ]) {
      await refused('createItem', { name, price: 10, tags: ['wine'], description: 'x', img }, GUARD_MESSAGES.uploadedImage);
      await refused('createEvent', { name, date: '2031-02-02', description: 'x', img }, GUARD_MESSAGES.uploadedImage);
      await refused('createBanner', { img, index: 0 }, GUARD_MESSAGES.uploadedImage);
    }
    await refused('updateEvent', { id: shop.values.idOf('Event'), img: MISSING_IMAGE }, GUARD_MESSAGES.uploadedImage);
    expect(await itemNames()).not.toContain(name);
    expect((await getOne('Event', shop.values.idOf('Event'), 'img'))?.img ?? null).toBeNull();
  });

  it('the built-in tags and their category stay', async () => {
    await refused('deleteTag', { id: 'wine' }, GUARD_MESSAGES.builtInTag);
    await refused('updateTag', { id: 'liquor', categoryId: shop.values.idOf('Category') }, GUARD_MESSAGES.builtInTag);
    await refused('deleteCategory', { id: DEPARTMENT_CATEGORY_ID }, GUARD_MESSAGES.builtInCategory);
    expect(await getOne('Tag', 'wine', 'id categoryId')).toEqual({ id: 'wine', categoryId: DEPARTMENT_CATEGORY_ID });
    expect(await getOne('Tag', 'liquor', 'categoryId')).toEqual({ categoryId: DEPARTMENT_CATEGORY_ID });
    expect(await getOne('Category', DEPARTMENT_CATEGORY_ID, 'id')).toEqual({ id: DEPARTMENT_CATEGORY_ID });
  });

  it("the shop's hours keep New York's rules for a package store, and its map link is https", async () => {
    const id = shop.values.idOf('ShopSettings');
    const week = ['12:00-18:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00'];
    await refused('updateShopSettings', { id, weeklyHours: ['09:00-18:00', ...week.slice(1)] }, HOURS_MESSAGES.sundayLaw('Sunday'));
    await refused(
      'updateShopSettings',
      { id, weeklyHours: ['12:00-18:00', '06:00-21:00', ...week.slice(2)] },
      HOURS_MESSAGES.weekdayLaw('Monday'),
    );
    await refused('createShopSettings', { specialDates: ['2031-01-05 09:00-17:00 Stocktake'] }, HOURS_MESSAGES.sundayLaw('2031-01-05'));
    await refused('updateShopSettings', { id, mapUrl: 'javascript:alert(1)' }, HOURS_MESSAGES.mapUrl);
    expect((await getOne('ShopSettings', id, 'weeklyHours'))?.weeklyHours).toEqual(week.map(() => 'closed'));
    await ok(admin(), 'mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }', {
      input: { id, weeklyHours: week },
    });
    expect((await getOne('ShopSettings', id, 'weeklyHours'))?.weeklyHours).toEqual(week);
  });

  it("the menu's price boundaries are ascending whole dollars, at most 6 (decision 0280)", async () => {
    const id = shop.values.idOf('ShopSettings');
    const before = (await getOne('ShopSettings', id, 'priceBoundaries'))?.priceBoundaries ?? null;
    await refused('updateShopSettings', { id, priceBoundaries: [40, 20] }, PRICE_BOUNDARY_MESSAGES.ascending);
    await refused('updateShopSettings', { id, priceBoundaries: [0, 20] }, PRICE_BOUNDARY_MESSAGES.whole);
    await refused('updateShopSettings', { id, priceBoundaries: [20, null] }, PRICE_BOUNDARY_MESSAGES.whole);
    await refused('updateShopSettings', { id, priceBoundaries: [1, 2, 3, 4, 5, 6, 7] }, PRICE_BOUNDARY_MESSAGES.count);
    await refused('createShopSettings', { priceBoundaries: [100_001] }, PRICE_BOUNDARY_MESSAGES.whole);
    expect((await getOne('ShopSettings', id, 'priceBoundaries'))?.priceBoundaries ?? null).toEqual(before);
    await ok(admin(), 'mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }', {
      input: { id, priceBoundaries: [25, 50, 100] },
    });
    expect(await getOne('ShopSettings', id, 'priceBoundaries')).toEqual({ priceBoundaries: [25, 50, 100] });
    await ok(admin(), 'mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }', {
      input: { id, priceBoundaries: before },
    });
  });

  it("an update cannot clear a required field (AppSync's update types allow null)", async () => {
    await refused('updateItem', { id: shop.values.idOf('Item'), name: null }, requiredFieldMessage('name'));
    await refused('updateBanner', { id: shop.values.idOf('Banner'), img: null }, requiredFieldMessage('img'));
    await refused('updateTag', { id: 'wine', name: null }, requiredFieldMessage('name'));
    expect((await getOne('Item', shop.values.idOf('Item'), 'name'))?.name).toBe('Probe item');
    expect((await getOne('Banner', shop.values.idOf('Banner'), 'img'))?.img).toBe(shop.imageUrl);
    expect((await getOne('Tag', 'wine', 'name'))?.name).toBeTruthy();
  });

  it('a write that keeps the rules goes through', async () => {
    const created = await ok(admin(), 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id tags img } }', {
      input: { name: 'Rule-abiding item', price: 9, tags: ['extras', shop.values.idOf('Tag')], description: 'ok', img: shop.imageUrl },
    });
    expect(created.createItem).toMatchObject({ tags: ['extras', shop.values.idOf('Tag')], img: shop.imageUrl });
    const renamed = await ok(admin(), 'mutation ($input: UpdateTagInput!) { updateTag(input: $input) { name } }', {
      input: { id: 'wine', name: 'Wine' },
    });
    expect(renamed.updateTag).toEqual({ name: 'Wine' });
  });
});
