import { describe, expect, it } from 'vitest';
import { HOURS_MESSAGES } from '../../../../shared/shop-hours-rules';
import { formOf, inputOf, problemsOf, SPECIAL_DATE_REQUIRED } from './settings-form';

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
});
