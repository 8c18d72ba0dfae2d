/** The shop the reservation benchmark runs against (bench/reservations.ts, its target in api-target.ts). */

/** Customers reserving at once (the figure product §11 asks the bench for). */
export const RESERVING_AT_ONCE = 20;
/** Each reserving client takes turns among its own customers, so no one meets the reserve rate (5 at once). */
export const CUSTOMERS_PER_CLIENT = 4;
export const RESERVATION_CUSTOMERS = RESERVING_AT_ONCE * CUSTOMERS_PER_CLIENT;
/** Items with plenty on the shelf, reserved two lines at a time. */
export const RESERVATION_ITEMS = 40;
