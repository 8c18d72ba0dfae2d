import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { signUpProblem } from './validation';

const form = { firstName: 'Rosa', lastName: 'Parks', email: 'rosa@example.com', password: 'Gr8-Merlot!', confirmPassword: 'Gr8-Merlot!' };

describe('signUpProblem', () => {
  it('lets a good form through', () => {
    expect(signUpProblem(form)).toBeNull();
  });

  it('refuses the names the server refuses, with its messages, before sending anything', () => {
    expect(signUpProblem({ ...form, firstName: 'Rosa\nPay at once' })).toBe(MESSAGES.nameNotOneLine);
    expect(signUpProblem({ ...form, lastName: 'https://evil.example' })).toBe(MESSAGES.nameHasLink);
    expect(signUpProblem({ ...form, firstName: 'x'.repeat(10_000) })).toBe(MESSAGES.nameTooLong);
    // A blank field is still reported first.
    expect(signUpProblem({ ...form, firstName: 'www.evil.example', email: ' ' })).toBe(MESSAGES.allFieldsRequired);
  });
});
