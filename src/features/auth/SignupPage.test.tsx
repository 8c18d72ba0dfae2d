import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as amplify from '../../lib/amplify';
import { MESSAGES } from '../../../shared/messages';
import { PASSWORD_POLICY_TEXT, passwordProblem } from '../../../shared/validation/account';
import { findToast, renderWithApp } from '../../test/render';
import { SignupPage } from './SignupPage';

// The network boundary, to prove that nothing is sent: every refusal here is the form's own.
const api = vi.hoisted(() => ({ signUp: vi.fn() }));
vi.mock('../../lib/amplify', async (importOriginal) => ({
  ...(await importOriginal<typeof amplify>()),
  client: { mutations: api },
}));

const PASSWORD = 'Gr8-Merlot-2024!';

beforeEach(() => {
  api.signUp.mockReset();
});

function renderSignup() {
  const view = renderWithApp(<SignupPage />, { url: '/signup', route: '/signup' });
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
  return {
    ...view,
    firstName: field('First Name'),
    lastName: field('Last Name'),
    email: field('Email'),
    password: field('Password'),
    confirm: field('Confirm Password'),
    submit: screen.getByRole('button', { name: 'Sign Up' }),
  };
}

/** The text an input is described by (aria-describedby). */
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the sign-up form', () => {
  it('labels every field for the browser to fill, says the password policy, and shows both passwords with one toggle', async () => {
    const { user, firstName, lastName, email, password, confirm } = renderSignup();
    expect([firstName, lastName, email, password, confirm].map((input) => input.autocomplete)).toEqual([
      'given-name',
      'family-name',
      'email',
      'new-password',
      'new-password',
    ]);
    expect(descriptionOf(password)).toBe(PASSWORD_POLICY_TEXT);

    const toggle = screen.getByRole('button', { name: 'Show passwords' });
    expect([password.type, confirm.type]).toEqual(['password', 'password']);
    await user.click(toggle);
    expect([password.type, confirm.type, toggle.getAttribute('aria-pressed')]).toEqual(['text', 'text', 'true']);
    await user.click(toggle);
    expect([password.type, confirm.type]).toEqual(['password', 'password']);
  });

  it('points at the first empty field, in screen order', async () => {
    const { user, firstName, lastName, submit } = renderSignup();
    await user.click(submit);
    await findToast('Error', MESSAGES.allFieldsRequired);
    expect(document.activeElement).toBe(firstName);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');

    await user.type(firstName, 'Cy');
    await user.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(lastName));
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses passwords that differ, then a password under the policy, each on its field, sending nothing', async () => {
    const { user, firstName, lastName, email, password, confirm, submit } = renderSignup();
    await user.type(firstName, 'Cy');
    await user.type(lastName, 'Tester');
    await user.type(email, 'cy@example.com');
    await user.type(password, PASSWORD);
    await user.type(confirm, `${PASSWORD}x`);
    await user.click(submit);
    await findToast('Error', MESSAGES.passwordsDoNotMatch);
    expect(document.activeElement).toBe(confirm);
    expect(confirm.getAttribute('aria-invalid')).toBe('true');

    const weak = 'merlot-2024';
    await user.clear(password);
    await user.type(password, weak);
    await user.clear(confirm);
    await user.type(confirm, `${weak}{Enter}`);
    await findToast('Error', passwordProblem(weak)!);
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(api.signUp).not.toHaveBeenCalled();
  });

  it('refuses a name that carries a link, on the name that does', async () => {
    const { user, firstName, lastName, email, password, confirm, submit } = renderSignup();
    await user.type(firstName, 'Cy');
    await user.type(lastName, 'www.example.com');
    await user.type(email, 'cy@example.com');
    await user.type(password, PASSWORD);
    await user.type(confirm, PASSWORD);
    await user.click(submit);
    await findToast('Error', MESSAGES.nameHasLink);
    expect(document.activeElement).toBe(lastName);
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(api.signUp).not.toHaveBeenCalled();
  });
});
