/** The all-or-nothing catalogue mutations, through the API. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import { uploadImage } from '../../tests/support/image-upload';

let server: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  admin = { authorization: (await server.sessionFor(ROLE_ADMIN)).token };
});
afterAll(async () => {
  await server?.stop();
});

const call = async (query: string, variables: Record<string, unknown>, headers = admin) =>
  (await postGraphQL(server, { query, variables }, headers)).body;
const uploaded = async (color: string) => {
  const png = await sharp({ create: { width: 40, height: 10, channels: 3, background: color } })
    .png()
    .toBuffer();
  return (await uploadImage((query, variables) => call(query, variables ?? {}), png, server.url)).url!;
};
const banners = () =>
  server.store
    .list('Banner')
    .items.sort((a, b) => Number(a.index) - Number(b.index))
    .map((b) => b.img);

describe('replaceBanners', () => {
  const REPLACE = 'mutation ($images: [String!]!) { replaceBanners(images: $images) { id img index } }';

  it('replaces the whole set in the given order', async () => {
    const [a, b, c] = [await uploaded('#111111'), await uploaded('#222222'), await uploaded('#333333')];
    expect((await call(REPLACE, { images: [a, b] })).errors).toBeUndefined();
    expect(banners()).toEqual([a, b]);
    const result = await call(REPLACE, { images: [c, a] });
    expect((result.data!.replaceBanners as Array<{ index: number }>).map((banner) => banner.index)).toEqual([0, 1]);
    expect(banners()).toEqual([c, a]);
  });

  it('changes nothing when one image is not an upload', async () => {
    const before = banners();
    const result = await call(REPLACE, { images: [await uploaded('#444444'), '/media/unknown.png'] });
    expect(result.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Each banner must be an uploaded image' });
    expect(banners()).toEqual(before);
  });

  it('is for admins only', async () => {
    const user = { authorization: (await server.sessionFor(ROLE_USER)).token };
    expect((await call(REPLACE, { images: [] }, user)).errors?.[0]?.errorType).toBe('Unauthorized');
  });

  describe('descriptions', () => {
    const DESCRIBED =
      'mutation ($images: [String!]!, $descriptions: [String]) { replaceBanners(images: $images, descriptions: $descriptions) { img index description } }';

    it('saves each banner with its description, trimmed; empty or null is none', async () => {
      const [a, b, c] = [await uploaded('#515151'), await uploaded('#525252'), await uploaded('#535353')];
      const result = await call(DESCRIBED, {
        images: [a, b, c],
        descriptions: ['  Wine tasting every Saturday, 2 to 5 pm  ', '   ', null],
      });
      expect(result.errors).toBeUndefined();
      expect(result.data!.replaceBanners).toEqual([
        { img: a, index: 0, description: 'Wine tasting every Saturday, 2 to 5 pm' },
        { img: b, index: 1, description: null },
        { img: c, index: 2, description: null },
      ]);
      const listed = await call('{ listBanners { items { img description } } }', {});
      expect((listed.data!.listBanners as { items: Array<{ img: string; description: string | null }> }).items).toContainEqual({
        img: a,
        description: 'Wine tasting every Saturday, 2 to 5 pm',
      });
    });

    it('without descriptions, the banners have none', async () => {
      const a = await uploaded('#545454');
      const result = await call(REPLACE.replace('img index', 'img index description'), { images: [a] });
      expect(result.data!.replaceBanners).toMatchObject([{ img: a, index: 0, description: null }]);
    });

    it('refuses a description over 300 characters or a list of another length, changing nothing', async () => {
      const a = await uploaded('#555555');
      expect((await call(DESCRIBED, { images: [a], descriptions: ['x'.repeat(300)] })).errors).toBeUndefined();
      const before = banners();
      const long = await call(DESCRIBED, { images: [a, a], descriptions: ['ok', 'x'.repeat(301)] });
      expect(long.errors?.[0]).toMatchObject({
        errorType: 'ValidationError',
        message: 'The description of banner 2 is too long (at most 300 characters)',
      });
      const mismatched = await call(DESCRIBED, { images: [a, a], descriptions: ['only one'] });
      expect(mismatched.errors?.[0]).toMatchObject({
        errorType: 'ValidationError',
        message: 'Give one description per banner image (or none at all)',
      });
      expect(banners()).toEqual(before);
    });

    it('an updateBanner may not store a description over 300 characters', async () => {
      const [banner] = server.store.list('Banner').items;
      const result = await call('mutation ($input: UpdateBannerInput!) { updateBanner(input: $input) { id } }', {
        input: { id: banner!.id, description: 'y'.repeat(301) },
      });
      expect(result.errors?.[0]?.errorType).toBe('ValidationError');
    });
  });
});

describe('reordering and deleting categories and tags', () => {
  const category = (name: string, index: number) => server.store.create('Category', { name, type: ['Wine'], visible: true, index });
  const tag = (name: string, categoryId: string, index: number) => server.store.create('Tag', { name, categoryId, index });
  const order = (model: string, filter?: Record<string, unknown>) =>
    server.store
      .list(model, { filter, limit: 1000 })
      .items.sort((a, b) => Number(a.index) - Number(b.index))
      .map((record) => record.name);

  it('renumbers categories from 0 in the new order', async () => {
    const ids = ['Region', 'Grape', 'Style'].map((name, index) => category(name, index).id);
    // Every shop has the built-in Department category; a new order lists it too.
    const result = await call('mutation ($ids: [ID!]!) { reorderCategories(ids: $ids) { name index } }', {
      ids: [ids[2], 'department', ids[0], ids[1]],
    });
    expect(result.data!.reorderCategories).toEqual([
      { name: 'Style', index: 0 },
      { name: 'Department', index: 1 },
      { name: 'Region', index: 2 },
      { name: 'Grape', index: 3 },
    ]);
    expect(order('Category')).toEqual(['Style', 'Department', 'Region', 'Grape']);
    const partial = await call('mutation ($ids: [ID!]!) { reorderCategories(ids: $ids) { id } }', { ids: [ids[0], ids[1]] });
    expect(partial.errors?.[0]?.message).toBe('The new order must list every category exactly once');
    expect(order('Category')).toEqual(['Style', 'Department', 'Region', 'Grape']);
  });

  it('renumbers the tags of one category only', async () => {
    const parent = category('Spirit', 9).id;
    const ids = ['Gin', 'Rum', 'Vodka'].map((name, index) => tag(name, parent, index).id);
    const result = await call('mutation ($c: ID!, $ids: [ID!]!) { reorderTags(categoryId: $c, ids: $ids) { name } }', {
      c: parent,
      ids: [ids[1], ids[2], ids[0]],
    });
    expect(result.errors).toBeUndefined();
    expect(order('Tag', { categoryId: { eq: parent } })).toEqual(['Rum', 'Vodka', 'Gin']);
    const duplicate = await call('mutation ($c: ID!, $ids: [ID!]!) { reorderTags(categoryId: $c, ids: $ids) { name } }', {
      c: parent,
      ids: [ids[1], ids[1], ids[0]],
    });
    expect(duplicate.errors?.[0]?.message).toBe('The new order must list every tag of the category exactly once');
  });

  it('deletes a category with all its tags, and nothing else', async () => {
    const doomed = category('Doomed', 20).id;
    const kept = category('Kept', 21).id;
    tag('A', doomed, 0);
    tag('B', doomed, 1);
    tag('C', kept, 0);
    const result = await call('mutation ($id: ID!) { deleteCategoryAndTags(id: $id) { name } }', { id: doomed });
    expect(result.data!.deleteCategoryAndTags).toEqual({ name: 'Doomed' });
    expect(server.store.get('Category', doomed)).toBeNull();
    expect(server.store.list('Tag', { filter: { categoryId: { eq: doomed } } }).items).toEqual([]);
    expect(order('Tag', { categoryId: { eq: kept } })).toEqual(['C']);
    expect((await call('mutation ($id: ID!) { deleteCategoryAndTags(id: $id) { name } }', { id: 'department' })).errors?.[0]?.message).toBe(
      'The built-in Department category cannot be deleted',
    );
  });
});

describe('rules of the model mutations (model-guards.ts)', () => {
  const CREATE_ITEM = 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id tags } }';
  const UPDATE_ITEM = 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id tags } }';
  const itemCount = () => server.store.list('Item', { limit: 1000 }).items.length;

  it('refuses an item without a department tag, on create and on an update that sets tags', async () => {
    const before = itemCount();
    for (const tags of [undefined, null, [], ['red']]) {
      const refused = await call(CREATE_ITEM, { input: { name: 'Untagged', price: 9, tags } });
      expect(refused.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Please select required tag(s)' });
    }
    expect(itemCount()).toBe(before);

    const created = await call(CREATE_ITEM, { input: { name: 'Tagged', price: 9, tags: ['red', 'wine'] } });
    const id = (created.data!.createItem as { id: string }).id;
    expect((await call(UPDATE_ITEM, { input: { id, price: 10 } })).errors).toBeUndefined();
    const untag = await call(UPDATE_ITEM, { input: { id, tags: ['red'] } });
    expect(untag.errors?.[0]?.message).toBe('Please select required tag(s)');
    expect(server.store.get('Item', id)!.tags).toEqual(['red', 'wine']);
  });

  it('takes only uploaded images for items and events', async () => {
    const before = itemCount();
    const variant = (await uploaded('#666666')).replace('.png', '-w400.webp');
    for (const img of [
      'https://elsewhere.example/bottle.png',
      '/media/missing.png',
      `/media/${'0'.repeat(64)}.png`,
      'javascript:alert(1)',
      variant,
    ]) {
      const refused = await call(CREATE_ITEM, { input: { name: 'Pictured', price: 9, tags: ['wine'], img } });
      expect(refused.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'The image must be an uploaded image' });
    }
    expect(itemCount()).toBe(before);
    const img = await uploaded('#555555');
    const created = await call('mutation ($input: CreateItemInput!) { createItem(input: $input) { img } }', {
      input: { name: 'Pictured', price: 9, tags: ['wine'], img },
    });
    expect(created.data!.createItem).toEqual({ img });
    const event = { name: 'Tasting', date: '2031-01-02', description: 'Six reds.' };
    const refusedEvent = await call('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
      input: { ...event, img: '/media/missing.png' },
    });
    expect(refusedEvent.errors?.[0]?.message).toBe('The image must be an uploaded image');
    const createdEvent = await call('mutation ($input: CreateEventInput!) { createEvent(input: $input) { img } }', {
      input: { ...event, img: null },
    });
    expect(createdEvent.data!.createEvent).toEqual({ img: null });
    const banner = await call('mutation ($input: CreateBannerInput!) { createBanner(input: $input) { id } }', {
      input: { img: '/media/missing.png', index: 0 },
    });
    expect(banner.errors?.[0]?.message).toBe('The image must be an uploaded image');
  });

  it('keeps the built-in department tags and category', async () => {
    // A shop without demo data has them too (server/setup/built-in-catalogue.ts).
    expect(
      server.store
        .list('Tag', { filter: { categoryId: { eq: 'department' } } })
        .items.map((tag) => tag.id)
        .sort(),
    ).toEqual(['extras', 'liquor', 'wine']);
    const deleteTag = await call('mutation ($input: DeleteTagInput!) { deleteTag(input: $input) { id } }', { input: { id: 'liquor' } });
    expect(deleteTag.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'The built-in tags wine, liquor and extras cannot be deleted or moved',
    });
    const other = server.store.create('Category', { name: 'Elsewhere', visible: true, index: 5 }).id;
    const move = await call('mutation ($input: UpdateTagInput!) { updateTag(input: $input) { id } }', {
      input: { id: 'liquor', categoryId: other },
    });
    expect(move.errors?.[0]?.errorType).toBe('ValidationError');
    const rename = await call('mutation ($input: UpdateTagInput!) { updateTag(input: $input) { name } }', {
      input: { id: 'liquor', name: 'Spirits' },
    });
    expect(rename.data!.updateTag).toEqual({ name: 'Spirits' });
    const deleteCategory = await call('mutation ($input: DeleteCategoryInput!) { deleteCategory(input: $input) { id } }', {
      input: { id: 'department' },
    });
    expect(deleteCategory.errors?.[0]?.message).toBe('The built-in Department category cannot be deleted');
    expect(server.store.get('Tag', 'liquor')).toMatchObject({ categoryId: 'department' });
    expect(server.store.get('Category', 'department')).not.toBeNull();
  });
});
