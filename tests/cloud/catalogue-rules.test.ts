/**
 * The catalogue rules of model writes hold on the emulated cloud as on the local server
 * (server/catalogue/model-guards.ts, run by the catalogue function before AppSync's own model
 * resolvers): each refused write answers the local ValidationError message and stores nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GUARD_MESSAGES } from '../../server/catalogue/model-guards';
import { DEPARTMENT_CATEGORY_ID } from '../../shared/catalogue';
import { ERROR_TYPES } from '../../shared/error-types';
import { call, cloudShop, ok, type CloudShop } from './support/api';

let shop: CloudShop;
const admin = () => ({ token: shop.admin });

const MISSING_IMAGE = `/media/${'ab'.repeat(32)}.png`;

async function refused(mutation: string, input: Record<string, unknown>, message: string) {
  const type = /^(create|update|delete)(\w+)$/.exec(mutation)![2];
  const { body } = await call(admin(), `mutation ($input: ${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { id } }`, { input });
  expect(body.errors?.[0], `${mutation} ${JSON.stringify(input)}`).toMatchObject({ errorType: ERROR_TYPES.validation, message });
  expect(body.data?.[mutation] ?? null).toBeNull();
  return type;
}

const getOne = async (model: string, id: string, fields: string) =>
  (await ok(admin(), `query ($id: ID!) { get${model}(id: $id) { ${fields} } }`, { id }))[`get${model}`] as Record<string, unknown> | null;

const itemNames = async () =>
  ((await ok(admin(), 'query { listItems(limit: 1000) { items { name } } }')).listItems as { items: Array<{ name: string }> }).items.map((item) => item.name);

describe('catalogue rules on the emulated cloud', () => {
  beforeAll(async () => {
    shop = await cloudShop();
    await shop.renew(false);
  });

  it('an item needs a department tag, on create and when its tags change', async () => {
    const name = `No department ${Date.now()}`;
    await refused('createItem', { name, price: 10, tags: [shop.values.idOf('Tag')], description: 'x' }, GUARD_MESSAGES.departmentTag);
    await refused('createItem', { name, price: 10, description: 'x' }, GUARD_MESSAGES.departmentTag);
    expect(await itemNames()).not.toContain(name);

    const id = shop.values.idOf('Item');
    await refused('updateItem', { id, tags: [shop.values.idOf('Tag')] }, GUARD_MESSAGES.departmentTag);
    await refused('updateItem', { id, tags: null }, GUARD_MESSAGES.departmentTag);
    expect((await getOne('Item', id, 'tags'))?.tags).toContain('wine');
  });

  it('an item, event or banner image is one uploaded here and present', async () => {
    const name = `Foreign image ${Date.now()}`;
    for (const img of ['https://elsewhere.example/wine.png', MISSING_IMAGE, `${shop.imageUrl}?w=1`, shop.imageUrl.replace(/\.png$/, '-400.webp')]) {
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

  it('a write that keeps the rules goes through', async () => {
    const created = await ok(admin(), 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id tags img } }',
      { input: { name: 'Rule-abiding item', price: 9, tags: ['extras', shop.values.idOf('Tag')], description: 'ok', img: shop.imageUrl } });
    expect(created.createItem).toMatchObject({ tags: ['extras', shop.values.idOf('Tag')], img: shop.imageUrl });
    const renamed = await ok(admin(), 'mutation ($input: UpdateTagInput!) { updateTag(input: $input) { name } }', { input: { id: 'wine', name: 'Wine' } });
    expect(renamed.updateTag).toEqual({ name: 'Wine' });
  });
});
