/** The shop's settings record (decision 0190) through the API: public read, admin writes, New York's hours. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { SHOP_SETTINGS_ID } from '../../shared/shop-hours';
import { HOURS_MESSAGES } from '../../shared/shop-hours-rules';
import { PRICE_BOUNDARY_MESSAGES } from '../../shared/price-ranges';
import { MAX_TASTING_RULES_LENGTH, TASTING_RULES_MESSAGES } from '../../shared/tasting-rules';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';

let server: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  admin = { authorization: (await server.sessionFor(ROLE_ADMIN)).token };
});
afterAll(async () => {
  await server?.stop();
});

const call = async (query: string, variables: Record<string, unknown>, headers?: Record<string, string>) =>
  (await postGraphQL(server, { query, variables }, headers)).body;
const CREATE = 'mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id weeklyHours specialDates } }';
const UPDATE = 'mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id weeklyHours specialDates mapUrl } }';
const GET = 'query ($id: ID!) { getShopSettings(id: $id) { id name phone weeklyHours specialDates } }';
const WEEK = ['12:00-18:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00'];
const stored = () => server.store.get('ShopSettings', SHOP_SETTINGS_ID);

describe('ShopSettings', () => {
  it('is written by admins and read by the public', async () => {
    const created = await call(
      CREATE,
      {
        input: {
          id: SHOP_SETTINGS_ID,
          name: 'Patterson Wine & Liquor',
          phone: '(845) 555-0142',
          weeklyHours: WEEK,
          specialDates: ['2026-11-26 closed Thanksgiving'],
        },
      },
      admin,
    );
    expect(created.errors).toBeUndefined();
    const read = await call(GET, { id: SHOP_SETTINGS_ID });
    expect(read.errors).toBeUndefined();
    expect(read.data!.getShopSettings).toMatchObject({
      id: SHOP_SETTINGS_ID,
      weeklyHours: WEEK,
      specialDates: ['2026-11-26 closed Thanksgiving'],
    });
  });

  it('cannot be written by the public or a customer', async () => {
    const customer = { authorization: (await server.sessionFor(ROLE_USER)).token };
    for (const headers of [undefined, customer]) {
      const update = await call(UPDATE, { input: { id: SHOP_SETTINGS_ID, weeklyHours: WEEK.map(() => 'closed') } }, headers);
      expect(update.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
      const remove = await call(
        'mutation ($input: DeleteShopSettingsInput!) { deleteShopSettings(input: $input) { id } }',
        { input: { id: SHOP_SETTINGS_ID } },
        headers,
      );
      expect(remove.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
    }
    expect(stored()?.weeklyHours).toEqual(WEEK);
  });

  it('refuses hours New York does not allow a package store, and keeps what was stored', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ weeklyHours: ['12:00-18:00', '07:00-21:00', ...WEEK.slice(2)] }, HOURS_MESSAGES.weekdayLaw('Monday')],
      [{ weeklyHours: ['09:00-18:00', ...WEEK.slice(1)] }, HOURS_MESSAGES.sundayLaw('Sunday')],
      [{ weeklyHours: ['10:00-23:00', ...WEEK.slice(1)] }, HOURS_MESSAGES.sundayLaw('Sunday')],
      [{ weeklyHours: WEEK.slice(1) }, HOURS_MESSAGES.weekCount],
      [{ specialDates: ['2026-12-27 09:00-17:00 Stocktake'] }, HOURS_MESSAGES.sundayLaw('2026-12-27')],
      [{ mapUrl: 'javascript:alert(1)' }, HOURS_MESSAGES.mapUrl],
    ];
    for (const [change, message] of refusals) {
      const refused = await call(UPDATE, { input: { id: SHOP_SETTINGS_ID, ...change } }, admin);
      expect(refused.errors?.[0], JSON.stringify(change)).toMatchObject({ errorType: 'ValidationError', message });
    }
    const onCreate = await call(CREATE, { input: { weeklyHours: ['09:00-18:00', ...WEEK.slice(1)] } }, admin);
    expect(onCreate.errors?.[0]?.message).toBe(HOURS_MESSAGES.sundayLaw('Sunday'));
    expect(stored()).toMatchObject({ weeklyHours: WEEK, specialDates: ['2026-11-26 closed Thanksgiving'] });

    const allowed = await call(
      UPDATE,
      {
        input: {
          id: SHOP_SETTINGS_ID,
          weeklyHours: ['10:00-22:00', '08:00-00:00', ...WEEK.slice(2)],
          mapUrl: 'https://www.openstreetmap.org/',
        },
      },
      admin,
    );
    expect(allowed.errors).toBeUndefined();
    expect(stored()?.weeklyHours).toEqual(['10:00-22:00', '08:00-00:00', ...WEEK.slice(2)]);
  });

  it("keeps the menu's price boundaries: ascending whole dollars, at most 6, readable by the public (decision 0280)", async () => {
    const PRICES = 'mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id priceBoundaries } }';
    const refusals: Array<[unknown, string]> = [
      [[40, 20], PRICE_BOUNDARY_MESSAGES.ascending],
      [[20, 20], PRICE_BOUNDARY_MESSAGES.ascending],
      [[0, 20], PRICE_BOUNDARY_MESSAGES.whole],
      [[-20], PRICE_BOUNDARY_MESSAGES.whole],
      [[100_001], PRICE_BOUNDARY_MESSAGES.whole],
      [[20, null], PRICE_BOUNDARY_MESSAGES.whole],
      [[1, 2, 3, 4, 5, 6, 7], PRICE_BOUNDARY_MESSAGES.count],
    ];
    for (const [priceBoundaries, message] of refusals) {
      const refused = await call(PRICES, { input: { id: SHOP_SETTINGS_ID, priceBoundaries } }, admin);
      expect(refused.errors?.[0], JSON.stringify(priceBoundaries)).toMatchObject({ errorType: 'ValidationError', message });
    }
    // Not an integer at all: GraphQL's own type check refuses it before any rule.
    const fractional = await call(PRICES, { input: { id: SHOP_SETTINGS_ID, priceBoundaries: [19.5] } }, admin);
    expect(fractional.errors?.[0]?.message).toMatch(/Int/);
    expect(stored()?.priceBoundaries ?? null).toBeNull();

    const saved = await call(PRICES, { input: { id: SHOP_SETTINGS_ID, priceBoundaries: [25, 50, 100] } }, admin);
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.updateShopSettings).toEqual({ id: SHOP_SETTINGS_ID, priceBoundaries: [25, 50, 100] });
    const read = await call('query ($id: ID!) { getShopSettings(id: $id) { priceBoundaries } }', { id: SHOP_SETTINGS_ID });
    expect(read.data!.getShopSettings).toEqual({ priceBoundaries: [25, 50, 100] });
    // A customer cannot change them.
    const customer = { authorization: (await server.sessionFor(ROLE_USER)).token };
    const byCustomer = await call(PRICES, { input: { id: SHOP_SETTINGS_ID, priceBoundaries: [5] } }, customer);
    expect(byCustomer.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
    // Empty: no price filter.
    const none = await call(PRICES, { input: { id: SHOP_SETTINGS_ID, priceBoundaries: [] } }, admin);
    expect(none.errors).toBeUndefined();
    expect(stored()?.priceBoundaries).toEqual([]);
  });

  it('keeps the tasting rules: at most 500 characters, readable by the public, null for the default (decision 0350)', async () => {
    const RULES = 'mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id tastingRules } }';
    const tooLong = await call(RULES, { input: { id: SHOP_SETTINGS_ID, tastingRules: 'x'.repeat(MAX_TASTING_RULES_LENGTH + 1) } }, admin);
    expect(tooLong.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: TASTING_RULES_MESSAGES.length });
    expect(stored()?.tastingRules ?? null).toBeNull();

    const text = '21+ with photo ID. Two samples each tonight.';
    const saved = await call(RULES, { input: { id: SHOP_SETTINGS_ID, tastingRules: text } }, admin);
    expect(saved.errors).toBeUndefined();
    const read = await call('query ($id: ID!) { getShopSettings(id: $id) { tastingRules } }', { id: SHOP_SETTINGS_ID });
    expect(read.data!.getShopSettings).toEqual({ tastingRules: text });
    const customer = { authorization: (await server.sessionFor(ROLE_USER)).token };
    const byCustomer = await call(RULES, { input: { id: SHOP_SETTINGS_ID, tastingRules: 'Free for all' } }, customer);
    expect(byCustomer.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
    const reset = await call(RULES, { input: { id: SHOP_SETTINGS_ID, tastingRules: null } }, admin);
    expect(reset.errors).toBeUndefined();
    expect(stored()?.tastingRules ?? null).toBeNull();
  });
});
