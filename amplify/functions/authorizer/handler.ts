/**
 * The AppSync Lambda authorizer: resolves the session token (sent as `Authorization: <token>`)
 * in DynamoDB and answers with the same decision the local server makes (decideAccess): admins
 * may call everything, users and guests what the public may plus their own sign-out, as
 * `deniedFields`. Each answer's `ttlOverride` sets how long AppSync caches it: never for a grant
 * (a sign-out or a deleted admin stops the token at once), AUTHORIZER_TTL_SECONDS for a refusal. The field policy is read from the generated SDL, bundled at build time (esbuild's
 * text loader).
 */
import type { AppSyncAuthorizerEvent } from 'aws-lambda';
import { sdkDynamoPort } from '../common/dynamo-client';
import { DynamoSessionStore } from '../common/dynamo-sessions';
import { ENV, required } from '../common/env';
import { authorize, type AuthorizerAnswer } from './authorize';
import { SHOP_FIELD_POLICY } from '../common/shop-field-policy';

let sessions: DynamoSessionStore | undefined;

export const handler = async (event: AppSyncAuthorizerEvent): Promise<AuthorizerAnswer> => {
  sessions ??= new DynamoSessionStore(sdkDynamoPort(), { sessions: required(ENV.sessions), users: required(ENV.users) });
  const store = sessions;
  return authorize((token) => store.resolve(token), SHOP_FIELD_POLICY, event.authorizationToken);
};
