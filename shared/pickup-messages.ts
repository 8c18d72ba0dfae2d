/**
 * "Reserve for pickup" (product §11): the refusals of its rules (shared/pickup-slots.ts,
 * shared/reservation-status.ts, shared/reservation-limits.ts), which the browser shows and both
 * backends send. In a module of their own (shared/messages.ts re-exports them) so that the
 * storefront's first script, which holds shared/messages.ts, carries none of them: a bundler puts
 * all of a module's used exports in the one chunk holding it, and the pickup chunks use these. The limits are Shop settings, so those texts take them.
 */
const heldText = (held: number) => (held === 0 ? 'You hold none yet.' : `You already hold ${held} in open reservations.`);

export const PICKUP_MESSAGES = {
  /** Whether reserving is open at all (reservingStatus). */
  noHours: 'Reserving for pickup opens once the shop has set its opening hours. Please call the shop.',
  noSlots: (days: number) => `There is no pickup time in the next ${days} days. Please call the shop.`,
  slotUnavailable: 'This pickup time is no longer available. Please choose another.',
  /** The customer's list (reservation-limits.ts). */
  noLines: 'Add at least one bottle to reserve',
  lineItem: 'A line of the reservation names no item',
  lineTwice: 'An item is listed twice; change its quantity instead',
  lineQuantity: (max: number) => `Reserve from 1 to ${max} of each item`,
  unitsMax: (max: number) => `At most ${max} bottles in one reservation`,
  openMax: (max: number) =>
    `You already have ${max} open reservations, the most at one time. Pick one up or cancel one before reserving again.`,
  outOfStock: (name: string) => `${name} is out of stock`,
  onlyLeft: (name: string, units: number) => `Only ${units} of ${name} left`,
  /** One customer's caps on an item (customer-limits.ts, decisions 0371 and 0374); `held` is what their open reservations hold. */
  limitPerCustomer: (name: string, limit: number, held: number) => `${name} is limited to ${limit} per customer. ${heldText(held)}`,
  shareCap: (name: string, most: number, held: number) =>
    `One customer may reserve at most ${most} of ${name}, a fair share of the shelf. ${heldText(held)}`,
  itemLimit: (max: number) => `The limit per customer must be a whole number from 1 to ${max}, or empty for no limit`,
  noteLength: (max: number) => `The note is at most ${max.toLocaleString('en-US')} characters`,
  noteText: 'The note cannot contain control characters',
  phone: 'Please enter a phone number, such as (845) 555-0142',
  staffNoteRequired: 'Say why the quantity was lowered',
  staffNoteLength: (max: number) => `A staff note is at most ${max} characters`,
  reasonRequired: 'Give a reason for cancelling the reservation',
  reasonLength: (max: number) => `The reason is at most ${max} characters`,
  oneLine: 'Write it on one line, without control characters',
  reservationNumber: 'A reservation number is 8 letters and digits, such as K7QF-3M9X',
  /** Its settings (Shop settings). */
  setting: (name: string, min: number, max: number) => `${name} must be a whole number from ${min} to ${max}`,
  /** The status machine (reservation-status.ts). */
  staffOnlyReady: "Only the shop's staff can mark a reservation ready",
  staffOnlyPickUp: "Only the shop's staff can hand over a reservation",
  systemOnlyExpire: "Only the shop's scheduled check can expire a reservation",
  systemCannotCancel: 'The scheduled check expires reservations; it does not cancel them',
  unknownAction: 'Unknown reservation action',
  notYours: 'Only the customer who made a reservation, or the shop, can cancel it',
  alreadyReady: 'This reservation is already ready for pickup',
  alreadyPickedUp: 'This reservation was already picked up',
  alreadyCancelled: 'This reservation was already cancelled',
  alreadyExpired: 'This reservation has expired',
  notReadyYet: 'Mark the reservation ready (its bottles picked from the shelves) before handing it over',
  idNotChecked: 'Confirm "Photo ID checked, 21+" before handing over the reservation',
  notExpiredYet: 'This reservation has not expired yet',
  lowerUnknownLine: 'A lowered line is not on this reservation',
  lowerTwice: 'A line is lowered twice',
  lowerNotLower: 'A line can only be lowered: to a whole number from 0 to one less than reserved',
  lowerAllZero: 'Every line would be 0: cancel the reservation instead, with a reason',
  /** A customer's change of their reservation (decision 0372). */
  changeNoLines: 'A reservation keeps at least one bottle. To give up all of them, use Cancel reservation instead.',
  changeNotRequested: 'This reservation is being prepared and can no longer be changed. Please call the shop.',
} as const;
