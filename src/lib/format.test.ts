import { describe, it, expect } from 'vitest';
import { ELLIPSIS, formatPrice, truncateName } from './format';

describe('truncateName', () => {
  it('keeps a name of at most max characters as it is', () => {
    expect(truncateName('Merlot', 7)).toBe('Merlot');
    expect(truncateName('Chianti', 7)).toBe('Chianti');
  });

  it('cuts a longer name to max characters and adds an ellipsis', () => {
    expect(truncateName('Cabernet Sauvignon', 7)).toBe(`Caberne${ELLIPSIS}`);
    expect(truncateName('Pinot Noir', 7)).toBe('Pinot N...');
  });

  it('supports other lengths', () => {
    expect(truncateName('Kentucky Straight Bourbon', 18)).toBe('Kentucky Straight ...');
    expect(truncateName('Kentucky Bourbon', 18)).toBe('Kentucky Bourbon');
  });

  it('never splits a character made of two code units', () => {
    expect(truncateName('Rosé 🍷 Provence', 6)).toBe('Rosé 🍷...');
  });

  it('gives an empty string for a missing name', () => {
    expect(truncateName('', 7)).toBe('');
    expect(truncateName(null, 7)).toBe('');
    expect(truncateName(undefined, 7)).toBe('');
  });
});

describe('formatPrice', () => {
  it('formats US dollars with two decimals', () => {
    expect(formatPrice(12.99)).toBe('$12.99');
    expect(formatPrice(7)).toBe('$7.00');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(19.5)).toBe('$19.50');
  });

  it('rounds to cents and groups thousands', () => {
    expect(formatPrice(3.456)).toBe('$3.46');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });

  it('gives an empty string for an unknown price', () => {
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined)).toBe('');
    expect(formatPrice(Number.NaN)).toBe('');
  });
});
