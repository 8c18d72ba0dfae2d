/** The Lambda glue: AppSync's invoke payload in, { data } or { error } out. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors';
import type { FieldPolicy } from '../../../server/auth/authorizer';
import { ROLE_ADMIN, ROLE_USER } from '../../../shared/roles';
import { MAX_TEXT_LENGTH } from '../../../shared/validation/text';
import { clientIpOf, principalOf, requestContextOf, runHandler, RESPONSE_TEMPLATE } from './appsync';

const event = (fieldName: string, extra: Record<string, unknown> = {}) => ({
  typeName: 'Mutation',
  fieldName,
  arguments: { id: '1' },
  ...extra,
});

describe('runHandler', () => {
  const policy: FieldPolicy = {
    lambdaFields: ['Mutation.ok', 'Mutation.refuse', 'Mutation.crash', 'Mutation.adminOnly', 'Mutation.signOut'],
    publicFields: new Set(['Mutation.ok', 'Mutation.refuse', 'Mutation.crash']),
    selfServiceFields: new Set(['Mutation.signOut']),
  };
  const served = new Set(['Mutation.ok', 'Mutation.refuse', 'Mutation.crash']);
  const handlers = {
    'Mutation.ok': (args: Record<string, unknown>) => ({ echoed: args.id }),
    'Mutation.refuse': () => {
      throw new AppError('TooManyRequests', 'Slow down', { retryAfterSeconds: 60 });
    },
    'Mutation.crash': () => {
      throw new Error(`secret detail\n${'pay at https://attacker.example '.repeat(1000)}`);
    },
    'Mutation.elsewhere': () => 'not here',
  };

  it('answers data, or the AppError with its errorType and errorInfo', async () => {
    expect(await runHandler(handlers, served, policy, event('ok'))).toEqual({ data: { echoed: '1' } });
    expect(await runHandler(handlers, served, policy, event('refuse'))).toEqual({
      error: { errorType: 'TooManyRequests', message: 'Slow down', errorInfo: { retryAfterSeconds: 60 } },
    });
  });

  it('refuses a text over the limit anywhere in the arguments before the handler runs, as the local server does', async () => {
    const long = 'x'.repeat(MAX_TEXT_LENGTH + 1);
    expect(await runHandler(handlers, served, policy, event('ok', { arguments: { id: '1', names: ['a', long] } }))).toEqual({
      error: { errorType: 'ValidationError', message: 'Names is too long: at most 10,000 characters (names[1])', errorInfo: null },
    });
    expect(await runHandler(handlers, served, policy, event('ok', { arguments: { id: 'x'.repeat(MAX_TEXT_LENGTH) } }))).toMatchObject({
      data: { echoed: expect.any(String) },
    });
  });

  it("does not run a handler the caller's role may not call, whatever AppSync does with deniedFields", async () => {
    let ran = 0;
    const guarded = { 'Mutation.adminOnly': () => ++ran, 'Mutation.signOut': () => ++ran };
    const servedHere = new Set(Object.keys(guarded));
    const as = (type: number, fieldName: string) =>
      event(fieldName, { identity: { resolverContext: { userId: 'u', type: String(type) } } });
    expect(await runHandler(guarded, servedHere, policy, as(ROLE_USER, 'adminOnly'))).toEqual({
      error: { errorType: 'Unauthorized', message: 'Not Authorized to access adminOnly on type Mutation', errorInfo: null },
    });
    expect(ran).toBe(0);
    expect(await runHandler(guarded, servedHere, policy, as(ROLE_USER, 'signOut'))).toEqual({ data: 1 });
    expect(await runHandler(guarded, servedHere, policy, as(ROLE_ADMIN, 'adminOnly'))).toEqual({ data: 2 });
  });

  it('hides unexpected errors and refuses fields another function serves', async () => {
    const original = console.error;
    const logged: unknown[][] = [];
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      expect(await runHandler(handlers, served, policy, event('crash'))).toEqual({
        error: { errorType: 'InternalFailure', message: 'An internal error occurred.', errorInfo: null },
      });
    } finally {
      console.error = original;
    }
    // CloudWatch gets one clipped line, as the local server's log does: no stack, no line break.
    expect(logged).toHaveLength(1);
    expect(logged[0]).toHaveLength(1);
    const line = String(logged[0]![0]);
    expect(line).toMatch(/^\[lambda\] Mutation\.crash failed: Error: secret detail pay at/);
    expect(line.length).toBeLessThan(360);
    expect(line).not.toMatch(/\n|\bat .*appsync/);
    expect(await runHandler(handlers, served, policy, event('elsewhere'))).toMatchObject({ error: { errorType: 'BadRequest' } });
  });

  it('raises { error } in the response template with its type and info', () => {
    expect(RESPONSE_TEMPLATE).toContain(
      '$util.error($ctx.result.error.message, $ctx.result.error.errorType, null, $ctx.result.error.errorInfo)',
    );
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

describe('clientIpOf', () => {
  const from = (forwardedFor: string | string[] | undefined) =>
    clientIpOf(event('ok', { request: { headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor as string } } }));

  it('takes the address CloudFront appended, before the edge address behind it', () => {
    // As AppSync hands it on: "<viewer, appended by CloudFront>, <CloudFront edge>".
    expect(from('198.51.100.7, 130.176.27.160')).toBe('198.51.100.7');
    expect(from('2001:db8::7, 2600:9000::1')).toBe('2001:db8::7');
  });

  it('ignores whatever the client sent itself, however much', () => {
    expect(from('203.0.113.1, 198.51.100.7, 130.176.27.160')).toBe('198.51.100.7');
    expect(from('203.0.113.1, 203.0.113.2, ,junk, 198.51.100.7, 130.176.27.160')).toBe('198.51.100.7');
    expect(from(['203.0.113.1', '198.51.100.7, 130.176.27.160'])).toBe('198.51.100.7');
  });

  it('takes the only entry when nothing was appended after it, and says unknown with none', () => {
    expect(from('198.51.100.7')).toBe('198.51.100.7');
    expect(from('')).toBe('unknown');
    expect(from(undefined)).toBe('unknown');
  });
});
