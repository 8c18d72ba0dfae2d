import { describe, expect, it, vi } from 'vitest';
import { isSessionRejected, runSignedIn, SessionEndedError } from './session-rejection';

describe('isSessionRejected', () => {
  it('is true for an UnauthorizedException in errors or in a result', () => {
    const errors = [{ message: 'You are not authorized to make this call.', errorType: 'UnauthorizedException' }];
    expect(isSessionRejected(errors)).toBe(true);
    expect(isSessionRejected({ data: null, errors })).toBe(true);
  });

  it("is true for the Amplify client's form of an HTTP 401 from AppSync", () => {
    expect(isSessionRejected([{ message: 'Unauthorized', originalError: { name: 'UnauthorizedException' } }])).toBe(true);
  });

  it('is false for a refused field, other errors and success', () => {
    expect(isSessionRejected([{ message: 'Not Authorized to access listUsers on type Query', errorType: 'Unauthorized' }])).toBe(false);
    expect(isSessionRejected([{ message: 'Unauthorized', errorType: 'Unauthorized' }])).toBe(false);
    expect(isSessionRejected([{ message: 'Incorrect password', errorType: 'ValidationError' }])).toBe(false);
    expect(isSessionRejected({ data: [], errors: undefined })).toBe(false);
    expect(isSessionRejected({ data: [] })).toBe(false);
    expect(isSessionRejected(undefined)).toBe(false);
    expect(isSessionRejected(null)).toBe(false);
    expect(isSessionRejected(new Error('Network error'))).toBe(false);
    expect(isSessionRejected([null, 'x'])).toBe(false);
  });
});

describe('runSignedIn', () => {
  const auth = { authMode: 'lambda' as const, authToken: 'tok' };

  it('passes the session options to the call and returns its result, errors included', async () => {
    const ended = vi.fn();
    const refused = { data: null, errors: [{ message: 'Not Authorized', errorType: 'Unauthorized' }] };
    await expect(
      runSignedIn(
        async (options) => ({ data: options.authToken }),
        () => auth,
        ended,
      ),
    ).resolves.toEqual({ data: 'tok' });
    await expect(
      runSignedIn(
        async () => refused,
        () => auth,
        ended,
      ),
    ).resolves.toBe(refused);
    expect(ended).not.toHaveBeenCalled();
  });

  it('ends the session when there is none, without calling', async () => {
    const ended = vi.fn();
    const call = vi.fn(async () => ({ data: 1 }));
    await expect(runSignedIn(call, () => null, ended)).rejects.toBeInstanceOf(SessionEndedError);
    expect(call).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the server rejects it, returned or thrown', async () => {
    const rejected = { data: null, errors: [{ message: 'You are not authorized to make this call.', errorType: 'UnauthorizedException' }] };
    const ended = vi.fn();
    await expect(
      runSignedIn(
        async () => rejected,
        () => auth,
        ended,
      ),
    ).rejects.toBeInstanceOf(SessionEndedError);
    await expect(
      runSignedIn(
        () => Promise.reject(rejected),
        () => auth,
        ended,
      ),
    ).rejects.toBeInstanceOf(SessionEndedError);
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it('tries once more with the new session when this browser replaced the token meanwhile, and ends it only when that is refused too', async () => {
    const rejected = { data: null, errors: [{ message: 'Session ended', errorType: 'UnauthorizedException' }] };
    let current = auth;
    const ended = vi.fn();
    const used: string[] = [];
    // The first answer comes after a password change replaced the session.
    const call = async (options: typeof auth) => {
      used.push(options.authToken);
      if (options.authToken === 'tok') {
        current = { authMode: 'lambda', authToken: 'new' };
        return rejected;
      }
      return { data: 'fine' };
    };
    await expect(runSignedIn(call, () => current, ended)).resolves.toEqual({ data: 'fine' });
    expect(used).toEqual(['tok', 'new']);
    expect(ended).not.toHaveBeenCalled();

    let token = 0;
    const alwaysRejected = vi.fn(async () => rejected);
    await expect(runSignedIn(alwaysRejected, () => ({ authMode: 'lambda', authToken: `t${(token += 1)}` }), ended)).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(alwaysRejected).toHaveBeenCalledTimes(2);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('rethrows other failures as they are', async () => {
    const ended = vi.fn();
    const failure = new Error('Network error');
    await expect(
      runSignedIn(
        () => Promise.reject(failure),
        () => auth,
        ended,
      ),
    ).rejects.toBe(failure);
    expect(ended).not.toHaveBeenCalled();
  });
});
