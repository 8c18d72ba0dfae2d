/**
 * How wrong passwords from many addresses slow one account's sign-ins (decision 0370), the rule
 * both backends apply (server/accounts/account-service.ts runs on SQLite and in the accounts
 * Lambda; the counts live in memory or DynamoDB). Guessing slows, and never locks the owner out:
 * - addresses the account signed in, signed up, confirmed its e-mail or reset its password from in
 *   the last KNOWN_ADDRESS_DAYS are not held back at all;
 * - from any other address, FREE_FAILURES wrong passwords together are checked as they come; then
 *   the account takes one try every SLOW_WINDOW_MS. A try inside the window, right or wrong, is
 *   answered "try again in N seconds" without its password being checked; the right password
 *   after the window signs in.
 */
export const SIGN_IN_SLOWDOWN = {
  freeFailures: 10,
  slowWindowMs: 5_000,
  /** An hour without a wrong password forgets the episode. */
  forgetAfterMs: 60 * 60_000,
} as const;

/** How long an address the account used stays known. */
export const KNOWN_ADDRESS_DAYS = 30;
