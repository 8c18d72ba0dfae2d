/** The Lambda glue: AppSync's invoke payload in, { data } or { error } out. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors';
import type { FieldPolicy } from '../../../server/auth/authorizer';
import { ROLE_ADMIN, ROLE_USER } from '../../../shared/roles';
import { MAX_TEXT_LENGTH } from '../../../shared/validation/text';
import { principalOf, requestContextOf, runHandler, RESPONSE_TEMPLATE } from './appsync';

const event = (fieldName: string, extra: Record<string, unknown> = {}) => ({ typeName: 'Mutation', fieldName, arguments: { id: '1' }, ...extra });

describe('runHandler', () => {
  const policy: FieldPolicy = {
    lambdaFields: ['Mutation.ok', 'Mutation.refuse', 'Mutation.crash', 'Mutation.uploadImage', 'Mutation.adminOnly', 'Mutation.signOut'],
    publicFields: new Set(['Mutation.ok', 'Mutation.refuse', 'Mutation.crash', 'Mutation.uploadImage']),
    selfServiceFields: new Set(['Mutation.signOut']),
  };
  const served = new Set(['Mutation.ok', 'Mutation.refuse', 'Mutation.crash']);
  const handlers = {
    'Mutation.ok': (args: Record<string, unknown>) => ({ echoed: args.id }),
    'Mutation.refuse': () => { throw new AppError('TooManyRequests', 'Slow down', { retryAfterSeconds: 60 }); },
    'Mutation.crash': () => { throw new Error('secret detail'); },
    'Mutation.elsewhere': () => 'not here',
  };

  it('answers data, or the AppError with its errorType and errorInfo', async () => {
    expect(await runHandler(handlers, served, policy, event('ok'))).toEqual({ data: { echoed: '1' } });
    expect(await runHandler(handlers, served, policy, event('refuse'))).toEqual({ error: { errorType: 'TooManyRequests', message: 'Slow down', errorInfo: { retryAfterSeconds: 60 } } });
  });

  it('refuses a text over the limit anywhere in the arguments before the handler runs, as the local server does', async () => {
    const long = 'x'.repeat(MAX_TEXT_LENGTH + 1);
    expect(await runHandler(handlers, served, policy, event('ok', { arguments: { id: '1', names: ['a', long] } }))).toEqual({
      error: { errorType: 'ValidationError', message: 'Names is too long: at most 10,000 characters (names[1])', errorInfo: null },
    });
    expect(await runHandler(handlers, served, policy, event('ok', { arguments: { id: 'x'.repeat(MAX_TEXT_LENGTH) } }))).toMatchObject({ data: { echoed: expect.any(String) } });
    const upload = { ...event('uploadImage', { arguments: { dataUrl: `data:image/png;base64,${long}` } }) };
    expect(await runHandler({ 'Mutation.uploadImage': () => 'stored' }, new Set(['Mutation.uploadImage']), policy, upload)).toEqual({ data: 'stored' });
  });

  it('does not run a handler the caller\'s role may not call, whatever AppSync does with deniedFields', async () => {
    let ran = 0;
    const guarded = { 'Mutation.adminOnly': () => ++ran, 'Mutation.signOut': () => ++ran };
    const servedHere = new Set(Object.keys(guarded));
    const as = (type: number, fieldName: string) => event(fieldName, { identity: { resolverContext: { userId: 'u', type: String(type) } } });
    expect(await runHandler(guarded, servedHere, policy, as(ROLE_USER, 'adminOnly'))).toEqual({
      error: { errorType: 'Unauthorized', message: 'Not Authorized to access adminOnly on type Mutation', errorInfo: null },
    });
    expect(ran).toBe(0);
    expect(await runHandler(guarded, servedHere, policy, as(ROLE_USER, 'signOut'))).toEqual({ data: 1 });
    expect(await runHandler(guarded, servedHere, policy, as(ROLE_ADMIN, 'adminOnly'))).toEqual({ data: 2 });
  });

  it('hides unexpected errors and refuses fields another function serves', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      expect(await runHandler(handlers, served, policy, event('crash'))).toEqual({ error: { errorType: 'InternalFailure', message: 'An internal error occurred.', errorInfo: null } });
    } finally {
      console.error = original;
    }
    expect(await runHandler(handlers, served, policy, event('elsewhere'))).toMatchObject({ error: { errorType: 'BadRequest' } });
  });

  it('raises { error } in the response template with its type and info', () => {
    expect(RESPONSE_TEMPLATE).toContain('$util.error($ctx.result.error.message, $ctx.result.error.errorType, null, $ctx.result.error.errorInfo)');
    expect(RESPONSE_TEMPLATE).toContain('$util.toJson($ctx.result.data)');
  });
});

describe('requestContextOf', () => {
  it('reads the caller from the authorizer resolverContext, the token and the client address from headers', () => {
    const signedIn = event('ok', {
      identity: { resolverContext: { userId: 'u1', type: String(ROLE_ADMIN) } },
      request: { headers: { Authorization: 'tok', 'x-forwarded-for': '198.51.100.7, 10.0.0.1' } },
    });
    expect(principalOf(signedIn)).toEqual({ userId: 'u1', name: '', type: ROLE_ADMIN });
    expect(requestContextOf(signedIn)).toMatchObject({ auth: { mode: 'lambda', token: 'tok' }, clientIp: '198.51.100.7' });
    const publicCall = requestContextOf(event('ok', { identity: null, request: { headers: {} } }));
    expect(publicCall).toMatchObject({ auth: { mode: 'apiKey', principal: null, token: null }, clientIp: 'unknown' });
    expect(principalOf(event('ok', { identity: { resolverContext: { userId: 'u1', type: '7' } } }))).toBeNull();
  });
});
