/**
 * An item's UPC as a GTIN (decision 0380): the JSON-LD's `gtin12`/`gtin13` and the Google feeds'
 * `gtin` carry it only when it is one Google accepts: 8, 12, 13 or 14 digits, the last one the
 * GS1 check digit of the others, not all zeros, and not a restricted-circulation number (a
 * till's in-store or weighed-item code: GTIN-13 prefixes 02, 04 and 20-29, which is UPC-A's number
 * systems 2 and 4), which names no product outside the shop. Pure and small: the item page's chunk
 * takes it.
 */

export interface Gtin {
  /** The digits as stored (no spaces or dashes). */
  digits: string;
  /** schema.org's property for its length. */
  property: 'gtin8' | 'gtin12' | 'gtin13' | 'gtin14';
}

const PROPERTY = { 8: 'gtin8', 12: 'gtin12', 13: 'gtin13', 14: 'gtin14' } as const;

/** The GS1 check digit of these digits (the GTIN without its last digit). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  // From the right: weights 3, 1, 3, 1, ...
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** The UPC as a GTIN Google accepts, or null (none, a wrong check digit, an in-store code). */
export function gtinOf(upc: string | null | undefined): Gtin | null {
  const digits = typeof upc === 'string' ? upc.trim() : '';
  if (!/^\d+$/.test(digits) || !(digits.length in PROPERTY)) return null;
  if (/^0+$/.test(digits)) return null;
  if (gtinCheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) return null;
  // As a GTIN-13 (a GTIN-14's indicator digit dropped; shorter ones padded): restricted prefixes.
  if (digits.length >= 12) {
    const thirteen = digits.length === 14 ? digits.slice(1) : digits.padStart(13, '0');
    if (/^(?:0[24]|2)/.test(thirteen)) return null;
  }
  return { digits, property: PROPERTY[digits.length as keyof typeof PROPERTY] };
}
