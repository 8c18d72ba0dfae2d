/**
 * Attacks on Google's feeds (decisions 0379, 0383) on the real local server: an item's name or
 * description holding anything a keyboard, a paste or an import can put there makes no row or
 * column of its own in either TSV file; nothing staff-only (a former price) is in them; and one
 * address fetching them in a flood is told to wait while another is served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '../../shared/gtin';
import { LOCAL_INVENTORY_COLUMNS, PRODUCT_COLUMNS } from '../../shared/google-feeds';
import { ROLE_ADMIN } from '../../shared/roles';
import { postGraphQL, startTestServer, type TestServer } from '../support/test-server';
import { rawRequest } from './support/raw-http';

const ORIGIN = 'https://shop.example';
let shop: TestServer;
let admin: string;
beforeAll(async () => {
  shop = await startTestServer({
    env: { PUBLIC_ORIGIN: ORIGIN, PAGE_RATE_LIMIT_PER_SECOND: '5', PAGE_RATE_LIMIT_BURST: '40', MAX_CONNECTIONS_PER_ADDRESS: '64' },
  });
  admin = (await shop.sessionFor(ROLE_ADMIN)).token;
});
afterAll(async () => {
  await shop?.stop();
});

const asAdmin = async (query: string, variables: Record<string, unknown>) => {
  const { body } = await postGraphQL(shop, { query, variables }, { authorization: admin });
  expect(body.errors).toBeUndefined();
  return body.data!;
};
let address = 10;
/** Each fetch from an address of its own unless told: the flood test spends one address's budget. */
const fetchFeed = (path: string, localAddress = `127.0.0.${(address += 1)}`) => rawRequest(shop.url, path, { method: 'GET', localAddress });

const upcOf = (n: number) => {
  const body = `0${String(700_000_000 + n).padStart(10, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

/** Every character that ends a line or a cell somewhere: in a TSV reader, a spreadsheet, Python's splitlines, a C string. */
const BREAKERS = ['\t', '\n', '\r', '\r\n', '\v', '\f', '\u0000', '\u001c', '\u001d', '\u001e', '\u0085', '\u2028', '\u2029', '\u001b'];

describe("Google's feeds under attack (local server)", () => {
  const ids: string[] = [];

  it('an item named and described with every line and cell breaker makes one row of one cell per column in each feed', async () => {
    await asAdmin('mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id } }', {
      input: { id: 'shop', googleStoreCode: 'PATTERSON-1' },
    });
    for (const [n, breaker] of BREAKERS.entries()) {
      const made = await asAdmin('mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }', {
        input: {
          name: `Row ${n}${breaker}fake-id\tFake title${breaker}`,
          description: `Line one${breaker}999\tInjected\tdescription${breaker}https://evil.example/${breaker}`,
          price: 10 + n,
          upc: upcOf(n),
          stock: 5,
          tags: ['wine'],
        },
      });
      ids.push((made.createItem as { id: string }).id);
    }
    for (const [path, columns] of [
      ['/feeds/products.tsv', PRODUCT_COLUMNS],
      ['/feeds/local-inventory.tsv', LOCAL_INVENTORY_COLUMNS],
    ] as const) {
      const { status, text } = await fetchFeed(path);
      expect(status).toBe(200);
      expect(text.endsWith('\n')).toBe(true);
      const lines = text.slice(0, -1).split('\n');
      expect(lines).toHaveLength(1 + BREAKERS.length);
      for (const line of lines) {
        expect(line.split('\t')).toHaveLength(columns.length);
        // No control character nor separator of any kind is left in a cell.
        expect(line.replaceAll('\t', '')).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      }
      expect(
        lines
          .slice(1)
          .map((line) => line.split('\t')[columns.indexOf('id')])
          .sort(),
      ).toEqual([...ids].sort());
    }
  });

  it('a former price (staff only, and never advertised in New York) is in neither feed', async () => {
    const id = ids[0]!;
    await asAdmin('mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id } }', { input: { id, price: 12.34 } });
    const history = (await asAdmin('query ($id: ID!) { getItem(id: $id) { priceHistory } }', { id })).getItem as { priceHistory: string[] };
    // The history keeps the former price 10 (decision 0295).
    expect(history.priceHistory.some((entry) => entry.endsWith(' 10'))).toBe(true);
    for (const [path, columns] of [
      ['/feeds/products.tsv', PRODUCT_COLUMNS],
      ['/feeds/local-inventory.tsv', LOCAL_INVENTORY_COLUMNS],
    ] as const) {
      const { text } = await fetchFeed(path);
      const row = text
        .split('\n')
        .find((line) => line.split('\t').includes(id))!
        .split('\t');
      expect(row[columns.indexOf('price')]).toBe('12.34 USD');
      expect(text).not.toContain('10.00 USD');
      expect(text).not.toMatch(/sale_price|shelf|held|priceHistory/i);
    }
  });

  it('one address fetching the feeds in a flood is told to wait; another address is served meanwhile', async () => {
    const flooding = '127.0.0.250';
    const answers = await Promise.all(Array.from({ length: 80 }, () => fetchFeed('/feeds/products.tsv', flooding)));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(20);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    for (const answer of refused) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fetchFeed('/feeds/products.tsv', '127.0.0.251')).status).toBe(200);
  });
});
