import { describe, expect, it } from 'vitest';
import { normalizePhone, PHONE_MESSAGE, phoneProblem } from './phone';

describe('phone numbers of an account', () => {
  it('takes what people type for US and international numbers, and none', () => {
    for (const phone of ['(845) 555-0123', '845.555.0123', '+1 845 555 0123', '+44 20 7946 0958', '5550123', '', '   ', null, undefined]) {
      expect(phoneProblem(phone), String(phone)).toBeNull();
    }
  });

  it('refuses letters, too few or too many digits, and anything long', () => {
    for (const phone of [
      'call me',
      '555-012',
      '1234567890123456',
      `845 555 0123${' 0'.repeat(10)}`,
      '845\n5550123',
      '+1 845 555 0123 ext 4',
      '1+845',
    ]) {
      expect(phoneProblem(phone), phone).toBe(PHONE_MESSAGE);
    }
  });

  it('stores a phone trimmed with single spaces, and empty as none', () => {
    expect(normalizePhone('  +1  845 555   0123 ')).toBe('+1 845 555 0123');
    expect(normalizePhone('  ')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
  });
});
