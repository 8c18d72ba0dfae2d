/**
 * The age gate's memory (product §3, §4): `ageVerified` in localStorage, "true" once a visitor has
 * confirmed being 21 or older. Storage can be unavailable (private modes, blocked cookies): then
 * the gate simply asks again on the next visit.
 */
export const AGE_VERIFIED_KEY = 'ageVerified';

export function isAgeVerified(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(AGE_VERIFIED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function rememberAgeVerified(storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(AGE_VERIFIED_KEY, 'true');
  } catch {
    // Not remembered; the visitor is let in for this visit all the same.
  }
}
