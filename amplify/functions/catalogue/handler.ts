/**
 * shopCatalogue: replaceBanners, reorderCategories, reorderTags, deleteCategoryAndTags, importItems,
 * listActivity, and Reserve for pickup (the pickup list, reserving, the customer's and staff's
 * actions) beside the items whose stock it holds; its scheduled run expires reservations. The same
 * CatalogueService as the local server; each change is one DynamoDB transaction. Also the
 * catalogue rules of every model write (common/model-write-check.ts), with the local server's guard,
 * and the activity entry of every model write (common/model-write-activity.ts).
 */
import type { AccountService } from '../../../server/accounts/account-service';
import { CatalogueService } from '../../../server/catalogue/catalogue-service';
import { modelsWithImages, modelWriteGuard } from '../../../server/catalogue/model-guards';
import { buildHandlers } from '../../../server/operations';
import type { ImageStore, UploadInbox } from '../../../server/media/images';
import { notServedHere, runHandler, type AmplifyFunctionEvent, type LambdaContext } from '../common/appsync';
import { sdkDynamoPort } from '../common/dynamo-client';
import { checkModelWrite, isModelWriteCheck, SHOP_MODELS, type ModelWriteCheckEvent } from '../common/model-write-check';
import { DynamoCatalogueStore } from '../common/dynamo-catalogue';
import { ENV, required } from '../common/env';
import { SHOP_FIELD_POLICY } from '../common/shop-field-policy';
import { CATALOGUE_FUNCTION, SERVED_FIELDS } from '../common/served-fields';
import { sdkObjectPort } from '../common/s3-client';
import { S3ImageStore } from '../common/s3-images';
import { ActivityRecorder } from '../../../server/activity/activity-recorder';
import { DynamoActivityLog } from '../common/dynamo-activity';
import { isActivityRecord, recordModelWriteActivity, type ActivityRecordEvent } from '../common/model-write-activity';
import type { ReservationService } from '../../../server/reservations/reservation-service';
import { dynamoReservationService } from '../common/dynamo-reservations';
import { dynamoNotifyService } from '../common/dynamo-notify';
import type { NotifyMeService } from '../../../server/reservations/notify-me-service';
import type { RsvpEventRecord, RsvpService } from '../../../server/rsvps/rsvp-service';
import { dynamoRsvpService } from '../common/dynamo-rsvps';

let handlers: ReturnType<typeof buildHandlers> | undefined;
let reservations: ReservationService | undefined;

/** Reserve for pickup on DynamoDB, the reserving throttle shared by every instance. */
const reservationService = () => (reservations ??= dynamoReservationService(sdkDynamoPort(), activityRecorder()));
let notify: NotifyMeService | undefined;
/** "Notify me" (decision 0328), answering the units reservations put back. */
const notifyService = () => (notify ??= dynamoNotifyService(sdkDynamoPort(), reservationService()));
let activity: ActivityRecorder | undefined;
let rsvps: RsvpService | undefined;
/** RSVPs to events (product §12) on DynamoDB, the answering throttle shared by every instance. */
const rsvpService = () => (rsvps ??= dynamoRsvpService(sdkDynamoPort(), activityRecorder()));

const activityRecorder = () => (activity ??= new ActivityRecorder(new DynamoActivityLog(sdkDynamoPort(), required(ENV.activity))));

function init() {
  const tables = {
    Item: required(ENV.items),
    Banner: required(ENV.banners),
    Category: required(ENV.categories),
    Tag: required(ENV.tags),
  };
  const catalogue = new CatalogueService(
    new DynamoCatalogueStore(sdkDynamoPort(), tables),
    new S3ImageStore(sdkObjectPort(required(ENV.mediaBucket))),
  );
  catalogue.whenStockWritten((itemIds) => notifyService().answerBackInStock(itemIds));
  return buildHandlers({
    accounts: notServedHere<AccountService>('accounts'),
    catalogue,
    media: notServedHere<ImageStore>('image storage'),
    uploads: notServedHere<UploadInbox>('uploads'),
    activity: activityRecorder(),
    reservations: reservationService(),
    notify: notifyService(),
    rsvps: rsvpService(),
  });
}

/**
 * The schedules' events (amplify/backend.ts): EventBridge sends `{ "expireReservations": true }`
 * and `{ "sendRsvpReminders": true }`. `now` (an ISO instant) runs them as at that time: only the
 * schedules and the tests of the emulated cloud invoke the function directly, never a client.
 */
interface ScheduledEvent {
  now?: string;
}
interface ExpiryEvent extends ScheduledEvent {
  expireReservations: true;
}
interface ReminderEvent extends ScheduledEvent {
  sendRsvpReminders: true;
}
const isExpiryEvent = (event: unknown): event is ExpiryEvent =>
  typeof event === 'object' && event !== null && (event as Partial<ExpiryEvent>).expireReservations === true;
const isReminderEvent = (event: unknown): event is ReminderEvent =>
  typeof event === 'object' && event !== null && (event as Partial<ReminderEvent>).sendRsvpReminders === true;
const runTime = (event: ScheduledEvent) => {
  const at = typeof event.now === 'string' ? Date.parse(event.now) : Number.NaN;
  return Number.isNaN(at) ? new Date() : new Date(at);
};

let guard: ReturnType<typeof modelWriteGuard> | undefined;

export const handler = async (
  event: AmplifyFunctionEvent | ModelWriteCheckEvent | ActivityRecordEvent | ExpiryEvent | ReminderEvent,
  lambda?: LambdaContext,
) =>
  isExpiryEvent(event)
    ? { expired: await reservationService().expireReservations(runTime(event)) }
    : isReminderEvent(event)
      ? { reminded: await rsvpService().sendRsvpReminders(runTime(event)) }
      : isActivityRecord(event)
        ? recordModelWriteActivity(event, activityRecorder()).then(async (result) => {
            // An item written with its counted stock above 0 answers "notify me" (decision 0328).
            const { fieldName, after, before } = event.activityRecord;
            if (/Item$/.test(fieldName) && typeof after?.id === 'string') await notifyService().answerBackInStock([after.id]);
            // An event deleted with RSVPs tells its guests, as cancelling it does (decision 0348).
            if (fieldName === 'deleteEvent' && typeof before?.id === 'string')
              await rsvpService().eventDeleted(before as unknown as RsvpEventRecord);
            return result;
          })
        : isModelWriteCheck(event)
          ? checkModelWrite(
              event,
              (guard ??= modelWriteGuard(new S3ImageStore(sdkObjectPort(required(ENV.mediaBucket))), modelsWithImages(SHOP_MODELS))),
            )
          : runHandler((handlers ??= init()), SERVED_FIELDS[CATALOGUE_FUNCTION]!, SHOP_FIELD_POLICY, event, lambda);
