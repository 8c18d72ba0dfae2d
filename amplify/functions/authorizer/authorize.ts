/** What the authorizer function answers AppSync for a token: decideAccess on the session it resolves. */
import type { AppSyncAuthorizerResult } from 'aws-lambda';
import { decideAccess, type FieldPolicy, type Principal } from '../../../server/auth/authorizer';

export type AuthorizerAnswer = AppSyncAuthorizerResult<{ userId: string; type: string }>;

export async function authorize(
  resolve: (token: string) => Promise<Principal | null>,
  policy: FieldPolicy,
  token: string | undefined,
): Promise<AuthorizerAnswer> {
  const principal = await resolve(token ?? '');
  const { isAuthorized, deniedFields, resolverContext, ttlOverride } = decideAccess(principal, policy);
  return { isAuthorized, deniedFields, ttlOverride, ...(resolverContext ? { resolverContext } : {}) };
}
