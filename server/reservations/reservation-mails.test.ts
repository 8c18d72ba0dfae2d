/** The reservation e-mails' text (decision 0327): what each says, and that only the shop's carries what the customer typed. */
import { describe, expect, it } from 'vitest';
import { PAY_AT_PICKUP_TEXT } from '../../shared/reservation-limits';
import {
  backInStockMail,
  customerReservationMail,
  formatNewYorkInstant,
  shopReservationMail,
  type CustomerMailKind,
} from './reservation-mails';
import type { StoredReservation } from './reservation-types';
import { customerMailAddress } from '../../shared/account-rules';

/** A confirmed address, as the services take it from the account (decision 0369). */
const confirmed = (email: string) => customerMailAddress({ email, emailConfirmed: true })!;

const NOTE = 'Ring the bell twice http://evil.example/claim';
const reservation: StoredReservation = {
  id: 'r1',
  number: 'K7QF3M9X',
  userId: 'u1',
  status: 'Requested',
  slotStart: '2030-03-05T16:00:00.000Z',
  slotEnd: '2030-03-05T16:30:00.000Z',
  slotLabel: 'Tue, Mar 5, 11 AM - 11:30 AM',
  lines: [
    { itemId: 'a', name: 'Merlot', price: 12.5, quantity: 2, reservedQuantity: 2, note: null },
    { itemId: 'b', name: 'Rye', price: 30, quantity: 1, reservedQuantity: 1, note: null },
  ],
  note: NOTE,
  phone: '(845) 555-0142',
  expiresAt: '2030-03-07T02:00:00.000Z',
  reason: null,
  cancelledBy: null,
  createdAt: '2030-03-05T15:00:00.000Z',
  updatedAt: '2030-03-05T15:00:00.000Z',
};

describe('reservation e-mails', () => {
  it('formats an instant in New York time', () => {
    expect(formatNewYorkInstant('2030-03-07T02:00:00.000Z')).toBe('Wed, Mar 6, 9 PM');
    expect(formatNewYorkInstant('2030-07-01T13:30:00.000Z')).toBe('Mon, Jul 1, 9:30 AM');
  });

  it('tells the customer the number, slot, lines, total and the pay-at-pickup text on a request', () => {
    const mail = customerReservationMail('requested', reservation, confirmed('ann@example.com'));
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('Your reservation K7QF-3M9X at Patterson Wine & Liquor');
    expect(mail.text).toContain('Pickup: Tue, Mar 5, 11 AM - 11:30 AM');
    expect(mail.text).toContain('2 × Merlot   $25.00');
    expect(mail.text).toContain('1 × Rye   $30.00');
    expect(mail.text).toContain('Total: $55.00');
    expect(mail.text).toContain(PAY_AT_PICKUP_TEXT);
    expect(mail.text).toContain('Not picked up by Wed, Mar 6, 9 PM, the reservation expires.');
  });

  it("shows a line staff lowered, with staff's note, and the new total when ready", () => {
    const ready: StoredReservation = {
      ...reservation,
      status: 'Ready',
      lines: [
        { ...reservation.lines[0]!, quantity: 1, note: 'One bottle was broken' },
        { ...reservation.lines[1]!, quantity: 0, note: 'Sold out' },
      ],
    };
    const mail = customerReservationMail('ready', ready, confirmed('ann@example.com'));
    expect(mail.subject).toBe('Your reservation K7QF-3M9X is ready for pickup');
    expect(mail.text).toContain('1 × Merlot (you asked for 2)   $12.50\n    One bottle was broken');
    expect(mail.text).toContain('Rye: none for you this time. Sold out');
    expect(mail.text).toContain('Total: $12.50');
  });

  it("gives staff's reason when staff cancel, and says an expired reservation's bottles are back", () => {
    const cancelled = customerReservationMail(
      'cancelled',
      { ...reservation, status: 'Cancelled', reason: 'Shop closed for a flood' },
      confirmed('a@b.c'),
    );
    expect(cancelled.subject).toBe('Your reservation K7QF-3M9X is cancelled');
    expect(cancelled.text).toContain('Reason: Shop closed for a flood');
    const expired = customerReservationMail('expired', { ...reservation, status: 'Expired' }, confirmed('a@b.c'));
    expect(expired.subject).toBe('Your reservation K7QF-3M9X has expired');
    expect(expired.text).toContain('was not picked up in time');
  });

  it("never puts the customer's note or phone in the customer's mails (decision 0266)", () => {
    for (const kind of ['requested', 'ready', 'cancelled', 'expired'] as CustomerMailKind[]) {
      const { subject, text } = customerReservationMail(kind, { ...reservation, reason: 'Staff reason' }, confirmed('a@b.c'));
      expect(`${subject}\n${text}`).not.toContain('evil.example');
      expect(text).not.toContain('555-0142');
    }
  });

  it("gives the shop the customer's name, address, phone and note", () => {
    const mail = shopReservationMail(reservation, 'shop@example.com', { name: 'Ann Lee', email: 'ann@example.com' });
    expect(mail.to).toBe('shop@example.com');
    expect(mail.subject).toBe('New reservation K7QF-3M9X for Tue, Mar 5, 11 AM - 11:30 AM');
    expect(mail.text).toContain('Customer: Ann Lee <ann@example.com>');
    expect(mail.text).toContain('Phone: (845) 555-0142');
    expect(mail.text).toContain(`Note: ${NOTE}`);
    expect(mail.text).toContain('Total: $55.00');
    expect(shopReservationMail({ ...reservation, note: null, phone: null }, 's@x.y', { name: 'A', email: 'a@b.c' }).text).toContain(
      'Phone: not given\nNote: none',
    );
  });

  it('tells an asker once that an item is back, with a link on the site when its origin is known', () => {
    const mail = backInStockMail({ id: 'item-1', name: 'Barolo 2019' }, confirmed('ann@example.com'), 'https://shop.example');
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Back in stock: Barolo 2019' });
    expect(mail.text).toContain('https://shop.example/item/item-1');
    expect(mail.text).toContain('We tell you once');
    expect(backInStockMail({ id: 'item-1', name: 'Barolo 2019' }, confirmed('a@b.c'), null).text).not.toContain('/item/');
    // Three sizes may share a name: the mail says which came back.
    const sized = backInStockMail({ id: 'item-2', name: 'Clear Lake Vodka', sizeMl: 1750 }, confirmed('a@b.c'), null);
    expect(sized.subject).toBe('Back in stock: Clear Lake Vodka, 1.75 L');
    expect(sized.text).toContain('Clear Lake Vodka, 1.75 L is back in stock');
  });
});
