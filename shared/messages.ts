/** User-facing messages of product §8 that both the browser and the server produce. */
export const MESSAGES = {
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'Passwords do not match',
  userNotFound: 'User not found',
  incorrectPassword: 'Incorrect password',
  missingRequiredFields: 'Missing required fields',
  invalidEmail: 'Please enter a valid email address',
  duplicateEmail: 'An account with this email already exists',
  /** Names are one short line without links (shared/validation/name.ts). */
  nameTooLong: 'First and last names must be at most 60 characters each',
  nameNotOneLine: 'Names must be one line, without line breaks or control characters',
  nameHasLink: 'Names cannot contain links or web addresses',
  genericError: 'Error',
  /** An item without a department tag (product §5), from the Item Editor and from the server. */
  requiredTags: 'Please select required tag(s)',
  /** "Forgot password?": the one answer, whether or not an account has the address (decision 0258). */
  resetRequested:
    'If an account has this email address, a link to set a new password is on its way; it works for 30 minutes. No email? Ask the shop for a link.',
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one.',
  passwordChanged: 'Your new password is set. Log in with it.',
} as const;

/**
 * "Reserve for pickup" (product §11): the refusals of its rules (shared/pickup-slots.ts,
 * shared/reservation-status.ts, shared/reservation-limits.ts), which the browser shows and both
 * backends send. Apart from MESSAGES so that the storefront's first script, which imports
 * MESSAGES, carries none of them. The limits are Shop settings, so those texts take them.
 */
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
} as const;

/**
 * Why a customer cannot reserve (or ask to be told of a restock) yet: the address is not confirmed
 * (shared/account-rules.ts, decision 0303).
 */
export const confirmEmailFirstMessage = (email: string) =>
  `Confirm your email address first: we sent a link to ${email}. No email? Send the link again from your account page.`;
