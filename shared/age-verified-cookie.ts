/**
 * The age gate's memory as the server sees it (decision 0388). The browser keeps `ageVerified` in
 * localStorage (product §3) and, beside it, this cookie, which the server reads to leave the
 * gate out of a page it renders for a visitor who has confirmed: drawn and then removed, it would
 * flash on every visit. Not a check: the gate is a courtesy the visitor answers, never a lock.
 */
export const AGE_VERIFIED_COOKIE = 'ageVerified';

/** As long as browsers keep a cookie (400 days, RFC 6265bis); the app writes it again on every visit. */
export const AGE_VERIFIED_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

const SAYS_VERIFIED = new RegExp(`(?:^|;)\\s*${AGE_VERIFIED_COOKIE}=true\\s*(?:;|$)`);

/** Whether a Cookie header (or document.cookie) holds the confirmation. */
export const cookieSaysAgeVerified = (cookies: string | undefined): boolean => cookies !== undefined && SAYS_VERIFIED.test(cookies);
