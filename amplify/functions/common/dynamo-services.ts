/**
 * The services the shop's functions share, built on DynamoDB with the tables amplify/backend.ts
 * names, in the shape the composition takes (server/composition/compose-shop.ts ServiceFactories):
 * each function lists those it has, and each is built on first use.
 */
import { ActivityRecorder } from '../../../server/activity/activity-recorder';
import type { ShopServices } from '../../../server/composition/feature';
import { sdkDynamoPort } from './dynamo-client';
import { DynamoActivityLog } from './dynamo-activity';
import { dynamoNotifyService as notifyOn } from './dynamo-notify';
import { dynamoReservationService as reservationsOn } from './dynamo-reservations';
import { dynamoRsvpService as rsvpsOn } from './dynamo-rsvps';
import { ENV, required } from './env';

export const dynamoActivity = () => new ActivityRecorder(new DynamoActivityLog(sdkDynamoPort(), required(ENV.activity)));
/** Reserve for pickup, the reserving throttle shared by every instance. */
export const dynamoReservationService = ({ activity }: ShopServices) => reservationsOn(sdkDynamoPort(), activity);
/** "Notify me" (decision 0328). */
export const dynamoNotifyService = () => notifyOn(sdkDynamoPort());
/** RSVPs to events (product §12), the answering throttle shared by every instance. */
export const dynamoRsvpService = ({ activity }: ShopServices) => rsvpsOn(sdkDynamoPort(), activity);
