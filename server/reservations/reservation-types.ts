/**
 * A reservation as both stores keep it (SQLite and DynamoDB): the types the service and its mails
 * share, apart from both so neither imports the other for them.
 */
import type { ReservationStatus } from '../../shared/reservation-status';

/** A line as stored on a reservation: the item and price as shown when reserving. */
export interface StoredLine {
  itemId: string;
  /** The item's name with its size when reserved (nameWithSize). */
  name: string;
  /** The item's UPC when reserved, for the pick list; null without one (and on lines stored before it was kept). */
  upc?: string | null;
  price: number | null;
  /** Units held now. */
  quantity: number;
  reservedQuantity: number;
  note: string | null;
}

export interface StoredReservation {
  id: string;
  number: string;
  userId: string;
  status: ReservationStatus;
  slotStart: string;
  slotEnd: string;
  slotLabel: string;
  lines: StoredLine[];
  note: string | null;
  phone: string | null;
  expiresAt: string;
  reason: string | null;
  cancelledBy: 'customer' | 'staff' | 'shop' | null;
  createdAt: string;
  updatedAt: string;
}
