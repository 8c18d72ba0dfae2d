/**
 * shopAccounts: signing up and in, the customer's own account, staff accounts and password resets
 * (server/composition says which). The same AccountService as the local server, on DynamoDB. The
 * sign-in and sign-up limits count in the ShopThrottle table, so every instance sees the same
 * counts. Reset e-mails go out when the function's environment has SMTP_* and SHOP_SITE_ORIGIN
 * (README: Mail), else they are kept in the outbox (decision 0366, common/cloud-mail.ts); the
 * send is awaited (a Lambda may be frozen once it answers). A
 * deleted account's reservations, "notify me" requests and RSVPs go first: their services are here
 * for the composition's reactions.
 */
import { AccountService, DEFAULT_THROTTLE_RULES } from '../../../server/accounts/account-service';
import { ACCOUNTS_FUNCTION } from '../../../server/composition/lambdas';
import { cloudMail, cloudSiteOrigin } from '../common/cloud-mail';
import { DynamoAccountStore } from '../common/dynamo-accounts';
import { sdkDynamoPort } from '../common/dynamo-client';
import { DynamoSessionStore } from '../common/dynamo-sessions';
import { DynamoThrottleStore } from '../common/dynamo-throttle';
import { ENV, required } from '../common/env';
import { shopFunction } from '../common/shop-function';
import { dynamoActivity, dynamoNotifyService, dynamoReservationService, dynamoRsvpService } from '../common/dynamo-services';

function dynamoAccounts(): AccountService {
  const db = sdkDynamoPort();
  const users = required(ENV.users);
  const sessions = new DynamoSessionStore(db, { sessions: required(ENV.sessions), users });
  return new AccountService(
    new DynamoAccountStore(db, { users, credentials: required(ENV.credentials) }, sessions),
    sessions,
    DEFAULT_THROTTLE_RULES,
    Date.now,
    new DynamoThrottleStore(db, required(ENV.throttle)),
    { mailer: cloudMail().transport, siteOrigin: cloudSiteOrigin },
  );
}

export const handler = shopFunction(ACCOUNTS_FUNCTION, {
  services: () => ({
    accounts: dynamoAccounts,
    activity: dynamoActivity,
    reservations: dynamoReservationService,
    notify: dynamoNotifyService,
    rsvps: dynamoRsvpService,
  }),
});
