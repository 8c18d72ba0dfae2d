import { describe, expect, it } from 'vitest';
import { relatedMatch, type RelatedFacts } from './related-reservations';
import { phoneDigits } from './validation/phone';

const facts = (id: string, phones: Array<string | null>, signUpAddress: string | null = null): RelatedFacts => ({
  id,
  phones,
  signUpAddress,
});

describe('phone digits (decision 0378)', () => {
  it('is one number however it is typed, a US country code dropped', () => {
    for (const typed of ['(845) 555-0123', '845.555.0123', '+1 845 555 0123', '1-845-555-0123', '8455550123'])
      expect(phoneDigits(typed), typed).toBe('8455550123');
    expect(phoneDigits('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneDigits('555')).toBeNull();
    expect(phoneDigits('')).toBeNull();
    expect(phoneDigits(null)).toBeNull();
  });
});

describe('related reservations (decision 0378)', () => {
  const mine = facts('a', ['(845) 555-0123', null], '203.0.113.9');

  it('shares a phone, the reservation’s or the account’s, by its digits', () => {
    expect(relatedMatch(mine, facts('b', [null, '+1 845 555 0123']))).toEqual({ samePhone: true, sameSignUpAddress: false });
    expect(relatedMatch(mine, facts('b', ['845-555-0124']))).toBeNull();
  });

  it('shares the address the accounts signed up from', () => {
    expect(relatedMatch(mine, facts('b', [], '203.0.113.9'))).toEqual({ samePhone: false, sameSignUpAddress: true });
    expect(relatedMatch(mine, facts('b', ['845 555 0123'], '203.0.113.9'))).toEqual({ samePhone: true, sameSignUpAddress: true });
    expect(relatedMatch(mine, facts('b', [], '203.0.113.10'))).toBeNull();
  });

  it('never relates by what is not known, nor a reservation to itself', () => {
    const unknown = facts('a', [null, ''], null);
    expect(relatedMatch(unknown, facts('b', [null], null))).toBeNull();
    expect(relatedMatch(unknown, facts('b', ['12'], ''))).toBeNull();
    expect(relatedMatch(mine, { ...mine })).toBeNull();
  });
});
