/**
 * shopAccounts: signUp, signIn, signOut, createAdmin, updateAdmin, deleteAdmin. The same handler
 * table and AccountService as the local server, on DynamoDB. Sign-in throttling counts per warm
 * Lambda instance (README "Deploy to AWS": what differs in the cloud).
 */
import { AccountService } from '../../../server/accounts/account-service';
import type { CatalogueService } from '../../../server/catalogue/catalogue-service';
import { buildHandlers } from '../../../server/handlers';
import type { ImageStore } from '../../../server/media/images';
import { notServedHere, runHandler, type AmplifyFunctionEvent } from '../shared/appsync';
import { DynamoAccountStore } from '../shared/dynamo-accounts';
import { sdkDynamoPort } from '../shared/dynamo-client';
import { DynamoSessionStore } from '../shared/dynamo-sessions';
import { ENV, required } from '../shared/env';
import { SHOP_FIELD_POLICY } from '../shared/shop-field-policy';
import { ACCOUNTS_FUNCTION, SERVED_FIELDS } from '../shared/served-fields';

let handlers: ReturnType<typeof buildHandlers> | undefined;

function init() {
  const db = sdkDynamoPort();
  const users = required(ENV.users);
  const sessions = new DynamoSessionStore(db, { sessions: required(ENV.sessions), users });
  const accounts = new AccountService(new DynamoAccountStore(db, { users, credentials: required(ENV.credentials) }, sessions), sessions);
  return buildHandlers({ accounts, catalogue: notServedHere<CatalogueService>('the catalogue'), media: notServedHere<ImageStore>('image storage') });
}

export const handler = async (event: AmplifyFunctionEvent) => runHandler(handlers ??= init(), SERVED_FIELDS[ACCOUNTS_FUNCTION]!, SHOP_FIELD_POLICY, event);
