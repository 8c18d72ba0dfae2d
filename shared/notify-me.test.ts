import { describe, expect, it } from 'vitest';
import { isBackInStock, notifyRequestProblem, NOTIFY_MESSAGES, offersNotifyMe } from './notify-me';

describe('notify me when it is back (decision 0328)', () => {
  it('may be asked only about a counted item at 0', () => {
    expect(notifyRequestProblem(0)).toBeNull();
    expect(notifyRequestProblem(3)).toBe(NOTIFY_MESSAGES.inStock);
    expect(notifyRequestProblem(null)).toBe(NOTIFY_MESSAGES.notCounted);
    expect(notifyRequestProblem(undefined)).toBe(NOTIFY_MESSAGES.notCounted);
    expect([0, 1, null, undefined].map(offersNotifyMe)).toEqual([true, false, false, false]);
  });

  it('is answered when the counted stock is above 0 again, not when it stops being counted', () => {
    expect([1, 40, 0, null, undefined].map(isBackInStock)).toEqual([true, true, false, false, false]);
  });

  it('says how many requests one may have', () => {
    expect(NOTIFY_MESSAGES.tooMany(50)).toBe('You are waiting for 50 items already. Cancel one to ask about another.');
  });
});
