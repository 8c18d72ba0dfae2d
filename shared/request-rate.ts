import { ERROR_TYPES } from './error-types';

/**
 * The requests one client address may send, the same rule on both backends: the local server's
 * token bucket (`RateLimiter`, server/accounts/throttle.ts; README RATE_LIMIT_*) and, on AWS, the API's firewall rule
 * (decision 0382), which counts requests over a window instead of refilling a bucket.
 */

/** `burst` requests at once, then one every `intervalMs`. */
export interface RequestRate {
  burst: number;
  intervalMs: number;
}

/** The shop's own default: 500 requests at once, then 50 a second, per address. */
export const DEFAULT_RATE_LIMIT: Readonly<RequestRate> = Object.freeze({ burst: 500, intervalMs: 20 });

/** The firewall's window: AWS WAF counts a rate-based rule over 60 to 600 seconds. */
export const FIREWALL_WINDOW_SECONDS = 60;

/** What a bucket lets one address send at most over a window: the burst, and the refill over it. */
export function requestsPerWindow(rate: RequestRate, windowSeconds: number): number {
  return rate.burst + Math.floor((windowSeconds * 1000) / rate.intervalMs);
}

/**
 * The AWS firewall's refusal (decision 0382), in the GraphQL error shape the SPA reads
 * (`retryAfterMs`, src/lib/retry-refused.ts) and with the top-level `message` the Amplify client
 * takes for the error it throws on a status other than 200.
 */
export function firewallRefusal(retryAfterSeconds: number) {
  const message = `Too many requests from this address. Try again in ${retryAfterSeconds} seconds.`;
  return { message, errors: [{ errorType: ERROR_TYPES.tooManyRequests, message, errorInfo: { retryAfterSeconds } }] };
}
