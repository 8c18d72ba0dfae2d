/**
 * An item's facts through the API (product §3; shared/item-facts.ts), the battery both backends
 * run: the local server (server/catalogue/item-facts-api.test.ts) and the emulated cloud
 * (tests/cloud/item-facts.test.ts), where the model-write guard runs in the catalogue function.
 * Every item it makes carries a UPC with this run's prefix, so other tests' items do not matter.
 */
import { expect, it } from 'vitest';
import { newImportId } from '../../shared/import-chunks';
import { BOTTLE_SIZE_MESSAGES } from '../../shared/bottle-size';
import { ITEM_FACT_MESSAGES } from '../../shared/item-facts';
import { STOCK_MESSAGES } from '../../shared/stock';

export interface FactsAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

export interface FactsTarget {
  /** A call as an admin. */
  admin(query: string, variables?: Record<string, unknown>): Promise<FactsAnswer>;
  /** A call as a visitor (the API key). */
  guest(query: string, variables?: Record<string, unknown>): Promise<FactsAnswer>;
}

const FACTS = 'sizeMl packCount abv vintage stock stockCountedAt';
const CREATE = `mutation ($input: CreateItemInput!) { createItem(input: $input) { id name ${FACTS} } }`;
const UPDATE = `mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id ${FACTS} } }`;
const GET = `query ($id: ID!) { getItem(id: $id) { id name ${FACTS} } }`;
const LIST = `query ($filter: ModelItemFilterInput, $nextToken: String) { listItems(filter: $filter, limit: 1000, nextToken: $nextToken) { items { name } nextToken } }`;

const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean) {
  importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply) { applied outcomes problems { row field message } warnings { row field message } } }`;

type Facts = Record<string, unknown>;
interface ImportReport {
  applied: boolean;
  outcomes: string[];
  problems: Array<{ row: number; field: string; message: string }>;
  warnings: Array<{ row: number; field: string; message: string }>;
}

export function itemFactsBattery(target: FactsTarget): void {
  const prefix = `FACTS-${Date.now()}-`;
  let made = 0;

  const ok = async (answer: Promise<FactsAnswer>) => {
    const body = await answer;
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const create = async (name: string, facts: Facts) =>
    (await ok(target.admin(CREATE, { input: { name, price: 20, tags: ['wine'], upc: `${prefix}${++made}`, ...facts } })))
      .createItem as Facts & {
      id: string;
    };
  const get = async (id: string, as: 'admin' | 'guest' = 'admin') => (await ok(target[as](GET, { id }))).getItem as Facts | null;
  /** The names of this run's items that match the filter, over every page (DynamoDB filters after the page's limit). */
  const names = async (filter: Record<string, unknown>) => {
    const found: string[] = [];
    let nextToken: string | null = null;
    do {
      const page = (await ok(target.guest(LIST, { filter: { and: [{ upc: { beginsWith: prefix } }, filter] }, nextToken }))).listItems as {
        items: Array<{ name: string }>;
        nextToken: string | null;
      };
      found.push(...page.items.map((item) => item.name));
      nextToken = page.nextToken;
    } while (nextToken);
    return found.sort();
  };

  it('stores every fact, and anyone reads them', async () => {
    const counted = '2026-05-10T13:00:00.000Z';
    const item = await create('Facts Rioja', { sizeMl: 750, abv: 13.5, vintage: '2019', stock: 12, stockCountedAt: counted });
    const expected = { sizeMl: 750, packCount: null, abv: 13.5, vintage: '2019', stock: 12, stockCountedAt: counted };
    expect(item).toMatchObject(expected);
    expect(await get(item.id, 'guest')).toMatchObject({ name: 'Facts Rioja', ...expected });

    const pack = await create('Facts Spritz', { sizeMl: 250, packCount: 4, abv: 5, vintage: 'NV' });
    expect(await get(pack.id, 'guest')).toMatchObject({
      sizeMl: 250,
      packCount: 4,
      abv: 5,
      vintage: 'NV',
      stock: null,
      stockCountedAt: null,
    });
  });

  it('an update changes only the facts it names, and null clears one', async () => {
    const item = await create('Facts Vodka', { sizeMl: 1750, abv: 40, stock: 5 });
    const at = new Date().toISOString();
    await ok(target.admin(UPDATE, { input: { id: item.id, stock: 2, stockCountedAt: at } }));
    expect(await get(item.id)).toMatchObject({ sizeMl: 1750, abv: 40, stock: 2, stockCountedAt: at });
    await ok(target.admin(UPDATE, { input: { id: item.id, stock: null, abv: null } }));
    expect(await get(item.id)).toMatchObject({ sizeMl: 1750, abv: null, stock: null });
  });

  it('lists can be filtered by the facts', async () => {
    await create('Facts Filter A', { sizeMl: 750, stock: 0, vintage: '2020' });
    await create('Facts Filter B', { sizeMl: 1750, stock: 3, vintage: 'NV' });
    await create('Facts Filter C', { sizeMl: 750, stock: 40 });
    await create('Facts Filter D', { sizeMl: 50 });
    const within = (list: string[]) => list.filter((name) => name.startsWith('Facts Filter'));
    expect(within(await names({ stock: { gt: 0 } }))).toEqual(['Facts Filter B', 'Facts Filter C']);
    expect(within(await names({ sizeMl: { eq: 750 } }))).toEqual(['Facts Filter A', 'Facts Filter C']);
    expect(within(await names({ vintage: { eq: 'NV' } }))).toEqual(['Facts Filter B']);
    expect(within(await names({ stock: { attributeExists: false } }))).toEqual(['Facts Filter D']);
  });

  it('refuses bad facts with the shared messages and stores nothing', async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    const cases: Array<[Facts, string]> = [
      [{ sizeMl: 0 }, BOTTLE_SIZE_MESSAGES.sizeRange],
      [{ sizeMl: 100_001 }, BOTTLE_SIZE_MESSAGES.sizeRange],
      [{ sizeMl: -750 }, BOTTLE_SIZE_MESSAGES.sizeRange],
      [{ sizeMl: 250, packCount: 0 }, BOTTLE_SIZE_MESSAGES.packRange],
      [{ abv: 100.5 }, ITEM_FACT_MESSAGES.abv],
      [{ abv: -0.5 }, ITEM_FACT_MESSAGES.abv],
      [{ vintage: '1799' }, ITEM_FACT_MESSAGES.vintage()],
      [{ vintage: String(nextYear + 1) }, ITEM_FACT_MESSAGES.vintage()],
      [{ vintage: 'nv' }, ITEM_FACT_MESSAGES.vintage()],
      [{ vintage: '19' }, ITEM_FACT_MESSAGES.vintage()],
      [{ vintage: '' }, ITEM_FACT_MESSAGES.vintage()],
      [{ stock: -1 }, STOCK_MESSAGES.stock],
      [{ stock: 1_000_001 }, STOCK_MESSAGES.stock],
    ];
    const kept = await create('Facts Kept', { sizeMl: 750, abv: 12, vintage: '2018', stock: 6 });
    for (const [facts, message] of cases) {
      const name = `Facts Refused ${JSON.stringify(facts)}`;
      const created = await target.admin(CREATE, { input: { name, price: 20, tags: ['wine'], upc: `${prefix}refused`, ...facts } });
      expect(created.errors?.[0], name).toMatchObject({ errorType: 'ValidationError', message });
      const updated = await target.admin(UPDATE, { input: { id: kept.id, ...facts } });
      expect(updated.errors?.[0], `update ${name}`).toMatchObject({ errorType: 'ValidationError', message });
    }
    expect(await names({ upc: { eq: `${prefix}refused` } })).toEqual([]);
    expect(await get(kept.id)).toMatchObject({ sizeMl: 750, abv: 12, vintage: '2018', stock: 6 });
  });

  it('the CSV import reads the facts as tills write them: a negative quantity as 0 with a warning, a quantity stamps the count', async () => {
    const vodka = await create('Facts Import Vodka', { sizeMl: 750, abv: 40, stock: 8 });
    const wine = await create('Facts Import Wine', {});
    const upcOf = async (id: string) =>
      ((await ok(target.admin('query ($id: ID!) { getItem(id: $id) { upc } }', { id }))).getItem as { upc: string }).upc;
    const [vodkaUpc, wineUpc] = [await upcOf(vodka.id), await upcOf(wine.id)];
    const rows = [
      { row: 2, upc: vodkaUpc, size: '1.75 LTR', quantity: '-2' },
      { row: 3, upc: wineUpc, size: '3L BOX', abv: '12.5%', vintage: 'nv', quantity: '1,200' },
    ];
    const before = Date.now();
    const dry = (await ok(target.admin(IMPORT, { importId: newImportId(), offset: 0, rows, apply: false }))).importItems as ImportReport;
    expect(dry).toMatchObject({ applied: false, outcomes: ['update', 'update'], problems: [] });
    expect(dry.warnings).toEqual([{ row: 2, field: 'Quantity', message: 'A quantity of -2 is imported as 0 (out of stock)' }]);
    expect(await get(vodka.id)).toMatchObject({ sizeMl: 750, stock: 8 });

    const done = (await ok(target.admin(IMPORT, { importId: newImportId(), offset: 0, rows, apply: true }))).importItems as ImportReport;
    expect(done).toMatchObject({ applied: true, problems: [] });
    const importedVodka = (await get(vodka.id))!;
    expect(importedVodka).toMatchObject({ sizeMl: 1750, abv: 40, stock: 0 });
    expect(Date.parse(importedVodka.stockCountedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(await get(wine.id)).toMatchObject({ sizeMl: 3000, packCount: null, abv: 12.5, vintage: 'NV', stock: 1200 });

    const refused = (
      await ok(
        target.admin(IMPORT, {
          importId: newImportId(),
          offset: 0,
          rows: [{ row: 2, upc: vodkaUpc, size: '750', vintage: '1700', quantity: '2.5' }],
          apply: true,
        }),
      )
    ).importItems as ImportReport;
    expect(refused.applied).toBe(false);
    expect(refused.problems.map((problem) => problem.field)).toEqual(['Size', 'Vintage', 'Quantity']);
    expect(await get(vodka.id)).toMatchObject({ sizeMl: 1750, stock: 0 });
  });

  it('refuses a fraction of a unit or a millilitre, and a count time that is not one', async () => {
    const kept = await create('Facts Whole', { sizeMl: 700, stock: 9 });
    for (const facts of [{ stock: 1.5 }, { sizeMl: 750.5 }, { packCount: 2.5 }, { stock: '3' }, { stockCountedAt: 'yesterday' }]) {
      const answer = await target.admin(UPDATE, { input: { id: kept.id, ...facts } });
      expect(answer.errors?.length, JSON.stringify(facts)).toBeGreaterThan(0);
    }
    expect(await get(kept.id)).toMatchObject({ sizeMl: 700, stock: 9, packCount: null, stockCountedAt: null });
  });
}
