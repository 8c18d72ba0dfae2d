import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { fullNameProblem, NAME_MAX_LENGTH, nameProblem, namesProblem } from './name';

describe('nameProblem', () => {
  it('accepts real names: accents, apostrophes, hyphens, spaces, other scripts, up to 60 characters', () => {
    for (const name of [
      'Ana',
      "D'Arcy",
      'Mary Ann',
      'Maria Anna Sophia Kalogeropoulou-Papadopoulou',
      'Zoë Ñúñez',
      '山田',
      'Müller-Lüdenscheidt',
      'J.R.R.',
      'x'.repeat(NAME_MAX_LENGTH),
      '😀'.repeat(NAME_MAX_LENGTH),
      ` ${'x'.repeat(NAME_MAX_LENGTH)} `,
      // Markup is only text to the shop: it is stored and shown as text.
      '<img src=x onerror="window.__pwned=1">',
    ])
      expect(nameProblem(name), name).toBeNull();
  });

  it(`refuses more than ${NAME_MAX_LENGTH} characters, a 10,000-character name included`, () => {
    expect(MESSAGES.nameTooLong).toContain(String(NAME_MAX_LENGTH));
    expect(nameProblem('x'.repeat(NAME_MAX_LENGTH + 1))).toBe(MESSAGES.nameTooLong);
    expect(nameProblem('Pay now '.repeat(1250))).toBe(MESSAGES.nameTooLong);
  });

  it('refuses line breaks, tabs, other control characters, line separators and bidirectional overrides', () => {
    for (const name of [
      'Ana\nPay at once',
      'Ana\r\n',
      'Ana\rB',
      'A\tB',
      'A\u0000B',
      'A\u0085B',
      'A\u2028B',
      'A\u2029B',
      'A\u202EB',
      'A\u2067B',
    ])
      expect(nameProblem(name), JSON.stringify(name)).toBe(MESSAGES.nameNotOneLine);
  });

  it('refuses links and web addresses', () => {
    for (const name of ['https://evil.example', 'Pay at hxxp://x', 'see WWW.evil.example', 'ftp://x', 'javascript://x'])
      expect(nameProblem(name), name).toBe(MESSAGES.nameHasLink);
  });

  it('judges a first and a last name, and a stored full name of both', () => {
    expect(namesProblem('Ana', 'Lopez')).toBeNull();
    expect(namesProblem('Ana', 'www.evil.example')).toBe(MESSAGES.nameHasLink);
    expect(namesProblem('A\nB', 'Lopez')).toBe(MESSAGES.nameNotOneLine);
    const longest = `${'x'.repeat(NAME_MAX_LENGTH)} ${'y'.repeat(NAME_MAX_LENGTH)}`;
    expect(fullNameProblem(longest)).toBeNull();
    expect(fullNameProblem(`${longest}z`)).toBe(MESSAGES.nameTooLong);
    expect(fullNameProblem('Ana\nLopez')).toBe(MESSAGES.nameNotOneLine);
  });
});
