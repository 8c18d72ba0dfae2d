/**
 * New York's Sale rule through the API (shared/sale-rule.ts, decisions 0292 and 0293), the battery
 * both backends run: the local server (server/catalogue/sale-rule-api.test.ts) and the emulated
 * cloud (tests/cloud/sale-rule.test.ts), where the catalogue function judges the write from the
 * record the pipeline read. An item's history reaches back months only by time passing, so
 * `ageItem` writes one into the database itself, as a shop running for months would have it.
 */
import { expect, it } from 'vitest';
import { isSaleShown, priceChangesOf, SALE_MESSAGES, saleThreshold } from '../../shared/sale-rule';
import { ERROR_TYPES } from '../../shared/error-types';

export interface SaleAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

export interface SaleTarget {
  admin(query: string, variables?: Record<string, unknown>): Promise<SaleAnswer>;
  guest(query: string, variables?: Record<string, unknown>): Promise<SaleAnswer>;
  /** Gives the item this stored history, straight into the database (no API writes one). */
  ageItem(id: string, history: string[]): Promise<void>;
}

const FIELDS = 'id name price onSale priceHistory updatedAt';
const CREATE = `mutation ($input: CreateItemInput!) { createItem(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($input: UpdateItemInput!) { updateItem(input: $input) { ${FIELDS} } }`;
const GET = `query ($id: ID!) { getItem(id: $id) { ${FIELDS} } }`;
const IMPORT = `mutation ($rows: [ItemImportRowInput!]!, $apply: Boolean) { importItems(rows: $rows, apply: $apply) { applied problems { message } } }`;

interface SaleItem {
  id: string;
  name: string;
  price: number | null;
  onSale: boolean | null;
  priceHistory: string[] | null;
  updatedAt: string;
}

const DAY = 86_400_000;

export function saleRuleBattery(target: SaleTarget): void {
  const prefix = `SALE-${Date.now()}-`;
  let made = 0;

  const ok = async (answer: Promise<SaleAnswer>) => {
    const body = await answer;
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const refused = async (answer: Promise<SaleAnswer>, message: string) => {
    const body = await answer;
    expect(body.errors?.[0]).toMatchObject({ errorType: ERROR_TYPES.validation, message });
  };
  const create = async (name: string, price: number) =>
    (await ok(target.admin(CREATE, { input: { name, price, tags: ['wine'], upc: `${prefix}${++made}` } }))).createItem as SaleItem;
  const get = async (id: string, as: 'admin' | 'guest' = 'admin') => (await ok(target[as](GET, { id }))).getItem as SaleItem;
  /** An item that has cost `price` since 130 days ago: before the first of the two previous months, whatever today is. */
  const aged = async (name: string, price: number) => {
    const item = await create(name, price);
    await target.ageItem(item.id, [`${new Date(Date.now() - 130 * DAY).toISOString()} ${price}`]);
    return get(item.id);
  };
  const months = () => saleThreshold([], new Date()).months;

  it('refuses Sale on a new item: no price from before the two previous months', async () => {
    await refused(
      target.admin(CREATE, { input: { name: 'Sale New', price: 9.99, tags: ['wine'], onSale: true, upc: `${prefix}new` } }),
      SALE_MESSAGES.noHistory(months()),
    );
    const item = await create('Sale New Later', 9.99);
    await refused(target.admin(UPDATE, { input: { id: item.id, onSale: true } }), SALE_MESSAGES.noHistory(months()));
    expect(await get(item.id)).toMatchObject({ onSale: null, price: 9.99 });
  });

  it('keeps the history itself: the price a write sets, when; no client writes it', async () => {
    const started = Date.now() - 1000;
    const item = await create('Sale History', 20);
    expect(priceChangesOf(item.priceHistory).map((change) => change.price)).toEqual([20]);
    expect(Date.parse(priceChangesOf(item.priceHistory)[0]!.at)).toBeGreaterThanOrEqual(started);

    const forged = [`${new Date(Date.now() - 200 * DAY).toISOString()} 99`];
    await refused(
      target.admin(CREATE, { input: { name: 'Sale Forged', price: 5, tags: ['wine'], priceHistory: forged } }),
      SALE_MESSAGES.history,
    );
    await refused(target.admin(UPDATE, { input: { id: item.id, priceHistory: forged, onSale: true } }), SALE_MESSAGES.history);
    await refused(target.admin(UPDATE, { input: { id: item.id, priceHistory: null } }), SALE_MESSAGES.history);
    expect((await get(item.id)).priceHistory).toEqual(item.priceHistory);

    // A write that leaves the price alone leaves the history alone; a new price is added.
    await ok(target.admin(UPDATE, { input: { id: item.id, name: 'Sale History Renamed' } }));
    expect((await get(item.id)).priceHistory).toEqual(item.priceHistory);
    await ok(target.admin(UPDATE, { input: { id: item.id, price: 22 } }));
    expect(priceChangesOf((await get(item.id)).priceHistory).at(-1)!.price).toBe(22);
  });

  it('accepts Sale while the price is below the lowest of the two previous months, and anyone sees it', async () => {
    const item = await aged('Sale Holds', 30);
    const sale = (await ok(target.admin(UPDATE, { input: { id: item.id, price: 24.99, onSale: true } }))).updateItem as SaleItem;
    expect(sale).toMatchObject({ price: 24.99, onSale: true });
    expect(priceChangesOf(sale.priceHistory).map((change) => change.price)).toEqual([30, 24.99]);
    const seen = await get(item.id, 'guest');
    expect(isSaleShown(seen, new Date())).toBe(true);
    // Next month the months roll over: $24.99 was this month's price, so the badge goes by itself.
    expect(isSaleShown(seen, new Date(Date.now() + 35 * DAY))).toBe(false);
  });

  it('refuses Sale at a price not below the lowest, with the reason, and stores nothing', async () => {
    const item = await aged('Sale Equal', 30);
    await refused(target.admin(UPDATE, { input: { id: item.id, onSale: true } }), SALE_MESSAGES.notBelow(months(), 30));
    await refused(target.admin(UPDATE, { input: { id: item.id, price: 31, onSale: true } }), SALE_MESSAGES.notBelow(months(), 30));
    expect(await get(item.id)).toMatchObject({ price: 30, onSale: null, priceHistory: item.priceHistory });
  });

  it('the badge goes when the price goes back up, with the mark still set', async () => {
    const item = await aged('Sale Back Up', 40);
    await ok(target.admin(UPDATE, { input: { id: item.id, price: 35, onSale: true } }));
    expect(isSaleShown(await get(item.id, 'guest'), new Date())).toBe(true);
    await ok(target.admin(UPDATE, { input: { id: item.id, price: 45 } }));
    const after = await get(item.id, 'guest');
    expect(after).toMatchObject({ onSale: true, price: 45 });
    expect(isSaleShown(after, new Date())).toBe(false);
  });

  it('a CSV import that changes a price adds it to the history', async () => {
    const item = await aged('Sale Import', 50);
    const upc = `${prefix}import`;
    await ok(target.admin(UPDATE, { input: { id: item.id, upc } }));
    const report = (await ok(target.admin(IMPORT, { rows: [{ row: 2, upc, price: '44.5' }], apply: true }))).importItems as {
      applied: boolean;
    };
    expect(report.applied).toBe(true);
    const imported = await get(item.id);
    expect(priceChangesOf(imported.priceHistory).map((change) => change.price)).toEqual([50, 44.5]);
    await ok(target.admin(UPDATE, { input: { id: item.id, onSale: true } }));
  });
}
