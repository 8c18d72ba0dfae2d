/**
 * The age gate's memory (product §3, §4): `ageVerified` in localStorage, "true" once a visitor has
 * confirmed being 21 or older, and the same in a cookie the server reads when it renders a page
 * (shared/age-verified-cookie.ts). Storage can be unavailable (private modes, blocked cookies):
 * then the gate simply asks again on the next visit.
 */
import { AGE_VERIFIED_COOKIE, AGE_VERIFIED_COOKIE_MAX_AGE_S, cookieSaysAgeVerified } from '../../shared/age-verified-cookie';

export const AGE_VERIFIED_KEY = 'ageVerified';

/** Where the cookie is kept: `document` in the browser. */
type CookieJar = { cookie: string; location?: Pick<Location, 'protocol'> };

export function isAgeVerified(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(AGE_VERIFIED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function rememberAgeVerified(
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
  jar: CookieJar | undefined = globalThis.document,
): void {
  try {
    storage?.setItem(AGE_VERIFIED_KEY, 'true');
  } catch {
    // Not remembered; the visitor is let in for this visit all the same.
  }
  writeCookie(jar);
}

/**
 * Gives a visitor who confirmed before the cookie existed (or whose cookie expired) the cookie
 * again, so the server leaves the gate out of their next page. Run as the app starts.
 */
export function keepAgeVerifiedCookie(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  jar: CookieJar | undefined = globalThis.document,
): void {
  if (isAgeVerified(storage) && jar && !cookieSaysAgeVerified(jar.cookie)) writeCookie(jar);
}

function writeCookie(jar: CookieJar | undefined): void {
  if (!jar) return;
  const secure = jar.location?.protocol === 'https:' ? '; Secure' : '';
  try {
    jar.cookie = `${AGE_VERIFIED_COOKIE}=true; Max-Age=${AGE_VERIFIED_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies blocked: the server draws the gate, which the app takes away at once for this visitor.
  }
}
