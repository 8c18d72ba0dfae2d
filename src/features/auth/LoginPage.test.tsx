import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as amplify from '../../lib/amplify';
import { MESSAGES } from '../../../shared/messages';
import { CUSTOMER, findToast, renderWithApp } from '../../test/render';
import { LoginPage } from './LoginPage';

// The network boundary: the data client's sign-in, answered here as the server answers. The
// auth service, the session store and the form around it are the app's own.
const api = vi.hoisted(() => ({ signIn: vi.fn() }));
vi.mock('../../lib/amplify', async (importOriginal) => ({
  ...(await importOriginal<typeof amplify>()),
  client: { mutations: api },
}));

const signedIn = { data: CUSTOMER };

beforeEach(() => {
  api.signIn.mockReset();
});

function renderLogin(url = '/login') {
  const view = renderWithApp(<LoginPage />, { url, route: '/login' });
  return {
    ...view,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password', { exact: true }),
    submit: screen.getByRole('button', { name: 'Log in' }),
  };
}

describe('the login form', () => {
  it('has labelled e-mail and password fields for the browser to fill, and a Show password toggle', async () => {
    const { user, email, password } = renderLogin();
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(password.getAttribute('autocomplete')).toBe('current-password');

    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect([password.getAttribute('type'), toggle.getAttribute('aria-pressed')]).toEqual(['password', 'false']);
    await user.click(toggle);
    expect([password.getAttribute('type'), toggle.getAttribute('aria-pressed')]).toEqual(['text', 'true']);
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('refuses an empty field before sending anything: the message, and the field marked and focused', async () => {
    const { user, email, password, submit } = renderLogin();
    await user.click(submit);
    await findToast('Error', MESSAGES.allFieldsRequired);
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');

    // Typing takes the mark away; the password is then the field missing.
    await user.type(email, 'bea@example.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(api.signIn).not.toHaveBeenCalled();
  });

  it("shows the server's refusal on the field it is about", async () => {
    api.signIn.mockResolvedValue({ data: null, errors: [{ message: MESSAGES.incorrectPassword }] });
    const { user, email, password } = renderLogin();
    await user.type(email, 'bea@example.com');
    await user.type(password, 'Wr0ng-Password!{Enter}');

    await findToast('Error', MESSAGES.incorrectPassword);
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(api.signIn).toHaveBeenCalledExactlyOnceWith({ email: 'bea@example.com', password: 'Wr0ng-Password!' });
  });

  it('sends one request at a time: Log in is disabled until the answer, and Enter meanwhile sends nothing', async () => {
    let answer: (response: unknown) => void = () => undefined;
    api.signIn.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, email, password, submit, location } = renderLogin();
    await user.type(email, 'bea@example.com');
    await user.type(password, 'Gr8-Merlot-2024!');

    await user.click(submit);
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(password, '{Enter}');
    answer(signedIn);

    await waitFor(() => expect(location()).toBe('/home'));
    await findToast('Success', 'Welcome back, Ana!');
    expect(api.signIn).toHaveBeenCalledTimes(1);
  });

  it('brings a customer back to the page that sent them to log in, and only to a page of this site', async () => {
    api.signIn.mockResolvedValue(signedIn);
    const back = renderLogin('/login?return=%2Fitem%2Fbarolo');
    await back.user.type(back.email, 'bea@example.com');
    await back.user.type(back.password, 'Gr8-Merlot-2024!{Enter}');
    await waitFor(() => expect(back.location()).toBe('/item/barolo'));
    back.unmount();
    sessionStorage.clear();

    const away = renderLogin('/login?return=%2F%2Fevil.example');
    await away.user.type(away.email, 'bea@example.com');
    await away.user.type(away.password, 'Gr8-Merlot-2024!{Enter}');
    await waitFor(() => expect(away.location()).toBe('/home'));
  });
});
