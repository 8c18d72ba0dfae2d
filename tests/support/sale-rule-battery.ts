/**
 * New York's Sale rule through the API (shared/sale-rule.ts, decisions 0292, 0293 and 0295), the battery
 * both backends run: the local server (server/catalogue/sale-rule-api.test.ts) and the emulated
 * cloud (tests/cloud/sale-rule.test.ts), where the catalogue function judges the write from the
 * record the pipeline read. An item's history reaches back months only by time passing, so
 * `ageItem` writes one into the database itself, as a shop running for months would have it.
 * Only an admin reads the history; visitors and customers see the mark and `saleEndsAt`.
 */
import { expect, it } from 'vitest';
import { isSaleBadgeShown, isSaleShown, newYorkMonthEnd, priceChangesOf, SALE_MESSAGES, saleThreshold } from '../../shared/sale-rule';
import { ERROR_TYPES } from '../../shared/error-types';

export interface SaleAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string; path?: Array<string | number> | null }>;
}

export interface SaleTarget {
  admin(query: string, variables?: Record<string, unknown>): Promise<SaleAnswer>;
  guest(query: string, variables?: Record<string, unknown>): Promise<SaleAnswer>;
  /** A signed-in customer. */
  customer(query: string, variables?: Record<string, unknown>): Promise<SaleAnswer>;
  /** Gives the item this stored history, straight into the database (no API writes one). */
  ageItem(id: string, history: string[]): Promise<void>;
}

const FIELDS = 'id name price onSale saleEndsAt priceHistory updatedAt';
/** What the public pages ask for (shared/first-screen.ts SELECTIONS). */
const PUBLIC_FIELDS = 'id name price onSale saleEndsAt';
const CREATE = `mutation ($input: CreateItemInput!) { createItem(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($input: UpdateItemInput!) { updateItem(input: $input) { ${FIELDS} } }`;
const GET = `query ($id: ID!) { getItem(id: $id) { ${FIELDS} } }`;
const PUBLIC_GET = `query ($id: ID!) { getItem(id: $id) { ${PUBLIC_FIELDS} } }`;
const IMPORT = `mutation ($importId: String!, $rows: [ItemImportRowInput!]!, $apply: Boolean) { importItems(importId: $importId, offset: 0, rows: $rows, apply: $apply) { applied problems { message } } }`;

interface SaleItem {
  id: string;
  name: string;
  price: number | null;
  onSale: boolean | null;
  saleEndsAt: string | null;
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
  const get = async (id: string) => (await ok(target.admin(GET, { id }))).getItem as SaleItem;
  /** The item as a visitor (or a customer) reads it: without the history. */
  const seen = async (id: string, as: 'guest' | 'customer' = 'guest') =>
    (await ok(target[as](PUBLIC_GET, { id }))).getItem as Omit<SaleItem, 'priceHistory'>;
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

  it('accepts Sale while the price is below the lowest of the two previous months, and anyone sees it until the month ends', async () => {
    const item = await aged('Sale Holds', 30);
    const sale = (await ok(target.admin(UPDATE, { input: { id: item.id, price: 24.99, onSale: true } }))).updateItem as SaleItem;
    expect(sale).toMatchObject({ price: 24.99, onSale: true, saleEndsAt: newYorkMonthEnd(new Date()) });
    expect(priceChangesOf(sale.priceHistory).map((change) => change.price)).toEqual([30, 24.99]);
    expect(isSaleShown(sale, new Date())).toBe(true);
    for (const as of ['guest', 'customer'] as const) {
      const shown = await seen(item.id, as);
      expect(shown).toEqual({ id: item.id, name: item.name, price: 24.99, onSale: true, saleEndsAt: sale.saleEndsAt });
      expect(isSaleBadgeShown(shown, new Date())).toBe(true);
      // Next month the months roll over: $24.99 was this month's price, so the badge goes by itself.
      expect(isSaleBadgeShown(shown, new Date(Date.now() + 35 * DAY))).toBe(false);
      expect(isSaleShown(sale, new Date(Date.now() + 35 * DAY))).toBe(false);
    }
  });

  it('shows the price history to no one but an admin: a visitor or customer who asks gets it refused, the rest served', async () => {
    const item = await aged('Sale Private', 30);
    await ok(target.admin(UPDATE, { input: { id: item.id, price: 25, onSale: true } }));
    for (const as of ['guest', 'customer'] as const) {
      const one = await target[as](`query ($id: ID!) { getItem(id: $id) { id price priceHistory } }`, { id: item.id });
      expect(one.data?.getItem).toEqual({ id: item.id, price: 25, priceHistory: null });
      // AppSync's message for a field refused by its own auth rule is its own; the type and the place are the same.
      expect(one.errors?.map((error) => [error.errorType, error.path?.at(-1)])).toEqual([[ERROR_TYPES.unauthorized, 'priceHistory']]);
      const list = await target[as](`query { listItems(limit: 1000) { items { id priceHistory } } }`);
      const listed = (list.data?.listItems as { items: Array<{ priceHistory: unknown }> } | null)?.items ?? [];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((entry) => entry.priceHistory === null)).toBe(true);
      expect(list.errors?.every((error) => error.errorType === ERROR_TYPES.unauthorized)).toBe(true);
      expect(JSON.stringify(list)).not.toMatch(/\d{4}-\d{2}-\d{2}T[\d:.]+Z \d/);
    }
    expect(priceChangesOf((await get(item.id)).priceHistory).map((change) => change.price)).toEqual([30, 25]);
  });

  it('lets no one but an admin filter on the price history: what a filter finds would tell past prices', async () => {
    const item = await aged('Sale Filtered', 30);
    const LIST = `query ($filter: ModelItemFilterInput) { listItems(filter: $filter, limit: 1000) { items { id } } }`;
    const probes = [
      { priceHistory: { contains: ' 30' } },
      { and: [{ name: { eq: item.name } }, { or: [{ not: { priceHistory: { beginsWith: '2026' } } }] }] },
    ];
    for (const filter of probes) {
      for (const as of ['guest', 'customer'] as const) {
        const answer = await target[as](LIST, { filter });
        expect(answer.data?.listItems ?? null).toBeNull();
        expect(answer.errors?.map((error) => error.errorType)).toEqual([ERROR_TYPES.unauthorized]);
      }
    }
    // The same filter written inline is refused too.
    const inline = await target.customer(`query { listItems(filter: { priceHistory: { contains: "30" } }) { items { id } } }`);
    expect(inline.errors?.map((error) => error.errorType)).toEqual([ERROR_TYPES.unauthorized]);
    // An admin's filter works; a visitor's filter whose value merely names the field is served.
    // (On a list field `contains` tests whole entries, as DynamoDB's contains does.)
    const entry = item.priceHistory![0]!;
    // Every page: on DynamoDB a page is the records scanned, before the filter, and other batteries
    // leave thousands of items in the table.
    const PAGE = `query ($filter: ModelItemFilterInput, $nextToken: String) { listItems(filter: $filter, limit: 1000, nextToken: $nextToken) { items { id } nextToken } }`;
    const foundIds: string[] = [];
    let nextToken: string | null = null;
    do {
      const page = (await ok(target.admin(PAGE, { filter: { id: { eq: item.id }, priceHistory: { contains: entry } }, nextToken })))
        .listItems as { items: Array<{ id: string }>; nextToken: string | null };
      foundIds.push(...page.items.map((found) => found.id));
      nextToken = page.nextToken;
    } while (nextToken);
    expect(foundIds).toEqual([item.id]);
    const named = await ok(target.guest(LIST, { filter: { name: { contains: '{"priceHistory":' } } }));
    expect((named.listItems as { items: unknown[] }).items).toEqual([]);
  });

  it('works out saleEndsAt itself: no client writes it; unmarking or a price back up ends it', async () => {
    const item = await aged('Sale Ends', 30);
    const forged = new Date(Date.now() + 400 * DAY).toISOString();
    await refused(target.admin(UPDATE, { input: { id: item.id, onSale: true, price: 20, saleEndsAt: forged } }), SALE_MESSAGES.saleEndsAt);
    await refused(
      target.admin(CREATE, { input: { name: 'Sale Ends Forged', price: 5, tags: ['wine'], saleEndsAt: forged } }),
      SALE_MESSAGES.saleEndsAt,
    );
    expect(await get(item.id)).toMatchObject({ price: 30, onSale: null, saleEndsAt: null });
    await ok(target.admin(UPDATE, { input: { id: item.id, onSale: true, price: 20 } }));
    expect((await seen(item.id)).saleEndsAt).toBe(newYorkMonthEnd(new Date()));
    // A write of neither the price nor the mark leaves it.
    await ok(target.admin(UPDATE, { input: { id: item.id, name: 'Sale Ends Renamed' } }));
    expect((await seen(item.id)).saleEndsAt).toBe(newYorkMonthEnd(new Date()));
    await ok(target.admin(UPDATE, { input: { id: item.id, onSale: false } }));
    expect(await seen(item.id)).toMatchObject({ onSale: false, saleEndsAt: null });
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
    expect(isSaleBadgeShown(await seen(item.id), new Date())).toBe(true);
    await ok(target.admin(UPDATE, { input: { id: item.id, price: 45 } }));
    const after = await seen(item.id);
    expect(after).toMatchObject({ onSale: true, price: 45, saleEndsAt: null });
    expect(isSaleBadgeShown(after, new Date())).toBe(false);
    expect(isSaleShown(await get(item.id), new Date())).toBe(false);
  });

  it('a CSV import that changes a price adds it to the history', async () => {
    const item = await aged('Sale Import', 50);
    const upc = `${prefix}import`;
    await ok(target.admin(UPDATE, { input: { id: item.id, upc } }));
    const report = (await ok(target.admin(IMPORT, { importId: `${prefix}import`, rows: [{ row: 2, upc, price: '44.5' }], apply: true })))
      .importItems as {
      applied: boolean;
    };
    expect(report.applied).toBe(true);
    const imported = await get(item.id);
    expect(priceChangesOf(imported.priceHistory).map((change) => change.price)).toEqual([50, 44.5]);
    await ok(target.admin(UPDATE, { input: { id: item.id, onSale: true } }));
  });
}
