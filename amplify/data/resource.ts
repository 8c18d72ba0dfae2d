/**
 * The AppSync API from the one schema (schema.ts): the API key for the public catalogue (the
 * default mode), the session authorizer for everything else (design §2), and the functions the
 * schema names for its custom mutations. Amplify requires this file at this path; the root
 * tsconfig leaves it out, since @aws-amplify/backend is only in amplify/node_modules.
 */
import { defineData } from '@aws-amplify/backend';
import { AUTHORIZER_TTL_SECONDS } from '../../server/auth/authorizer';
import { accounts, authorizer, catalogue, media } from '../functions/resource';
import { ACCOUNTS_FUNCTION, CATALOGUE_FUNCTION, MEDIA_FUNCTION } from '../../server/composition/lambdas';
import { schema } from './schema';

export const data = defineData({
  name: 'shop',
  schema,
  authorizationModes: {
    defaultAuthorizationMode: 'apiKey',
    // The key only marks public reads and ships in the client config; AppSync caps a key at 365 days.
    apiKeyAuthorizationMode: { expiresInDays: 365 },
    // The default cache time; the authorizer's ttlOverride sets 0 for admins (server/auth/authorizer.ts).
    lambdaAuthorizationMode: { function: authorizer, timeToLiveInSeconds: AUTHORIZER_TTL_SECONDS },
  },
  // Request-level logs (cdk-nag AwsSolutions-ASC3): errors only, and never the query, headers or
  // evaluated templates, which would put passwords and session tokens in CloudWatch.
  logging: { fieldLogLevel: 'error', excludeVerboseContent: true, retention: '1 month' },
  functions: { [ACCOUNTS_FUNCTION]: accounts, [MEDIA_FUNCTION]: media, [CATALOGUE_FUNCTION]: catalogue },
});
