/**
 * The limits of "Reserve for pickup" (product §11, decision 0312): how much one customer may
 * hold, how long its texts may be, the reservation number said at the counter and the
 * pay-at-pickup text. Pure; the reserve screen checks a list as it is typed and both backends
 * check it again (security is the server's job). Messages in PICKUP_MESSAGES (shared/pickup-messages.ts).
 */
import { PLAUSIBLE_ID } from './catalogue';
import { PICKUP_MESSAGES } from './pickup-messages';
import { DEFAULT_PREPARATION_MINUTES, MAX_PREPARATION_MINUTES } from './pickup-slots';
import { NOT_ONE_LINE } from './validation/name';

/** The Shop settings' defaults (decision 0312). */
export const DEFAULT_MAX_PER_ITEM = 12;
export const DEFAULT_MAX_OPEN_RESERVATIONS = 3;
export const DEFAULT_MAX_UNITS_PER_RESERVATION = 24;
/** One customer's share of an item's counted shelf, percent (decision 0374); 100 is no cap. */
export const DEFAULT_SHARE_CAP = 50;

/** What each setting may be set to: whole numbers in these ranges. */
export const RESERVATION_SETTING_RANGES = {
  pickupPreparationMinutes: { label: 'Preparation time (minutes)', min: 0, max: MAX_PREPARATION_MINUTES },
  pickupMaxPerItem: { label: 'Most of one item', min: 1, max: 99 },
  pickupMaxOpenReservations: { label: 'Open reservations per customer', min: 1, max: 10 },
  pickupMaxUnits: { label: 'Most bottles in one reservation', min: 1, max: 99 },
  reservationShareCap: { label: "One customer's share of an item's shelf (%)", min: 1, max: 100 },
} as const;

export type ReservationSettingName = keyof typeof RESERVATION_SETTING_RANGES;

/** What the rules read of the ShopSettings record (field names proposed for the schema). */
export type ReservationSettingsSource = Partial<Record<ReservationSettingName, number | null>>;

export interface ReservationSettings {
  preparationMinutes: number;
  maxPerItem: number;
  maxOpenReservations: number;
  maxUnitsPerReservation: number;
  /** Percent of an item's counted shelf one customer may hold (decision 0374). */
  shareCap: number;
}

export const DEFAULT_RESERVATION_SETTINGS: ReservationSettings = {
  preparationMinutes: DEFAULT_PREPARATION_MINUTES,
  maxPerItem: DEFAULT_MAX_PER_ITEM,
  maxOpenReservations: DEFAULT_MAX_OPEN_RESERVATIONS,
  maxUnitsPerReservation: DEFAULT_MAX_UNITS_PER_RESERVATION,
  shareCap: DEFAULT_SHARE_CAP,
};

/** Longest texts, in characters (code points). */
export const MAX_CUSTOMER_NOTE_LENGTH = 500;
export const MAX_PHONE_LENGTH = 30;
export const MAX_STAFF_NOTE_LENGTH = 300;
export const MAX_REASON_LENGTH = 300;

/** A phone number has 10 digits in the US; 7 to 15 lets a local or an international one through (E.164's most is 15). */
const PHONE_DIGITS = { min: 7, max: 15 };

const settingProblem = (name: ReservationSettingName, value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const { label, min, max } = RESERVATION_SETTING_RANGES[name];
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : PICKUP_MESSAGES.setting(label, min, max);
};

/** Why the reservation settings cannot be stored (the Shop settings editor and the model guard); null when they can. Unset means the default. */
export function reservationSettingsProblem(settings: Readonly<Record<string, unknown>>): string | null {
  for (const name of Object.keys(RESERVATION_SETTING_RANGES) as ReservationSettingName[]) {
    const problem = settingProblem(name, settings[name]);
    if (problem) return problem;
  }
  return null;
}

/** The settings in force: each stored value when it is one the editor allows, else its default. */
export function reservationSettingsOf(source: ReservationSettingsSource | null | undefined): ReservationSettings {
  const pick = (name: ReservationSettingName, fallback: number) => {
    const value = source?.[name];
    return value !== null && value !== undefined && settingProblem(name, value) === null ? value : fallback;
  };
  return {
    preparationMinutes: pick('pickupPreparationMinutes', DEFAULT_PREPARATION_MINUTES),
    maxPerItem: pick('pickupMaxPerItem', DEFAULT_MAX_PER_ITEM),
    maxOpenReservations: pick('pickupMaxOpenReservations', DEFAULT_MAX_OPEN_RESERVATIONS),
    maxUnitsPerReservation: pick('pickupMaxUnits', DEFAULT_MAX_UNITS_PER_RESERVATION),
    shareCap: pick('reservationShareCap', DEFAULT_SHARE_CAP),
  };
}

// ---------------------------------------------------------------------------------------------
// The customer's list

export interface RequestedLine {
  itemId: string;
  quantity: number;
}

/**
 * Why a list cannot be reserved; null when it can: at least one line, each an item once with a
 * whole quantity from 1 to the per-item most, and no more bottles in all than the reservation's
 * most. A list longer than that most is refused before its lines are read.
 */
export function reservationLinesProblem(lines: unknown, settings: ReservationSettings = DEFAULT_RESERVATION_SETTINGS): string | null {
  if (!Array.isArray(lines) || lines.length === 0) return PICKUP_MESSAGES.noLines;
  // Each line holds at least one bottle, so more lines than bottles allowed is too many.
  if (lines.length > settings.maxUnitsPerReservation) return PICKUP_MESSAGES.unitsMax(settings.maxUnitsPerReservation);
  const seen = new Set<string>();
  let units = 0;
  for (const line of lines as unknown[]) {
    const { itemId, quantity } = (line ?? {}) as Partial<Record<keyof RequestedLine, unknown>>;
    if (typeof itemId !== 'string' || !PLAUSIBLE_ID.test(itemId)) return PICKUP_MESSAGES.lineItem;
    if (seen.has(itemId)) return PICKUP_MESSAGES.lineTwice;
    seen.add(itemId);
    if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > settings.maxPerItem)
      return PICKUP_MESSAGES.lineQuantity(settings.maxPerItem);
    units += quantity as number;
  }
  return units > settings.maxUnitsPerReservation ? PICKUP_MESSAGES.unitsMax(settings.maxUnitsPerReservation) : null;
}

/**
 * Whether a line can be held from the shelf: an item whose stock is not counted (null) may be
 * reserved (the shop did not say it is out; decision 0273); a counted one needs the units.
 */
export function lineStockProblem(itemName: string, quantity: number, stock: number | null | undefined): string | null {
  if (stock === null || stock === undefined) return null;
  if (stock <= 0) return PICKUP_MESSAGES.outOfStock(itemName);
  return quantity > stock ? PICKUP_MESSAGES.onlyLeft(itemName, Math.floor(stock)) : null;
}

/** Whether a customer with `openCount` open (Requested or Ready) reservations may make another. */
export const openReservationsProblem = (openCount: number, settings: ReservationSettings = DEFAULT_RESERVATION_SETTINGS): string | null =>
  openCount >= settings.maxOpenReservations ? PICKUP_MESSAGES.openMax(settings.maxOpenReservations) : null;

// ---------------------------------------------------------------------------------------------
// Texts

const length = (text: string) => [...text].length;

/** The customer's note to the shop (optional): at most MAX_CUSTOMER_NOTE_LENGTH, line breaks allowed. */
export function customerNoteProblem(note: string | null | undefined): string | null {
  if (!note) return null;
  if (length(note) > MAX_CUSTOMER_NOTE_LENGTH) return PICKUP_MESSAGES.noteLength(MAX_CUSTOMER_NOTE_LENGTH);
  // Line breaks and tabs are a note's own; anything else NOT_ONE_LINE finds is not.
  return NOT_ONE_LINE.test(note.replace(/\r\n|[\n\t]/g, ' ')) ? PICKUP_MESSAGES.noteText : null;
}

/** A phone number to reach the customer (optional): one line of digits, spaces, + ( ) - . with 7 to 15 digits. */
export function phoneProblem(phone: string | null | undefined): string | null {
  if (!phone || !phone.trim()) return null;
  if (phone.length > MAX_PHONE_LENGTH || !/^[0-9 +().-]+$/.test(phone)) return PICKUP_MESSAGES.phone;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max ? null : PICKUP_MESSAGES.phone;
}

function oneLineProblem(text: string, max: number, tooLong: string): string | null {
  if (length(text) > max) return tooLong;
  return NOT_ONE_LINE.test(text) ? PICKUP_MESSAGES.oneLine : null;
}

/** Staff's note on a lowered line ("Only 2 on the shelf"): required, one line, at most MAX_STAFF_NOTE_LENGTH. */
export function staffNoteProblem(note: unknown): string | null {
  if (typeof note !== 'string' || !note.trim()) return PICKUP_MESSAGES.staffNoteRequired;
  return oneLineProblem(note, MAX_STAFF_NOTE_LENGTH, PICKUP_MESSAGES.staffNoteLength(MAX_STAFF_NOTE_LENGTH));
}

/** A cancellation's reason: required of staff, optional for a customer; one line, at most MAX_REASON_LENGTH. */
export function reasonProblem(reason: unknown, required: boolean): string | null {
  if (reason !== null && reason !== undefined && typeof reason !== 'string') return PICKUP_MESSAGES.oneLine;
  if (!reason || !reason.trim()) return required ? PICKUP_MESSAGES.reasonRequired : null;
  return oneLineProblem(reason, MAX_REASON_LENGTH, PICKUP_MESSAGES.reasonLength(MAX_REASON_LENGTH));
}

// ---------------------------------------------------------------------------------------------
// The reservation number (decision 0312)

/** 32 symbols: the digits and capital letters without 0, O, 1 and I, which are misread at a counter. */
export const RESERVATION_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const RESERVATION_NUMBER_LENGTH = 8;

/** A source of random bytes: crypto.randomBytes on the server, crypto.getRandomValues in a browser. */
export type RandomBytes = (count: number) => Uint8Array;

/**
 * A new reservation number: 8 symbols, 40 random bits (about 1.1 million million numbers), so one
 * cannot be guessed from another or counted through. Each byte's low 5 bits pick a symbol: 256 is
 * a multiple of 32, so every symbol is equally likely. The server still makes the record only if
 * the number is free, and tries a new one if not.
 */
export function newReservationNumber(randomBytes: RandomBytes): string {
  const bytes = randomBytes(RESERVATION_NUMBER_LENGTH);
  if (bytes.length < RESERVATION_NUMBER_LENGTH) throw new RangeError('newReservationNumber needs 8 random bytes');
  let number = '';
  for (let i = 0; i < RESERVATION_NUMBER_LENGTH; i++) number += RESERVATION_NUMBER_ALPHABET[bytes[i]! & 31];
  return number;
}

const NUMBER = new RegExp(`^[${RESERVATION_NUMBER_ALPHABET}]{${RESERVATION_NUMBER_LENGTH}}$`);

/** Whether `value` is a reservation number as stored: 8 symbols of the alphabet, no separator. */
export const isReservationNumber = (value: unknown): value is string => typeof value === 'string' && NUMBER.test(value);

/** "K7QF3M9X" as said and shown at the counter: "K7QF-3M9X". */
export const formatReservationNumber = (number: string): string => `${number.slice(0, 4)}-${number.slice(4)}`;

/** A number as typed ("k7qf 3m9x", "K7QF-3M9X") as stored ("K7QF3M9X"); null when it cannot be one. */
export function parseReservationNumber(text: string): string | null {
  if (typeof text !== 'string' || text.length > 20) return null;
  const number = text.replace(/[\s-]/g, '').toUpperCase();
  return isReservationNumber(number) ? number : null;
}

// ---------------------------------------------------------------------------------------------

/** What every reservation says (design §7: the sale is made at the counter, to a buyer 21+, never on credit). */
export const PAY_AT_PICKUP_TEXT =
  "Pay at pickup. Bring a photo ID: a driver's license, a non-driver ID, a passport or a US military ID. We check it at the counter.";
