/**
 * The reservation e-mails (product §11, decision 0327), built here for both backends: the
 * customer's on a request, on Ready, on a cancelling by staff and on expiry, and the shop's on a
 * new request and on the customer's change of one (decision 0372). Plain text, as the account mails are (server/accounts/account-service.ts).
 *
 * Decision 0266: a customer's mail carries no text a stranger wrote. The customer's name, note and
 * phone are theirs, and an address nobody confirmed could have put them there, so they go only to
 * the shop's own mailbox. Item names, staff's line notes and staff's reason are the shop's text.
 */
import { formatReservationNumber, PAY_AT_PICKUP_TEXT } from '../../shared/reservation-limits';
import { formatShortDate, formatTime, newYorkTime } from '../../shared/shop-hours';
import { itemPath } from '../../shared/spa-routes';
import type { MailMessage } from '../accounts/mailer';
import type { ConfirmedAddress } from '../../shared/account-rules';
import type { StoredLine, StoredReservation } from './reservation-types';
import { nameWithSize } from '../../shared/bottle-size';

const SHOP = 'Patterson Wine & Liquor';

/** The mails a customer gets: one per change they did not make themselves, and the request's. */
export type CustomerMailKind = 'requested' | 'ready' | 'cancelled' | 'expired';

const dollars = (value: number) => `$${value.toFixed(2)}`;
const totalOf = (lines: readonly StoredLine[]) =>
  Math.round(lines.reduce((sum, line) => sum + (line.price ?? 0) * line.quantity, 0) * 100) / 100;

/** "Wed, Mar 6, 9 PM" in New York: when an unclaimed reservation expires. */
export function formatNewYorkInstant(iso: string): string {
  const { date, minutes } = newYorkTime(new Date(iso));
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${formatShortDate(date)}, ${formatTime(clock)}`;
}

/** "2 × Merlot (750 ml)   $20.00" per line still held, then the total; a lowered line says so, with staff's note. */
function linesText(reservation: StoredReservation): string[] {
  const held = reservation.lines.filter((line) => line.quantity > 0);
  const out = held.map((line) => {
    const price = line.price === null ? '' : `   ${dollars(line.price * line.quantity)}`;
    const lowered = line.quantity < line.reservedQuantity ? ` (you asked for ${line.reservedQuantity})` : '';
    return `  ${line.quantity} × ${line.name}${lowered}${price}${line.note && lowered ? `\n    ${line.note}` : ''}`;
  });
  for (const line of reservation.lines.filter((line) => line.quantity === 0))
    out.push(`  ${line.name}: none for you this time${line.note ? `. ${line.note}` : ''}`);
  out.push(`  Total: ${dollars(totalOf(reservation.lines))}`);
  return out;
}

const numberOf = (reservation: StoredReservation) => formatReservationNumber(reservation.number);

/** A mail about bottles still held (a request, Ready): the opening, then what, when and how to pay. */
function heldText(reservation: StoredReservation, opening: string): string[] {
  return [
    opening,
    '',
    `Pickup: ${reservation.slotLabel}`,
    ...linesText(reservation),
    '',
    PAY_AT_PICKUP_TEXT,
    `Not picked up by ${formatNewYorkInstant(reservation.expiresAt)}, the reservation expires.`,
  ];
}

/** A mail about a reservation that ended without a pickup (cancelled by staff, expired). */
const endedText = (...what: string[]): string[] => [
  ...what,
  '',
  'Nothing was charged: you pay only at pickup. You are welcome to reserve again.',
];

/** The customer's mail of `kind` for `reservation`, to the account's confirmed address `to` (decision 0369). */
export function customerReservationMail(kind: CustomerMailKind, reservation: StoredReservation, to: ConfirmedAddress): MailMessage {
  const number = numberOf(reservation);
  const [subject, body] = ((): [string, string[]] => {
    switch (kind) {
      case 'requested':
        return [
          `Your reservation ${number} at ${SHOP}`,
          heldText(reservation, `We have your reservation ${number}. We will e-mail you when your bottles are ready.`),
        ];
      case 'ready':
        return [
          `Your reservation ${number} is ready for pickup`,
          heldText(reservation, `Your reservation ${number} is ready. Please come at your pickup time.`),
        ];
      case 'cancelled':
        return [
          `Your reservation ${number} is cancelled`,
          endedText(
            `We are sorry: the shop cancelled your reservation ${number} (${reservation.slotLabel}).`,
            `Reason: ${reservation.reason ?? ''}`,
          ),
        ];
      case 'expired':
        return [
          `Your reservation ${number} has expired`,
          endedText(
            `Your reservation ${number} (${reservation.slotLabel}) was not picked up in time, so it has expired and its bottles are back on the shelf.`,
          ),
        ];
    }
  })();
  return { to, subject, text: ['Hello,', '', ...body, '', SHOP].join('\n') };
}

/**
 * The shop's mail about a new request, to its own mailbox: the only mail that carries what the
 * customer typed (name, note, phone), since the shop needs it to prepare the order.
 */
export function shopReservationMail(reservation: StoredReservation, to: string, customer: { name: string; email: string }): MailMessage {
  const number = numberOf(reservation);
  return {
    to,
    subject: `New reservation ${number} for ${reservation.slotLabel}`,
    text: [
      `New reservation ${number}.`,
      '',
      `Pickup: ${reservation.slotLabel}`,
      ...linesText(reservation),
      '',
      `Customer: ${customer.name} <${customer.email}>`,
      `Phone: ${reservation.phone ?? 'not given'}`,
      `Note: ${reservation.note ?? 'none'}`,
      '',
      'Staff see it in the admin portal, with its number.',
    ].join('\n'),
  };
}

/**
 * The shop's mail about a customer's change of their reservation (decision 0372): the slot and the
 * lines before and after, so staff preparing it see what changed; to the shop's own mailbox, with
 * the customer's name and address as the new request's mail has them.
 */
export function shopChangedMail(
  before: StoredReservation,
  after: StoredReservation,
  to: string,
  customer: { name: string; email: string },
): MailMessage {
  const number = numberOf(after);
  const slot =
    before.slotLabel === after.slotLabel
      ? [`Pickup: ${after.slotLabel} (unchanged)`]
      : [`Pickup: ${after.slotLabel}`, `  was ${before.slotLabel}`];
  return {
    to,
    subject: `Reservation ${number} changed`,
    text: [
      `The customer changed reservation ${number}. It is still Requested.`,
      '',
      ...slot,
      '',
      'Now:',
      ...linesText(after),
      '',
      'Before:',
      ...linesText(before),
      '',
      `Customer: ${customer.name} <${customer.email}>`,
      '',
      'Staff see it in the admin portal, with its number.',
    ].join('\n'),
  };
}

/**
 * "Notify me when it's back" answered (decision 0328): one mail per request, which is then gone.
 * The item's name is the shop's text; the link's origin is the site's own (never a request's).
 */
export function backInStockMail(
  item: { id: string; name: string; sizeMl?: number | null; packCount?: number | null },
  to: ConfirmedAddress,
  siteOrigin: string | null,
): MailMessage {
  const named = nameWithSize(item);
  return {
    to,
    subject: `Back in stock: ${named}`,
    text: [
      'Hello,',
      '',
      `${named} is back in stock at ${SHOP}, as you asked us to tell you.`,
      ...(siteOrigin ? ['', `${siteOrigin}${itemPath(item.id)}`] : []),
      '',
      'We tell you once: ask again on the item page if it sells out before you come.',
      '',
      SHOP,
    ].join('\n'),
  };
}
