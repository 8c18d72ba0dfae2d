/**
 * Which open reservations staff see beside one (decision 0378): the others that share a phone
 * number (its digits, phoneDigits) or whose accounts signed up from the same address, so one
 * person holding the shelf under several accounts shows. Pure; the server reads the facts.
 */
import { phoneDigits } from './validation/phone';

/** What is compared of a reservation: its id, the phones it names (its own, its account's) and its account's sign-up address. */
export interface RelatedFacts {
  id: string;
  phones: ReadonlyArray<string | null | undefined>;
  /** The address key the account signed up from (server/accounts/throttle.ts addressKey); null when not known. */
  signUpAddress: string | null | undefined;
}

export interface RelatedMatch {
  samePhone: boolean;
  sameSignUpAddress: boolean;
}

const digitsOf = (facts: RelatedFacts) => new Set(facts.phones.map(phoneDigits).filter((digits): digits is string => digits !== null));

/** How `other` is related to `of`; null when it is the same reservation or shares nothing. */
export function relatedMatch(of: RelatedFacts, other: RelatedFacts): RelatedMatch | null {
  if (of.id === other.id) return null;
  const mine = digitsOf(of);
  const samePhone = [...digitsOf(other)].some((digits) => mine.has(digits));
  const sameSignUpAddress = Boolean(of.signUpAddress) && of.signUpAddress === other.signUpAddress;
  return samePhone || sameSignUpAddress ? { samePhone, sameSignUpAddress } : null;
}
