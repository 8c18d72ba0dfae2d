import { describe, expect, it } from 'vitest';
import {
  customerAllowance,
  customerCap,
  customerCapProblem,
  heldByItem,
  limitPerCustomerProblem,
  MAX_LIMIT_PER_CUSTOMER,
  parseLimitPerCustomer,
} from './customer-limits';
import { limitPerCustomerText } from './item-facts';
import { PICKUP_MESSAGES } from './pickup-messages';

describe("an item's limit per customer (decision 0371)", () => {
  it('is a whole number from 1 to 99, or null for none', () => {
    for (const ok of [null, undefined, 1, 2, MAX_LIMIT_PER_CUSTOMER]) expect(limitPerCustomerProblem(ok)).toBeNull();
    for (const bad of [0, -1, 1.5, 100, 1e9, Number.NaN, Infinity, '2', true])
      expect(limitPerCustomerProblem(bad)).toBe(PICKUP_MESSAGES.itemLimit(MAX_LIMIT_PER_CUSTOMER));
  });

  it('is read from the editor as typed', () => {
    expect(parseLimitPerCustomer('')).toBeNull();
    expect(parseLimitPerCustomer(' 2 ')).toBe(2);
    for (const bad of ['0', '-1', '1.5', '100', 'two', '1e2']) expect(parseLimitPerCustomer(bad)).toBeNaN();
  });

  it('is said on the item page', () => {
    expect(limitPerCustomerText(2)).toBe('Limit 2 per customer');
    expect(limitPerCustomerText(null)).toBeNull();
    expect(limitPerCustomerText(0)).toBeNull();
  });
});

describe("one customer's cap on an item", () => {
  it('is the limit when the stock is not counted, and nothing without a limit', () => {
    expect(customerCap({ limitPerCustomer: 2, stock: null }, 50)).toEqual({ most: 2, by: 'limit' });
    expect(customerCap({ limitPerCustomer: null, stock: null }, 50)).toBeNull();
  });

  it('is the share of the counted shelf, rounded up and at least 1 (decision 0374)', () => {
    expect(customerCap({ shelfStock: 10, stock: 10 }, 50)).toEqual({ most: 5, by: 'share' });
    expect(customerCap({ shelfStock: 9, stock: 9 }, 50)).toEqual({ most: 5, by: 'share' });
    expect(customerCap({ shelfStock: 1, stock: 1 }, 50)).toEqual({ most: 1, by: 'share' });
    expect(customerCap({ shelfStock: 0, stock: 0 }, 50)).toEqual({ most: 1, by: 'share' });
    expect(customerCap({ shelfStock: 3, stock: 3 }, 33)).toEqual({ most: 1, by: 'share' });
    expect(customerCap({ shelfStock: 7, stock: 7 }, 70)).toEqual({ most: 5, by: 'share' });
    expect(customerCap({ shelfStock: 100, stock: 100 }, 7)).toEqual({ most: 7, by: 'share' });
  });

  it('counts the shelf with the held bottles, not what is offered', () => {
    // 10 on the shelf, 6 held by others: 4 offered, and one customer may still hold 5 in all.
    expect(customerCap({ shelfStock: 10, heldStock: 6, stock: 4 }, 50)).toEqual({ most: 5, by: 'share' });
    // An item stored before the two facts: its shelf is stock + held.
    expect(customerCap({ stock: 4, heldStock: 6 }, 50)).toEqual({ most: 5, by: 'share' });
  });

  it('is not a share at 100%', () => {
    expect(customerCap({ shelfStock: 10, stock: 10 }, 100)).toBeNull();
    expect(customerCap({ shelfStock: 10, stock: 10, limitPerCustomer: 3 }, 100)).toEqual({ most: 3, by: 'limit' });
  });

  it('is the smaller of the two, the limit on a tie', () => {
    expect(customerCap({ shelfStock: 10, stock: 10, limitPerCustomer: 2 }, 50)).toEqual({ most: 2, by: 'limit' });
    expect(customerCap({ shelfStock: 10, stock: 10, limitPerCustomer: 8 }, 50)).toEqual({ most: 5, by: 'share' });
    expect(customerCap({ shelfStock: 10, stock: 10, limitPerCustomer: 5 }, 50)).toEqual({ most: 5, by: 'limit' });
  });

  it('ignores a stored limit that is not one', () => {
    expect(customerCap({ stock: null, limitPerCustomer: 0 }, 50)).toBeNull();
    expect(customerCap({ stock: null, limitPerCustomer: 2.5 }, 50)).toBeNull();
  });
});

describe('what a customer may still reserve', () => {
  const open = [
    { id: 'a', status: 'Requested' as const, lines: [{ itemId: 'wine', quantity: 1 }] },
    {
      id: 'b',
      status: 'Ready' as const,
      lines: [
        { itemId: 'wine', quantity: 1 },
        { itemId: 'rye', quantity: 3 },
      ],
    },
    { id: 'c', status: 'Cancelled' as const, lines: [{ itemId: 'wine', quantity: 5 }] },
    { id: 'd', status: 'PickedUp' as const, lines: [{ itemId: 'wine', quantity: 5 }] },
    { id: 'e', status: 'Expired' as const, lines: [{ itemId: 'wine', quantity: 5 }] },
  ];

  it('counts the open reservations only (Requested and Ready), the one changed left out', () => {
    expect(heldByItem(open)).toEqual(
      new Map([
        ['wine', 2],
        ['rye', 3],
      ]),
    );
    expect(heldByItem(open, 'b')).toEqual(new Map([['wine', 1]]));
  });

  it('refuses a line over the cap, saying the cap and what is held', () => {
    const limit = { most: 2, by: 'limit' } as const;
    expect(customerCapProblem('Merlot, 750 mL', limit, 1, 1)).toBeNull();
    expect(customerCapProblem('Merlot, 750 mL', limit, 2, 1)).toBe(
      'Merlot, 750 mL is limited to 2 per customer. You already hold 2 in open reservations.',
    );
    expect(customerCapProblem('Merlot', limit, 0, 3)).toBe('Merlot is limited to 2 per customer. You hold none yet.');
    expect(customerCapProblem('Rye', { most: 5, by: 'share' }, 4, 2)).toBe(
      'One customer may reserve at most 5 of Rye, a fair share of the shelf. You already hold 4 in open reservations.',
    );
    expect(customerCapProblem('Rye', null, 100, 100)).toBeNull();
    expect(customerAllowance({ most: 2, by: 'limit' }, 1)).toBe(1);
    expect(customerAllowance({ most: 2, by: 'limit' }, 3)).toBe(0);
    expect(customerAllowance(null, 3)).toBeNull();
  });
});
