import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { ACCOUNT_MESSAGES } from '../../../shared/account-messages';
import { passwordProblem } from '../../../shared/validation/account';
import { fieldForMessage } from './field-for-message';
import { PHONE_MESSAGE } from '../../../shared/validation/phone';

const LOGIN = ['email', 'password'] as const;
const SIGN_UP = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
const filled = { firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com', password: 'Gr8-Merlot!', confirmPassword: 'Gr8-Merlot!' };

describe('fieldForMessage', () => {
  it('points at the first missing field, in screen order', () => {
    expect(fieldForMessage(MESSAGES.allFieldsRequired, { ...filled, lastName: ' ', password: '' }, SIGN_UP)).toBe('lastName');
    expect(fieldForMessage(MESSAGES.allFieldsRequired, { email: 'a@b.co', password: '' }, LOGIN)).toBe('password');
  });

  it('counts a password of spaces as given, a name of spaces as missing', () => {
    expect(fieldForMessage(MESSAGES.allFieldsRequired, { ...filled, password: '   ', confirmPassword: '' }, SIGN_UP)).toBe(
      'confirmPassword',
    );
  });

  it('points at the field a server or policy message is about', () => {
    expect(fieldForMessage(MESSAGES.passwordsDoNotMatch, filled, SIGN_UP)).toBe('confirmPassword');
    expect(fieldForMessage(MESSAGES.userNotFound, { email: 'x', password: 'y' }, LOGIN)).toBe('email');
    expect(fieldForMessage(MESSAGES.incorrectPassword, { email: 'x', password: 'y' }, LOGIN)).toBe('password');
    expect(fieldForMessage(MESSAGES.duplicateEmail, filled, SIGN_UP)).toBe('email');
    expect(fieldForMessage(MESSAGES.invalidEmail, filled, SIGN_UP)).toBe('email');
    expect(fieldForMessage(passwordProblem('short') ?? '', filled, SIGN_UP)).toBe('password');
  });

  it('points nowhere for messages about no one field, or fields the form lacks', () => {
    expect(fieldForMessage('Too many failed sign-in attempts. Try again in 5 minutes.', filled, SIGN_UP)).toBeNull();
    expect(fieldForMessage('Error', filled, SIGN_UP)).toBeNull();
    expect(fieldForMessage(MESSAGES.passwordsDoNotMatch, { email: 'x', password: 'y' }, LOGIN)).toBeNull();
  });
});

describe("the account page's fields", () => {
  const fields = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const;
  const values = { firstName: 'Ann', lastName: 'Probe', email: 'ann@example.com', phone: 'x', currentPassword: '' };

  it('points at the current password, the phone and the names', () => {
    expect(fieldForMessage(MESSAGES.incorrectPassword, values, fields)).toBe('currentPassword');
    expect(fieldForMessage(ACCOUNT_MESSAGES.currentPasswordRequired, values, fields)).toBe('currentPassword');
    expect(fieldForMessage(PHONE_MESSAGE, values, fields)).toBe('phone');
    expect(fieldForMessage(MESSAGES.nameTooLong, values, fields)).toBe('firstName');
  });

  it('points at the name that breaks the rule, the last one too', () => {
    expect(fieldForMessage(MESSAGES.nameHasLink, { ...values, lastName: 'www.example.com' }, fields)).toBe('lastName');
    expect(fieldForMessage(MESSAGES.nameTooLong, { ...values, lastName: 'x'.repeat(61) }, fields)).toBe('lastName');
  });
});
