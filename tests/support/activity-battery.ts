/**
 * The activity log's battery (decision 0260), run through the API against both backends: the local
 * server (server/activity/activity-api.test.ts) and the emulated cloud (tests/cloud/activity.test.ts).
 * Two fresh admins do the writes, so entries other tests leave in a shared database do not matter:
 * every check reads the log of one of them.
 */
import { expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/activity';
import { newImportId } from '../../shared/import-chunks';

export type Caller = { token: string } | 'guest';
export interface Answer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

export interface ActivityTarget {
  call(caller: Caller, query: string, variables?: Record<string, unknown>): Promise<Answer>;
  /** A session of an admin that exists already (it creates the battery's own admins). */
  adminToken(): Promise<string>;
  /** An image uploaded here, for banners. */
  imageUrl(): Promise<string>;
}

const PASSWORD = 'Activity-Passw0rd!';
const ENTRY = 'id at actorId actorName kind action targetId targetName changes { field before after }';
const LIST = `query ($actorId: ID, $kind: String, $limit: Int, $nextToken: String) {
  listActivity(actorId: $actorId, kind: $kind, limit: $limit, nextToken: $nextToken) { entries { ${ENTRY} } nextToken } }`;

interface ImportData {
  importItems: { applied: boolean; problems: Array<{ message: string }> };
}
interface PageData {
  listActivity: { entries: ActivityEntry[]; nextToken: string | null };
}
type Created<Field extends string> = Record<Field, { id: string }>;

let emails = 0;
const uniqueEmail = (label: string) => `activity-${label}-${Date.now()}-${++emails}@example.com`;

export function activityBattery(target: ActivityTarget): void {
  const ok = async <T = Record<string, unknown>>(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const answer = await target.call(caller, query, variables);
    expect(answer.errors, query).toBeUndefined();
    return answer.data as T;
  };

  /** A fresh admin, signed in: its id, name and session. */
  async function newAdmin(firstName: string) {
    const email = uniqueEmail(firstName.toLowerCase());
    const created = await ok<{ createAdmin: { id: string; name: string } }>(
      { token: await target.adminToken() },
      `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
        createAdmin(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { id name } }`,
      { firstName, lastName: 'Clerk', email, password: PASSWORD, confirmPassword: PASSWORD },
    );
    const session = await ok<{ signIn: { token: string } }>(
      'guest',
      'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }',
      {
        email,
        password: PASSWORD,
      },
    );
    return {
      id: created.createAdmin.id,
      name: created.createAdmin.name,
      token: { token: session.signIn.token },
    };
  }

  async function logOf(actorId: string, kind?: string): Promise<ActivityEntry[]> {
    const admin = { token: await target.adminToken() };
    const entries: ActivityEntry[] = [];
    let nextToken: string | null = null;
    do {
      const data: PageData = await ok<PageData>(admin, LIST, { actorId, kind, limit: 200, nextToken });
      entries.push(...data.listActivity.entries);
      nextToken = data.listActivity.nextToken;
    } while (nextToken);
    return entries;
  }

  /** A model write (createItem, updateBanner, ...) as `admin`: the record's id. */
  const modelWrite = (admin: { token: string }) => async (model: string, op: string, input: Record<string, unknown>) => {
    const data = await ok<Record<string, { id: string }>>(
      admin,
      `mutation ($input: ${op[0]!.toUpperCase()}${op.slice(1)}${model}Input!) { ${op}${model}(input: $input) { id } }`,
      { input },
    );
    return data[`${op}${model}`]!;
  };

  it('records each admin model write once, newest first, with who and the changed fields; no-change updates and failed writes leave none', async () => {
    const ana = await newAdmin('Ana');
    const write = modelWrite(ana.token);
    const item = await write('Item', 'create', { name: "Château d'Yquem, 2015", price: 39.99, tags: ['wine'], promoted: false });
    await write('Item', 'update', { id: item.id, price: 42.5, promoted: true });
    await write('Item', 'update', { id: item.id, price: 42.5 });
    const refused = await target.call(ana.token, 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id } }', {
      input: { id: item.id, name: null },
    });
    expect(refused.errors?.[0]?.errorType).toBe('ValidationError');
    const event = await write('Event', 'create', { name: 'Riesling night', date: '2031-03-14', description: 'Tasting' });
    await write('Event', 'delete', { id: event.id });
    await write('Item', 'delete', { id: item.id });

    const log = await logOf(ana.id);
    expect(log.map((entry) => `${entry.kind} ${entry.action} ${entry.targetName}`)).toEqual([
      "item delete Château d'Yquem, 2015",
      'event delete Riesling night',
      'event create Riesling night',
      "item update Château d'Yquem, 2015",
      "item create Château d'Yquem, 2015",
      // Ana herself, created by the first admin: not in her own log.
    ]);
    for (const entry of log) expect([entry.actorId, entry.actorName]).toEqual([ana.id, ana.name]);
    const [deletedItem, , createdEvent, updatedItem, createdItem] = log;
    expect(createdItem!.targetId).toBe(item.id);
    expect(createdItem!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: "Château d'Yquem, 2015" },
        { field: 'price', before: null, after: '39.99' },
        { field: 'tags', before: null, after: 'wine' },
        { field: 'promoted', before: null, after: 'false' },
      ]),
    );
    expect(updatedItem!.changes).toEqual([
      { field: 'price', before: '39.99', after: '42.5' },
      { field: 'promoted', before: 'false', after: 'true' },
    ]);
    expect(createdEvent!.changes).toContainEqual({ field: 'date', before: null, after: '2031-03-14' });
    expect(deletedItem!.changes).toContainEqual({ field: 'price', before: '42.5', after: null });
    expect(Date.parse(createdItem!.at)).toBeLessThanOrEqual(Date.parse(deletedItem!.at));
  });

  it('records banner and shop settings writes as well', async () => {
    const fay = await newAdmin('Fay');
    const write = modelWrite(fay.token);
    const banner = await write('Banner', 'create', { img: await target.imageUrl(), index: 50, description: 'Activity banner' });
    await write('Banner', 'update', { id: banner.id, description: 'Fall banner' });
    await write('Banner', 'delete', { id: banner.id });
    const settings = await write('ShopSettings', 'create', {
      name: 'Activity shop',
      weeklyHours: Array.from({ length: 7 }, () => 'closed'),
    });
    await write('ShopSettings', 'update', { id: settings.id, phone: '(845) 555-0100' });
    await write('ShopSettings', 'delete', { id: settings.id });

    const log = await logOf(fay.id);
    expect(log.map((entry) => `${entry.kind} ${entry.action} ${entry.targetName}`)).toEqual([
      'settings delete Activity shop',
      'settings update Activity shop',
      'settings create Activity shop',
      'banner delete Fall banner',
      'banner update Fall banner',
      'banner create Activity banner',
    ]);
    expect(log[1]!.changes).toEqual([{ field: 'phone', before: null, after: '(845) 555-0100' }]);
    expect(log[4]!.changes).toEqual([{ field: 'description', before: 'Activity banner', after: 'Fall banner' }]);
    expect(log[2]!.changes).toContainEqual({
      field: 'weeklyHours',
      before: null,
      after: 'closed; closed; closed; closed; closed; closed; closed',
    });
  });

  it('records the custom changes: banners, orders, a category with its tags, an applied import (not a dry run), admins and reset links', async () => {
    const ben = await newAdmin('Ben');
    const image = await target.imageUrl();
    const category = (
      await ok<Created<'createCategory'>>(ben.token, 'mutation ($input: CreateCategoryInput!) { createCategory(input: $input) { id } }', {
        input: { name: 'Grower Champagne', type: ['Wine'], visible: true, index: 90 },
      })
    ).createCategory;
    const tag = async (name: string, index: number) =>
      (
        await ok<Created<'createTag'>>(ben.token, 'mutation ($input: CreateTagInput!) { createTag(input: $input) { id } }', {
          input: { name, categoryId: category.id, index },
        })
      ).createTag.id;
    const [brut, rose] = [await tag('Brut', 0), await tag('Rosé', 1)];
    await ok(ben.token, 'mutation ($categoryId: ID!, $ids: [ID!]!) { reorderTags(categoryId: $categoryId, ids: $ids) { id } }', {
      categoryId: category.id,
      ids: [rose, brut],
    });
    await ok(ben.token, 'mutation ($id: ID!) { deleteCategoryAndTags(id: $id) { id } }', { id: category.id });
    await ok(
      ben.token,
      'mutation ($images: [String!]!, $descriptions: [String]) { replaceBanners(images: $images, descriptions: $descriptions) { id } }',
      {
        images: [image],
        descriptions: ['Fall tasting'],
      },
    );
    const upc = `9${Date.now()}`.slice(0, 12);
    const rows = [
      {
        row: 2,
        name: 'Imported Rioja',
        price: '18.00',
        upc,
        description: 'Tempranillo',
        img: image,
        tags: [{ categoryId: 'department', names: 'Wine' }],
      },
    ];
    const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean) {
      importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply) { applied problems { message } } }`;
    const importId = newImportId();
    const dryRun = await ok<ImportData>(ben.token, IMPORT, { importId, offset: 0, rows, apply: false });
    expect(dryRun.importItems.problems).toEqual([]);
    expect((await ok<ImportData>(ben.token, IMPORT, { importId, offset: 0, rows, apply: true })).importItems.applied).toBe(true);
    const cleo = await newAdmin('Cleo');
    const promoted = await ok<Created<'updateAdmin'>>(
      ben.token,
      'mutation ($id: ID!, $firstName: String, $lastName: String, $email: String) { updateAdmin(id: $id, firstName: $firstName, lastName: $lastName, email: $email) { id } }',
      { id: cleo.id, firstName: 'Cleo', lastName: 'Manager', email: uniqueEmail('cleo-new') },
    );
    expect(promoted.updateAdmin.id).toBe(cleo.id);
    const link = await ok<{ createPasswordResetLink: { token: string } }>(
      ben.token,
      'mutation ($userId: ID!) { createPasswordResetLink(userId: $userId) { token } }',
      { userId: cleo.id },
    );
    await ok(ben.token, 'mutation ($id: ID!) { deleteAdmin(id: $id) { id } }', { id: cleo.id });

    const log = await logOf(ben.id);
    expect(log.map((entry) => `${entry.kind} ${entry.action}`)).toEqual([
      'account delete admin',
      'account password link',
      'account update admin',
      'import apply',
      'banner replace',
      'category delete',
      'tag reorder',
      'tag create',
      'tag create',
      'category create',
    ]);
    const byAction = (action: string) => log.find((entry) => entry.action === action)!;
    expect(byAction('update admin')).toMatchObject({ targetId: cleo.id, targetName: 'Cleo Manager' });
    expect(byAction('update admin').changes.map((change) => change.field)).toEqual(['name', 'email']);
    expect(byAction('update admin').changes[0]).toEqual({ field: 'name', before: 'Cleo Clerk', after: 'Cleo Manager' });
    expect(byAction('delete admin').changes).toContainEqual({ field: 'name', before: 'Cleo Manager', after: null });
    expect(byAction('password link')).toMatchObject({ targetId: cleo.id, changes: [] });
    expect(byAction('apply').changes).toEqual([{ field: 'created', before: null, after: '1' }]);
    // One entry per chunk, named by its import (decision 0306).
    expect(byAction('apply')).toMatchObject({ targetId: importId, targetName: 'rows 2-2 (1 rows)' });
    expect(byAction('replace').changes[0]).toMatchObject({ field: 'banners', after: 'Fall tasting' });
    expect(byAction('reorder').changes).toEqual([{ field: 'order', before: 'Brut; Rosé', after: 'Rosé; Brut' }]);
    expect(byAction('delete')).toMatchObject({ kind: 'category', targetId: category.id, targetName: 'Grower Champagne' });
    expect(byAction('delete').changes).toContainEqual({ field: 'tags', before: 'Rosé; Brut', after: null });
    // Secrets never reach the log: the link's token, password hashes, the password itself.
    const text = JSON.stringify(log);
    for (const secret of [link.createPasswordResetLink.token, '$2b$', PASSWORD]) expect(text).not.toContain(secret);
  });

  it('filters by person and by kind, pages newest first, and refuses bad arguments', async () => {
    const [dee, eli] = [await newAdmin('Dee'), await newAdmin('Eli')];
    const create = (admin: { token: string }, model: string, input: Record<string, unknown>) =>
      ok(admin, `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`, { input });
    for (const name of ['One', 'Two', 'Three']) await create(dee.token, 'Item', { name: `Dee ${name}`, tags: ['liquor'] });
    await create(dee.token, 'Event', { name: 'Dee event', date: '2031-05-01', description: 'x' });
    await create(eli.token, 'Item', { name: 'Eli item', tags: ['extras'] });

    expect((await logOf(dee.id)).map((entry) => entry.targetName)).toEqual(['Dee event', 'Dee Three', 'Dee Two', 'Dee One']);
    expect((await logOf(dee.id, 'item')).map((entry) => entry.targetName)).toEqual(['Dee Three', 'Dee Two', 'Dee One']);
    expect((await logOf(eli.id)).map((entry) => entry.targetName)).toEqual(['Eli item']);
    const admin = { token: await target.adminToken() };
    const kindOnly = await ok<PageData>(admin, LIST, { kind: 'event', limit: 200 });
    expect(kindOnly.listActivity.entries.every((entry) => entry.kind === 'event')).toBe(true);
    expect(kindOnly.listActivity.entries.map((entry) => entry.targetName)).toContain('Dee event');

    const first = (await ok<PageData>(admin, LIST, { actorId: dee.id, limit: 2 })).listActivity;
    expect(first.entries.map((entry: ActivityEntry) => entry.targetName)).toEqual(['Dee event', 'Dee Three']);
    expect(first.nextToken).toEqual(expect.any(String));
    const second = (await ok<PageData>(admin, LIST, { actorId: dee.id, limit: 2, nextToken: first.nextToken })).listActivity;
    expect(second.entries.map((entry: ActivityEntry) => entry.targetName)).toEqual(['Dee Two', 'Dee One']);

    for (const [variables, message] of [
      [{ kind: 'wine' }, 'Unknown kind of activity'],
      [{ limit: 0 }, 'The limit must be between 1 and 200'],
      [{ limit: 1000 }, 'The limit must be between 1 and 200'],
      [{ nextToken: 'not-a-token' }, 'Invalid nextToken'],
      [{ nextToken: Buffer.from('{"a":"x","id":{"S":"1"}}').toString('base64url') }, 'Invalid nextToken'],
    ] as const) {
      const answer = await target.call(admin, LIST, variables);
      expect(answer.errors?.[0], JSON.stringify(variables)).toMatchObject({ errorType: 'ValidationError', message });
    }
  });

  it('is read by admins only', async () => {
    const email = uniqueEmail('customer');
    const signedUp = await ok<{ signUp: { token: string } }>(
      'guest',
      `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
        signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token } }`,
      { firstName: 'Curious', lastName: 'Customer', email, password: PASSWORD, confirmPassword: PASSWORD },
    );
    for (const caller of ['guest', { token: signedUp.signUp.token }] as const) {
      const answer = await target.call(caller, LIST, {});
      expect(answer.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
      expect(answer.data?.listActivity ?? null).toBeNull();
    }
  });
}
