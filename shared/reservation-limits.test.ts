import { describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES } from './pickup-messages';
import {
  customerNoteProblem,
  DEFAULT_RESERVATION_SETTINGS,
  formatReservationNumber,
  isReservationNumber,
  lineStockProblem,
  MAX_CUSTOMER_NOTE_LENGTH,
  MAX_REASON_LENGTH,
  MAX_STAFF_NOTE_LENGTH,
  newReservationNumber,
  openReservationsProblem,
  parseReservationNumber,
  PAY_AT_PICKUP_TEXT,
  phoneProblem,
  reasonProblem,
  RESERVATION_NUMBER_ALPHABET,
  reservationLinesProblem,
  reservationSettingsOf,
  reservationSettingsProblem,
  staffNoteProblem,
} from './reservation-limits';

const line = (itemId: string, quantity: number) => ({ itemId, quantity });

describe('the Shop settings of reserving', () => {
  it('defaults to 60 minutes to prepare, 12 of an item, 3 open reservations, 24 bottles and half a shelf', () => {
    expect(DEFAULT_RESERVATION_SETTINGS).toEqual({
      preparationMinutes: 60,
      maxPerItem: 12,
      maxOpenReservations: 3,
      maxUnitsPerReservation: 24,
      shareCap: 50,
    });
    expect(reservationSettingsOf(null)).toEqual(DEFAULT_RESERVATION_SETTINGS);
    expect(reservationSettingsOf({ pickupPreparationMinutes: null, pickupMaxPerItem: undefined })).toEqual(DEFAULT_RESERVATION_SETTINGS);
  });

  it('uses stored values the editor allows and the default for any other', () => {
    expect(
      reservationSettingsOf({
        pickupPreparationMinutes: 0,
        pickupMaxPerItem: 6,
        pickupMaxOpenReservations: 1,
        pickupMaxUnits: 48,
        reservationShareCap: 100,
      }),
    ).toEqual({
      preparationMinutes: 0,
      maxPerItem: 6,
      maxOpenReservations: 1,
      maxUnitsPerReservation: 48,
      shareCap: 100,
    });
    expect(
      reservationSettingsOf({
        pickupPreparationMinutes: -5,
        pickupMaxPerItem: 2.5,
        pickupMaxOpenReservations: 0,
        pickupMaxUnits: 1000,
        reservationShareCap: 0,
      }),
    ).toEqual(DEFAULT_RESERVATION_SETTINGS);
    expect(reservationSettingsOf({ reservationShareCap: 101 }).shareCap).toBe(50);
    expect(reservationSettingsOf({ reservationShareCap: 33.5 }).shareCap).toBe(50);
  });

  it('refuses a setting outside its range, naming it', () => {
    expect(reservationSettingsProblem({})).toBeNull();
    expect(
      reservationSettingsProblem({
        pickupPreparationMinutes: 2880,
        pickupMaxPerItem: 99,
        pickupMaxOpenReservations: 10,
        pickupMaxUnits: 1,
      }),
    ).toBeNull();
    expect(reservationSettingsProblem({ pickupPreparationMinutes: 2881 })).toBe(
      'Preparation time (minutes) must be a whole number from 0 to 2880',
    );
    expect(reservationSettingsProblem({ pickupMaxPerItem: 0 })).toBe('Most of one item must be a whole number from 1 to 99');
    expect(reservationSettingsProblem({ pickupMaxOpenReservations: '3' })).toBe(
      'Open reservations per customer must be a whole number from 1 to 10',
    );
    expect(reservationSettingsProblem({ pickupMaxUnits: 12.5 })).toBe(
      'Most bottles in one reservation must be a whole number from 1 to 99',
    );
  });
});

describe("a customer's list", () => {
  it('accepts up to 12 of an item and 24 bottles in all', () => {
    expect(reservationLinesProblem([line('a', 12), line('b', 12)])).toBeNull();
    expect(reservationLinesProblem([line('a', 1)])).toBeNull();
  });

  it('refuses an empty list, a bad line, an item twice, too many of one item or too many in all', () => {
    expect(reservationLinesProblem([])).toBe(PICKUP_MESSAGES.noLines);
    expect(reservationLinesProblem(null)).toBe(PICKUP_MESSAGES.noLines);
    expect(reservationLinesProblem('a')).toBe(PICKUP_MESSAGES.noLines);
    expect(reservationLinesProblem([line('a', 13)])).toBe('Reserve from 1 to 12 of each item');
    for (const quantity of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(reservationLinesProblem([line('a', quantity)]), String(quantity)).toBe(PICKUP_MESSAGES.lineQuantity(12));
    expect(reservationLinesProblem([{ itemId: 'a', quantity: '2' }])).toBe(PICKUP_MESSAGES.lineQuantity(12));
    for (const bad of [null, {}, { quantity: 1 }, line('', 1), line('a b', 1), line('x'.repeat(65), 1), line('<script>', 1)])
      expect(reservationLinesProblem([bad]), JSON.stringify(bad)).toBe(PICKUP_MESSAGES.lineItem);
    expect(reservationLinesProblem([line('a', 1), line('b', 1), line('a', 2)])).toBe(PICKUP_MESSAGES.lineTwice);
    expect(reservationLinesProblem([line('a', 12), line('b', 12), line('c', 1)])).toBe('At most 24 bottles in one reservation');
  });

  it('refuses a huge list before reading its lines', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => line(`item${i}`, 1));
    expect(reservationLinesProblem(lines)).toBe(PICKUP_MESSAGES.unitsMax(24));
  });

  it('follows the Shop settings', () => {
    const settings = { ...DEFAULT_RESERVATION_SETTINGS, maxPerItem: 6, maxUnitsPerReservation: 10 };
    expect(reservationLinesProblem([line('a', 7)], settings)).toBe('Reserve from 1 to 6 of each item');
    expect(reservationLinesProblem([line('a', 6), line('b', 5)], settings)).toBe('At most 10 bottles in one reservation');
    expect(reservationLinesProblem([line('a', 6), line('b', 4)], settings)).toBeNull();
  });

  it('holds only counted stock there is; an uncounted item may be reserved', () => {
    expect(lineStockProblem('Merlot', 5, null)).toBeNull();
    expect(lineStockProblem('Merlot', 5, undefined)).toBeNull();
    expect(lineStockProblem('Merlot', 5, 5)).toBeNull();
    expect(lineStockProblem('Merlot', 6, 5)).toBe('Only 5 of Merlot left');
    expect(lineStockProblem('Merlot', 1, 0)).toBe('Merlot is out of stock');
    expect(lineStockProblem('Merlot', 1, -3)).toBe('Merlot is out of stock');
  });

  it('allows at most 3 open reservations at a time', () => {
    expect(openReservationsProblem(0)).toBeNull();
    expect(openReservationsProblem(2)).toBeNull();
    expect(openReservationsProblem(3)).toBe(
      'You already have 3 open reservations, the most at one time. Pick one up or cancel one before reserving again.',
    );
    expect(openReservationsProblem(1, { ...DEFAULT_RESERVATION_SETTINGS, maxOpenReservations: 1 })).toBe(PICKUP_MESSAGES.openMax(1));
  });
});

describe('texts', () => {
  it("bounds the customer's note and lets it have line breaks", () => {
    expect(customerNoteProblem(null)).toBeNull();
    expect(customerNoteProblem('')).toBeNull();
    expect(customerNoteProblem('Gift wrap, please.\nI will come after work.\r\nThanks')).toBeNull();
    expect(customerNoteProblem('é'.repeat(MAX_CUSTOMER_NOTE_LENGTH))).toBeNull();
    expect(customerNoteProblem('🍷'.repeat(MAX_CUSTOMER_NOTE_LENGTH))).toBeNull(); // counted as characters, not UTF-16 units
    expect(customerNoteProblem('x'.repeat(MAX_CUSTOMER_NOTE_LENGTH + 1))).toBe('The note is at most 500 characters');
    expect(customerNoteProblem('bell\u0007')).toBe(PICKUP_MESSAGES.noteText);
    expect(customerNoteProblem('evil \u202Eoverride')).toBe(PICKUP_MESSAGES.noteText);
  });

  it('takes a phone number as people write it, or none', () => {
    for (const ok of ['(845) 555-0142', '845-555-0142', '845.555.0142', '+1 845 555 0142', '555-0142', '', '   ', null])
      expect(phoneProblem(ok), String(ok)).toBeNull();
    for (const bad of [
      'call me',
      '555-01',
      '12345678901234567',
      '(845) 555-0142 ext 5',
      '845\n5550142',
      `${'1'.repeat(10)}${' '.repeat(30)}`,
    ])
      expect(phoneProblem(bad), bad).toBe(PICKUP_MESSAGES.phone);
  });

  it("requires staff's note on a lowered line, on one line, bounded", () => {
    expect(staffNoteProblem('Only 2 on the shelf')).toBeNull();
    expect(staffNoteProblem('')).toBe(PICKUP_MESSAGES.staffNoteRequired);
    expect(staffNoteProblem('   ')).toBe(PICKUP_MESSAGES.staffNoteRequired);
    expect(staffNoteProblem(undefined)).toBe(PICKUP_MESSAGES.staffNoteRequired);
    expect(staffNoteProblem('x'.repeat(MAX_STAFF_NOTE_LENGTH + 1))).toBe('A staff note is at most 300 characters');
    expect(staffNoteProblem('one\ntwo')).toBe(PICKUP_MESSAGES.oneLine);
  });

  it("requires staff's reason to cancel, and bounds a customer's", () => {
    expect(reasonProblem('', true)).toBe(PICKUP_MESSAGES.reasonRequired);
    expect(reasonProblem(null, true)).toBe(PICKUP_MESSAGES.reasonRequired);
    expect(reasonProblem('', false)).toBeNull();
    expect(reasonProblem('Changed my plans', false)).toBeNull();
    expect(reasonProblem('x'.repeat(MAX_REASON_LENGTH), true)).toBeNull();
    expect(reasonProblem('x'.repeat(MAX_REASON_LENGTH + 1), false)).toBe('The reason is at most 300 characters');
    expect(reasonProblem('a\tb', true)).toBe(PICKUP_MESSAGES.oneLine);
  });
});

describe('the reservation number', () => {
  /** A fixed byte sequence standing in for crypto.randomBytes. */
  const bytesOf =
    (...values: number[]) =>
    (count: number) =>
      Uint8Array.from({ length: count }, (_, i) => values[i % values.length]!);

  it('has 32 symbols, none of 0, O, 1 or I', () => {
    expect(RESERVATION_NUMBER_ALPHABET).toHaveLength(32);
    expect(new Set(RESERVATION_NUMBER_ALPHABET).size).toBe(32);
    expect(RESERVATION_NUMBER_ALPHABET).not.toMatch(/[0O1I]/);
  });

  it('is 8 symbols, each from 5 random bits', () => {
    expect(newReservationNumber(bytesOf(0))).toBe('22222222');
    expect(newReservationNumber(bytesOf(31))).toBe('ZZZZZZZZ');
    expect(newReservationNumber(bytesOf(32, 255, 8, 9, 10, 24, 30, 1))).toBe('2ZABCSY3');
    expect(() => newReservationNumber(() => new Uint8Array(4))).toThrow(RangeError);
  });

  it('gives every symbol equally often over every byte value', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      const symbol = newReservationNumber(bytesOf(byte))[0]!;
      counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it('differs each time from a real random source', () => {
    const random = (count: number) => crypto.getRandomValues(new Uint8Array(count));
    const numbers = new Set(Array.from({ length: 1000 }, () => newReservationNumber(random)));
    expect(numbers.size).toBe(1000);
    for (const number of numbers) expect(isReservationNumber(number)).toBe(true);
  });

  it('is shown in two groups of four and read back however it is typed', () => {
    expect(formatReservationNumber('K7QF3M9X')).toBe('K7QF-3M9X');
    expect(parseReservationNumber('K7QF-3M9X')).toBe('K7QF3M9X');
    expect(parseReservationNumber(' k7qf 3m9x ')).toBe('K7QF3M9X');
    for (const bad of [
      'K7QF-3M9',
      'K7QF-3M9XX',
      'K0QF-3M9X',
      'KOQF-3M9X',
      'K1QF-3M9X',
      'KIQF-3M9X',
      'K7QF_3M9X',
      '',
      'K7QF-3M9X'.padEnd(40, ' '),
    ])
      expect(parseReservationNumber(bad), bad).toBeNull();
    expect(isReservationNumber('K7QF-3M9X')).toBe(false);
    expect(isReservationNumber(12345678)).toBe(false);
  });
});

describe('paying', () => {
  it('says pay at pickup and which photo IDs the counter takes', () => {
    expect(PAY_AT_PICKUP_TEXT).toBe(
      "Pay at pickup. Bring a photo ID: a driver's license, a non-driver ID, a passport or a US military ID. We check it at the counter.",
    );
  });
});
