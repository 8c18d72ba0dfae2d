import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { passwordProblem } from '../../../shared/validation/account';
import { createAuthService, readAuthResponse, type AuthApi, type MutationResponse } from './service';
import { createSessionStore } from './session-store';
import type { AuthSessionData } from './storage';
import { sampleSession, testStorage } from './testing';

const GOOD_PASSWORD = 'Gr8-Merlot!';

function setup(api: Partial<AuthApi> = {}, signOutTimeoutMs?: number) {
  const storage = testStorage();
  const store = createSessionStore(storage);
  const calls = {
    signIn: vi.fn<AuthApi['signIn']>(async () => ({ data: sampleSession() })),
    signUp: vi.fn<AuthApi['signUp']>(async () => ({ data: sampleSession() })),
    signOut: vi.fn<AuthApi['signOut']>(async () => ({ data: true })),
    requestPasswordReset: vi.fn<AuthApi['requestPasswordReset']>(async () => ({ data: true })),
    resetPassword: vi.fn<AuthApi['resetPassword']>(async () => ({ data: true })),
  };
  const full: AuthApi = { ...calls, ...api };
  const service = createAuthService(full, store, signOutTimeoutMs);
  return { storage, store, calls, service };
}

const failure = (message: string, errorType = 'ValidationError'): MutationResponse<AuthSessionData> => ({
  data: null,
  errors: [{ message, errorType } as { message: string }],
});

describe('readAuthResponse (product §7)', () => {
  it('takes the session from data', () => {
    expect(readAuthResponse({ data: sampleSession() })).toEqual({ ok: true, session: sampleSession() });
  });

  it('gives the first error message', () => {
    expect(readAuthResponse({ data: null, errors: [{ message: 'User not found' }, { message: 'other' }] })).toEqual({
      ok: false,
      message: 'User not found',
    });
  });

  it("gives 'Error' when no data came back, or an error has no message", () => {
    expect(readAuthResponse({ data: null })).toEqual({ ok: false, message: 'Error' });
    expect(readAuthResponse({})).toEqual({ ok: false, message: 'Error' });
    expect(readAuthResponse(null)).toEqual({ ok: false, message: 'Error' });
    expect(readAuthResponse({ data: { ...sampleSession(), token: '' } })).toEqual({ ok: false, message: 'Error' });
    expect(readAuthResponse({ data: null, errors: [{ message: '' }] })).toEqual({ ok: false, message: 'Error' });
    expect(readAuthResponse({ data: null, errors: [{}] })).toEqual({ ok: false, message: 'Error' });
  });

  it('prefers errors over partial data', () => {
    expect(readAuthResponse({ data: sampleSession(), errors: [{ message: 'Incorrect password' }] })).toEqual({
      ok: false,
      message: 'Incorrect password',
    });
  });
});

describe('login', () => {
  it("stores the session and returns 'success'", async () => {
    const { service, calls, store, storage } = setup();
    await expect(service.login('ana@example.com', GOOD_PASSWORD)).resolves.toBe('success');
    expect(calls.signIn).toHaveBeenCalledWith({ email: 'ana@example.com', password: GOOD_PASSWORD });
    expect(store.getSnapshot()?.userId).toBe('user-1');
    expect(storage.getItem('role')).toBe('1');
  });

  it("requires both fields without calling the server ('All fields are required')", async () => {
    const { service, calls } = setup();
    for (const [email, password] of [
      ['', GOOD_PASSWORD],
      ['  ', GOOD_PASSWORD],
      ['ana@example.com', ''],
      ['', ''],
    ] as const) {
      await expect(service.login(email, password)).resolves.toEqual({ message: MESSAGES.allFieldsRequired });
    }
    expect(calls.signIn).not.toHaveBeenCalled();
  });

  it("passes the server's messages on and stores nothing", async () => {
    for (const message of ['User not found', 'Incorrect password', 'Too many failed sign-in attempts. Try again in 5 minutes.']) {
      const { service, storage } = setup({ signIn: async () => failure(message) });
      await expect(service.login('ana@example.com', 'x')).resolves.toEqual({ message });
      expect(storage.dump()).toEqual({});
    }
  });

  it("gives 'Error' when the server returns no session", async () => {
    const { service } = setup({ signIn: async () => ({ data: null }) });
    await expect(service.login('ana@example.com', 'x')).resolves.toEqual({ message: 'Error' });
  });

  it('turns a thrown failure into its message', async () => {
    const { service } = setup({ signIn: () => Promise.reject(new Error('Network error')) });
    await expect(service.login('ana@example.com', 'x')).resolves.toEqual({ message: 'Network error' });
    const { service: other } = setup({ signIn: () => Promise.reject(new Error('')) });
    await expect(other.login('ana@example.com', 'x')).resolves.toEqual({ message: 'Error' });
  });
});

describe('signUp', () => {
  const args = ['Ana', 'Lopez', 'ana@example.com', GOOD_PASSWORD, GOOD_PASSWORD] as const;

  it("sends all five fields, stores the session and returns 'success'", async () => {
    const { service, calls, store } = setup();
    await expect(service.signUp(...args)).resolves.toBe('success');
    expect(calls.signUp).toHaveBeenCalledWith({
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@example.com',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(store.getSnapshot()?.name).toBe('Ana Lopez');
  });

  it('checks required fields, then matching passwords, then the policy, before calling the server', async () => {
    const { service, calls } = setup();
    for (let blank = 0; blank < args.length; blank += 1) {
      const values = args.map((value, index) => (index === blank ? '' : value)) as unknown as typeof args;
      await expect(service.signUp(...values)).resolves.toEqual({ message: MESSAGES.allFieldsRequired });
    }
    await expect(service.signUp('Ana', 'Lopez', 'ana@example.com', GOOD_PASSWORD, `${GOOD_PASSWORD}x`)).resolves.toEqual({
      message: MESSAGES.passwordsDoNotMatch,
    });
    await expect(service.signUp('Ana', 'Lopez', 'ana@example.com', 'password', 'password')).resolves.toEqual({
      message: passwordProblem('password'),
    });
    expect(calls.signUp).not.toHaveBeenCalled();
  });

  it("passes the server's message on (a duplicate e-mail)", async () => {
    const { service, storage } = setup({ signUp: async () => failure(MESSAGES.duplicateEmail) });
    await expect(service.signUp(...args)).resolves.toEqual({ message: MESSAGES.duplicateEmail });
    expect(storage.dump()).toEqual({});
  });
});

describe('password resets', () => {
  it("asks for a link and returns 'success', signing nobody in", async () => {
    const { service, calls, store } = setup();
    expect(await service.requestPasswordReset('ada@example.com')).toBe('success');
    expect(calls.requestPasswordReset).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(store.getSnapshot()).toBeNull();
  });

  it('needs an e-mail before calling the server', async () => {
    const { service, calls } = setup();
    expect(await service.requestPasswordReset('  ')).toEqual({ message: MESSAGES.allFieldsRequired });
    expect(calls.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('checks the new password as sign-up does, then sends it with the token', async () => {
    const { service, calls, store } = setup();
    expect(await service.resetPassword('t0ken', '', '')).toEqual({ message: MESSAGES.allFieldsRequired });
    expect(await service.resetPassword('t0ken', GOOD_PASSWORD, `${GOOD_PASSWORD}x`)).toEqual({ message: MESSAGES.passwordsDoNotMatch });
    expect(await service.resetPassword('t0ken', 'short', 'short')).toEqual({ message: passwordProblem('short') });
    expect(calls.resetPassword).not.toHaveBeenCalled();
    expect(await service.resetPassword('t0ken', GOOD_PASSWORD, GOOD_PASSWORD)).toBe('success');
    expect(calls.resetPassword).toHaveBeenCalledWith({ token: 't0ken', password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expect(store.getSnapshot()).toBeNull();
  });

  it("passes the server's refusal on, and gives 'Error' for an answer that is not true or a thrown failure", async () => {
    const refused = setup({ resetPassword: async () => ({ data: null, errors: [{ message: MESSAGES.resetLinkInvalid }] }) });
    expect(await refused.service.resetPassword('old', GOOD_PASSWORD, GOOD_PASSWORD)).toEqual({ message: MESSAGES.resetLinkInvalid });
    const empty = setup({ requestPasswordReset: async () => ({ data: null }) });
    expect(await empty.service.requestPasswordReset('ada@example.com')).toEqual({ message: MESSAGES.genericError });
    const offline = setup({
      requestPasswordReset: async () => {
        throw new Error('Network error');
      },
    });
    expect(await offline.service.requestPasswordReset('ada@example.com')).toEqual({ message: 'Network error' });
  });
});

describe('logout', () => {
  it('signs out on the server with the session token, then clears all of session storage', async () => {
    const { service, calls, store, storage } = setup();
    await service.login('ana@example.com', GOOD_PASSWORD);
    storage.setItem('draft', 'x');
    const listener = vi.fn();
    store.subscribe(listener);
    await service.logout();
    expect(calls.signOut).toHaveBeenCalledWith('tok-123');
    expect(storage.dump()).toEqual({});
    expect(store.getSnapshot()).toBeNull();
    expect(listener).toHaveBeenCalled();
  });

  it('signs out locally when the server call fails', async () => {
    const { service, storage } = setup({ signOut: () => Promise.reject(new Error('offline')) });
    await service.login('ana@example.com', GOOD_PASSWORD);
    await expect(service.logout()).resolves.toBeUndefined();
    expect(storage.dump()).toEqual({});
  });

  it('does not wait for a server that does not answer', async () => {
    const { service, storage } = setup({ signOut: () => new Promise(() => {}) }, 20);
    await service.login('ana@example.com', GOOD_PASSWORD);
    await service.logout();
    expect(storage.dump()).toEqual({});
  });

  it('does not call the server when signed out', async () => {
    const { service, calls } = setup();
    await service.logout();
    expect(calls.signOut).not.toHaveBeenCalled();
  });
});
