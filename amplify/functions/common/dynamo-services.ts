/**
 * The services the shop's functions share, built on DynamoDB with the tables amplify/backend.ts
 * names, in the shape the composition takes (server/composition/compose-shop.ts ServiceFactories):
 * each function lists those it has, and each is built on first use. Only the handlers import this
 * module: it brings the SDK clients and the mail transport (the stores' unit tests run without them).
 */
import { ActivityRecorder } from '../../../server/activity/activity-recorder';
import type { ShopServices } from '../../../server/composition/feature';
import { cloudMail, cloudSiteOrigin } from './cloud-mail';
import { sdkDynamoPort } from './dynamo-client';
import { DynamoActivityLog } from './dynamo-activity';
import { dynamoNotifyService as notifyOn } from './dynamo-notify';
import { dynamoReservationService as reservationsOn } from './dynamo-reservations';
import { dynamoRsvpService as rsvpsOn } from './dynamo-rsvps';
import { ENV, required } from './env';

export const dynamoActivity = () => new ActivityRecorder(new DynamoActivityLog(sdkDynamoPort(), required(ENV.activity)));
/** Reserve for pickup, the reserving throttle shared by every instance. */
export const dynamoReservationService = ({ activity }: ShopServices) => {
  // Over SMTP when the function's environment has SMTP_*, else kept in the outbox (decision 0366); each send awaited (decision 0258).
  const mail = cloudMail();
  return reservationsOn(sdkDynamoPort(), activity, { mailer: mail.transport, fallbackShopAddress: mail.from });
};
/** "Notify me" (decision 0328). */
export const dynamoNotifyService = () => notifyOn(sdkDynamoPort(), { mailer: cloudMail().transport, siteOrigin: cloudSiteOrigin });
/** RSVPs to events (product §12), the answering throttle shared by every instance. */
export const dynamoRsvpService = ({ activity }: ShopServices) =>
  rsvpsOn(sdkDynamoPort(), activity, { mailer: cloudMail().transport, siteOrigin: cloudSiteOrigin });
