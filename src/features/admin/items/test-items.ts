import type { AdminItem } from './item-rules';

/** An item as the admin list holds it, for unit tests: a wine at $10, unless `fields` say otherwise. */
export const adminItem = (fields: Partial<AdminItem> = {}): AdminItem => ({
  id: 'x',
  name: 'Plain',
  price: 10,
  description: null,
  tags: ['wine'],
  promoted: false,
  upc: null,
  img: null,
  sizeMl: null,
  packCount: null,
  abv: null,
  vintage: null,
  stock: null,
  limitPerCustomer: null,
  heldStock: 0,
  offeredStock: null,
  stockCountedAt: null,
  onSale: false,
  priceHistory: [],
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});
