/**
 * The emulated cloud's API for the cloud batteries (`npm run test:cloud` sets CLOUD_API_URL and
 * CLOUD_API_KEY): calls with each kind of credential, the E2E admin's session, and fresh records
 * of every model made through the API (the database cannot be reached as locally).
 *
 *     const shop = await cloudShop();              // signs the admin in, uploads a probe image
 *     await shop.renew(false);                      // a new Category, Tag, Item, Banner, Event
 *     const { body } = await call({ token: shop.admin }, query, variables);
 */
import { expect } from 'vitest';
import { E2E_ADMIN } from '../../../playwright.config';
import type { RootOperation, ValueSource } from '../../security/support/operations';
import { forgedToken } from '../../security/support/principals';
import { pngBytes } from '../../security/support/images';
import { uploadImage, type GraphQLCaller } from '../../support/image-upload';
import { forgetAddressLimits } from './throttle-table';

const url = process.env.CLOUD_API_URL!;
const apiKey = process.env.CLOUD_API_KEY!;
export const PASSWORD = 'Cl0ud-Probe-Passw0rd!';

export type Credentials = { none: true } | { apiKey: string } | { token: string };
export interface Body {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

export const guest: Credentials = { apiKey };
export const wrongKey: Credentials = { apiKey: `${apiKey}x` };
export const forged = (): Credentials => ({ token: forgedToken() });

export async function call(
  credentials: Credentials,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ status: number; body: Body }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if ('token' in credentials) headers.authorization = credentials.token;
  if ('apiKey' in credentials) headers['x-api-key'] = credentials.apiKey;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: response.status, body: (await response.json()) as Body };
}

/** GraphQL calls with these credentials, as the upload helpers take them. */
export const as =
  (credentials: Credentials): GraphQLCaller =>
  async (query, variables) =>
    (await call(credentials, query, variables)).body;

/** A call that must succeed: its data. */
export async function ok(credentials: Credentials, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const { body } = await call(credentials, query, variables);
  expect(body.errors, query).toBeUndefined();
  return body.data!;
}

let emails = 0;
export const uniqueEmail = (label: string) => `cloud-${label}-${Date.now()}-${++emails}@example.com`;

export const signIn = async (email: string, password = PASSWORD) =>
  (
    (
      await ok(guest, 'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }', {
        email,
        password,
      })
    ).signIn as { token: string }
  ).token;

export async function signUp(email: string): Promise<string> {
  const data = await ok(
    guest,
    `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
    signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token } }`,
    { firstName: 'Cloud', lastName: 'Customer', email, password: PASSWORD, confirmPassword: PASSWORD },
  );
  return (data.signUp as { token: string }).token;
}

export type CloudShop = Awaited<ReturnType<typeof cloudShop>>;

/** The E2E admin signed in, a probe image stored, and records of every model on demand. */
export async function cloudShop() {
  expect(url, 'CLOUD_API_URL: run through npm run test:cloud').toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
  await forgetAddressLimits();
  const png = await pngBytes(4, 4);
  const ids: Record<string, string> = {};
  const shop = {
    admin: await signIn(E2E_ADMIN.email, E2E_ADMIN.password),
    imageUrl: '',
    async signInAdminAgain() {
      shop.admin = await signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    },
    async createAdmin(email: string): Promise<string> {
      const created = await ok(
        { token: shop.admin },
        `mutation ($email: String, $password: String, $confirmPassword: String, $firstName: String, $lastName: String) {
        createAdmin(email: $email, password: $password, confirmPassword: $confirmPassword, firstName: $firstName, lastName: $lastName) { id } }`,
        { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Probe', lastName: 'Admin' },
      );
      return (created.createAdmin as { id: string }).id;
    },
    /** New records of every model; a new admin only when asked (a bcrypt hash costs time). */
    async renew(withAdmin: boolean) {
      const create = async (model: string, input: Record<string, unknown>) =>
        (
          (await ok({ token: shop.admin }, `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`, { input }))[
            `create${model}`
          ] as { id: string }
        ).id;
      ids.Category = await create('Category', { name: 'Probe category', type: ['Wine'], visible: true, index: 0 });
      ids.Tag = await create('Tag', { name: 'Probe tag', categoryId: ids.Category, index: 0 });
      ids.Item = await create('Item', { name: 'Probe item', price: 12.5, tags: ['wine', ids.Tag], description: 'Probe' });
      ids.Banner = await create('Banner', { img: shop.imageUrl, index: 0 });
      ids.Event = await create('Event', { name: 'Probe event', date: '2031-01-01', description: 'Probe' });
      ids.ShopSettings = await create('ShopSettings', {
        name: 'Probe shop',
        weeklyHours: ['closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed'],
      });
      if (withAdmin) ids.User = await shop.createAdmin(uniqueEmail('target'));
    },
    values: {
      idOf: (model) => (model && ids[model]) || 'no-such-record',
      idsOf: (model) => (model ? [ids[model]!] : []),
      imageUrl: '',
      email: () => uniqueEmail('probe'),
      password: PASSWORD,
    } satisfies ValueSource,
  };
  const uploaded = await uploadImage(as({ token: shop.admin }), png, url);
  expect(uploaded.body.errors).toBeUndefined();
  shop.imageUrl = uploaded.url!;
  shop.values.imageUrl = shop.imageUrl;
  return shop;
}

const LISTS: Record<string, string> = {
  Item: 'listItems',
  Banner: 'listBanners',
  Category: 'listCategories',
  Tag: 'listTags',
  Event: 'listEvents',
  ShopSettings: 'listShopSettings',
  User: 'listUsers',
};

/** What the API holds of the models a mutation could touch: each record's id and last change. */
export async function stored(shop: CloudShop, op: RootOperation): Promise<string> {
  const models = op.model ? [op.model] : Object.keys(LISTS);
  const lists = await Promise.all(
    models.map(async (model) => {
      const data = await ok({ token: shop.admin }, `query { ${LISTS[model]}(limit: 1000) { items { id updatedAt } } }`);
      return (data[LISTS[model]!] as { items: Array<{ id: string; updatedAt: string }> }).items
        .map((record) => `${record.id}@${record.updatedAt}`)
        .sort();
    }),
  );
  return JSON.stringify(lists);
}
