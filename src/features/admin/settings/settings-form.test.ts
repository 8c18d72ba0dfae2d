import { PICKUP_MESSAGES } from '../../../../shared/pickup-messages';
import { FEED_MESSAGES } from '../../../../shared/google-feeds';
import { describe, expect, it } from 'vitest';
import { HOURS_MESSAGES } from '../../../../shared/shop-hours-rules';
import { PRICE_BOUNDARY_MESSAGES } from '../../../../shared/price-ranges';
import { TILL_FEED_MESSAGES } from '../../../../shared/till-feed';
import { DEFAULT_TASTING_RULES, MAX_TASTING_RULES_LENGTH, TASTING_RULES_MESSAGES } from '../../../../shared/tasting-rules';
import { formOf, inputOf, parsePriceBoundaries, PRICE_BOUNDARIES_FORMAT, problemsOf, SPECIAL_DATE_REQUIRED } from './settings-form';

const FALLBACK = { name: 'Shop', address: '1 Main St', phone: '(845) 555-0100', email: 'a@example.com' };
const RECORD = {
  id: 'shop',
  name: 'Patterson',
  phone: null,
  mapUrl: null,
  weeklyHours: ['12:00-18:00', '09:00-21:00', '09:00-21:00', 'closed', '09:00-21:00', '08:00-00:00', '09:00-21:00'],
  specialDates: ['2026-12-25 closed Christmas Day', '2026-11-26 closed Thanksgiving'],
};

describe('the Shop settings form', () => {
  it('reads the record, falls back to the code values, and saves what it read unchanged', () => {
    const form = formOf(RECORD, FALLBACK);
    expect(form.name).toBe('Patterson');
    expect(form.phone).toBe('(845) 555-0100');
    expect(form.week[3]).toEqual({ closed: true, open: '09:00', close: '21:00' });
    expect(form.specials.map((special) => special.date)).toEqual(['2026-11-26', '2026-12-25']);
    expect(problemsOf(form).first).toBeUndefined();
    const input = inputOf(form);
    expect(input.weeklyHours).toEqual(RECORD.weeklyHours);
    expect(input.specialDates).toEqual(['2026-11-26 closed Thanksgiving', '2026-12-25 closed Christmas Day']);
  });

  it('starts a shop with no record from the code values and no hours refused', () => {
    const form = formOf(null, FALLBACK);
    expect(form.address).toBe('1 Main St');
    expect(problemsOf(form).first).toBeUndefined();
  });

  it('names each day, special date and link that cannot be saved, Monday first', () => {
    const form = formOf(RECORD, FALLBACK);
    form.week[0] = { closed: false, open: '09:00', close: '18:00' };
    form.week[5] = { closed: false, open: '07:00', close: '21:00' };
    form.specials.push({ key: 999, date: '', label: '', closed: true, open: '', close: '' });
    form.mapUrl = 'javascript:alert(1)';
    const problems = problemsOf(form);
    expect(problems.days).toEqual({ 0: HOURS_MESSAGES.sundayLaw('Sunday'), 5: HOURS_MESSAGES.weekdayLaw('Friday') });
    expect(problems.specials[999]).toBe(SPECIAL_DATE_REQUIRED);
    expect(problems.mapUrl).toBe(HOURS_MESSAGES.mapUrl);
    expect(problems.first).toBe(HOURS_MESSAGES.weekdayLaw('Friday'));
  });

  it("shows the menu's price boundaries, the default when none are stored, and saves them as numbers (decision 0280)", () => {
    expect(formOf(RECORD, FALLBACK).priceBoundaries).toBe('20, 40');
    expect(inputOf(formOf(RECORD, FALLBACK)).priceBoundaries).toEqual([20, 40]);
    const form = formOf({ ...RECORD, priceBoundaries: [15, 30, 60] }, FALLBACK);
    expect(form.priceBoundaries).toBe('15, 30, 60');
    form.priceBoundaries = ' $25,50  100 ';
    expect(problemsOf(form).first).toBeUndefined();
    expect(inputOf(form).priceBoundaries).toEqual([25, 50, 100]);
    form.priceBoundaries = '';
    expect(problemsOf(form).first).toBeUndefined();
    expect(inputOf(form).priceBoundaries).toEqual([]);
  });

  it('says what is wrong with price boundaries, in words', () => {
    const form = formOf(RECORD, FALLBACK);
    const problem = (text: string) => {
      form.priceBoundaries = text;
      return problemsOf(form).priceBoundaries;
    };
    expect(problem('40, 20')).toBe(PRICE_BOUNDARY_MESSAGES.ascending);
    expect(problem('0, 20')).toBe(PRICE_BOUNDARY_MESSAGES.whole);
    expect(problem('19.99')).toBe(PRICE_BOUNDARIES_FORMAT);
    expect(problem('twenty')).toBe(PRICE_BOUNDARIES_FORMAT);
    expect(problem('-5')).toBe(PRICE_BOUNDARIES_FORMAT);
    expect(problem('1,2,3,4,5,6,7')).toBe(PRICE_BOUNDARY_MESSAGES.count);
    expect(problemsOf(form).first).toBe(PRICE_BOUNDARY_MESSAGES.count);
    expect(parsePriceBoundaries('20 40')).toEqual([20, 40]);
  });

  it('shows the tasting rules, the shipped default when none are stored, and stores null for the default (decision 0350)', () => {
    const form = formOf(RECORD, FALLBACK);
    expect(form.tastingRules).toBe(DEFAULT_TASTING_RULES);
    expect(inputOf(form).tastingRules).toBeNull();
    form.tastingRules = ' Two samples tonight. ';
    expect(inputOf(form).tastingRules).toBe('Two samples tonight.');
    form.tastingRules = 'x'.repeat(MAX_TASTING_RULES_LENGTH + 1);
    expect(problemsOf(form).tastingRules).toBe(TASTING_RULES_MESSAGES.length);
    expect(formOf({ ...RECORD, tastingRules: 'Owner text' }, FALLBACK).tastingRules).toBe('Owner text');
  });

  it("edits the till feed's warning hours as typed: shown 26 when unset, saved as a number, a problem when not whole hours in range (decision 0377)", () => {
    const form = formOf(RECORD, FALLBACK);
    expect(form.tillFeedWarnHours).toBe('26');
    form.tillFeedWarnHours = ' 48 ';
    expect(inputOf(form).tillFeedWarnHours).toBe(48);
    expect(problemsOf(form).tillFeedWarnHours).toBeUndefined();
    for (const typed of ['', 'two', '1.5', '999']) {
      form.tillFeedWarnHours = typed;
      expect(problemsOf(form).tillFeedWarnHours).toBe(TILL_FEED_MESSAGES.warnHours);
    }
    expect(formOf({ ...RECORD, tillFeedWarnHours: 0 }, FALLBACK).tillFeedWarnHours).toBe('0');
  });

  it("edits Google's store code: empty when unset and saved as null, trimmed, a problem when a space or tab could break the feed (decision 0379)", () => {
    const form = formOf(RECORD, FALLBACK);
    expect(form.googleStoreCode).toBe('');
    expect(inputOf(form).googleStoreCode).toBeNull();
    form.googleStoreCode = ' PATTERSON-1 ';
    expect(inputOf(form).googleStoreCode).toBe('PATTERSON-1');
    expect(problemsOf(form).googleStoreCode).toBeUndefined();
    form.googleStoreCode = 'two words';
    expect(problemsOf(form).googleStoreCode).toBe(FEED_MESSAGES.storeCode);
    expect(formOf({ ...RECORD, googleStoreCode: 'S1' }, FALLBACK).googleStoreCode).toBe('S1');
  });
});

describe("one customer's share of a shelf (decision 0374)", () => {
  it('shows the default 50%, saves what is typed, and refuses 0, over 100, fractions and text', () => {
    const form = formOf(null, FALLBACK);
    expect(form.reservationShareCap).toBe('50');
    expect(formOf({ id: 'shop', reservationShareCap: 30 }, FALLBACK).reservationShareCap).toBe('30');
    expect(inputOf({ ...form, reservationShareCap: ' 30% ' }).reservationShareCap).toBe(30);
    expect(problemsOf({ ...form, reservationShareCap: '100' }).first).toBeUndefined();
    for (const bad of ['0', '101', '12.5', 'half', ''])
      expect(problemsOf({ ...form, reservationShareCap: bad }).reservationShareCap).toBe(
        PICKUP_MESSAGES.setting("One customer's share of an item's shelf (%)", 1, 100),
      );
  });
});
