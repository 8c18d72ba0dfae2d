/**
 * shopAccounts: signUp, signIn, signOut, createAdmin, updateAdmin, deleteAdmin and the password
 * resets. The same handler table and AccountService as the local server, on DynamoDB. The sign-in
 * and sign-up limits count in the ShopThrottle table, so every instance sees the same counts.
 * Reset e-mails go out when the function's environment has SMTP_* and SHOP_SITE_ORIGIN (README:
 * Password resets); the send is awaited (a Lambda may be frozen once it answers).
 */
import type { NotifyMeService } from '../../../server/reservations/notify-me-service';
import type { RsvpService } from '../../../server/rsvps/rsvp-service';
import { dynamoNotifyService } from '../common/dynamo-notify';
import { dynamoRsvpService } from '../common/dynamo-rsvps';
import { AccountService, DEFAULT_THROTTLE_RULES } from '../../../server/accounts/account-service';
import { smtpMailer, smtpSettingsFrom } from '../../../server/accounts/mailer';
import type { CatalogueService } from '../../../server/catalogue/catalogue-service';
import { buildHandlers } from '../../../server/operations';
import type { ReservationService } from '../../../server/reservations/reservation-service';
import type { ImageStore, UploadInbox } from '../../../server/media/images';
import { notServedHere, runHandler, type AmplifyFunctionEvent, type LambdaContext } from '../common/appsync';
import { DynamoAccountStore } from '../common/dynamo-accounts';
import { sdkDynamoPort } from '../common/dynamo-client';
import { DynamoSessionStore } from '../common/dynamo-sessions';
import { DynamoThrottleStore } from '../common/dynamo-throttle';
import { dynamoReservationService } from '../common/dynamo-reservations';
import { ENV, required } from '../common/env';
import { SHOP_FIELD_POLICY } from '../common/shop-field-policy';
import { ActivityRecorder } from '../../../server/activity/activity-recorder';
import { logSlowedSignIns } from '../../../server/activity/custom-activity';
import { DynamoActivityLog } from '../common/dynamo-activity';
import { ACCOUNTS_FUNCTION, SERVED_FIELDS } from '../common/served-fields';

let handlers: ReturnType<typeof buildHandlers> | undefined;

function init() {
  const db = sdkDynamoPort();
  const users = required(ENV.users);
  const sessions = new DynamoSessionStore(db, { sessions: required(ENV.sessions), users });
  const throttle = new DynamoThrottleStore(db, required(ENV.throttle));
  const smtp = smtpSettingsFrom(process.env);
  const accounts = new AccountService(
    new DynamoAccountStore(db, { users, credentials: required(ENV.credentials) }, sessions),
    sessions,
    DEFAULT_THROTTLE_RULES,
    Date.now,
    throttle,
    { mailer: smtp ? smtpMailer(smtp) : null, siteOrigin: () => process.env[ENV.siteOrigin]?.trim() || null },
  );
  const activity = new ActivityRecorder(new DynamoActivityLog(db, required(ENV.activity)));
  logSlowedSignIns(accounts, activity);
  // Deleting an account cancels its open reservations first (decision 0304).
  const reservations = dynamoReservationService(db, activity);
  // Their "notify me" requests go too; the bottles going back answer others' (decision 0328).
  const notify = dynamoNotifyService(db, reservations);
  // Their RSVPs are cancelled, the places going to the waiting lists (product §12).
  const rsvps = dynamoRsvpService(db, activity);
  accounts.whenDeletingCustomer(async (userId) => {
    await reservations.cancelForDeletedAccount(userId);
    await notify.forgetCustomer(userId);
    await rsvps.cancelForDeletedAccount(userId);
  });
  return buildHandlers({
    accounts,
    catalogue: notServedHere<CatalogueService>('the catalogue'),
    media: notServedHere<ImageStore>('image storage'),
    uploads: notServedHere<UploadInbox>('uploads'),
    reservations: notServedHere<ReservationService>('reservations'),
    notify: notServedHere<NotifyMeService>('notify me'),
    rsvps: notServedHere<RsvpService>('RSVPs'),
    activity,
  });
}

export const handler = async (event: AmplifyFunctionEvent, lambda?: LambdaContext) =>
  runHandler((handlers ??= init()), SERVED_FIELDS[ACCOUNTS_FUNCTION]!, SHOP_FIELD_POLICY, event, lambda);
