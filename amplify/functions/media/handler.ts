/**
 * shopMedia: requestImageUpload (an S3 presigned POST into uploads/) and storeUploadedImage. The
 * same image pipeline as the local server (PNG checks, WebP variants), storing in S3.
 */
import type { AccountService } from '../../../server/accounts/account-service';
import type { CatalogueService } from '../../../server/catalogue/catalogue-service';
import type { ActivityRecorder } from '../../../server/activity/activity-recorder';
import { buildHandlers } from '../../../server/operations';
import type { ReservationService } from '../../../server/reservations/reservation-service';
import type { NotifyMeService } from '../../../server/reservations/notify-me-service';
import type { RsvpService } from '../../../server/rsvps/rsvp-service';
import { notServedHere, runHandler, type AmplifyFunctionEvent, type LambdaContext } from '../common/appsync';
import { ENV, required } from '../common/env';
import { SHOP_FIELD_POLICY } from '../common/shop-field-policy';
import { MEDIA_FUNCTION, SERVED_FIELDS } from '../common/served-fields';
import { S3Client } from '@aws-sdk/client-s3';
import { sdkObjectPort, sdkUploadPort } from '../common/s3-client';
import { S3ImageStore } from '../common/s3-images';
import { S3UploadInbox } from '../common/s3-uploads';

let handlers: ReturnType<typeof buildHandlers> | undefined;

function init() {
  const bucket = required(ENV.mediaBucket);
  const s3 = new S3Client({});
  return buildHandlers({
    accounts: notServedHere<AccountService>('accounts'),
    catalogue: notServedHere<CatalogueService>('the catalogue'),
    media: new S3ImageStore(sdkObjectPort(bucket, s3)),
    uploads: new S3UploadInbox(sdkUploadPort(bucket, s3)),
    activity: notServedHere<ActivityRecorder>('the activity log'),
    reservations: notServedHere<ReservationService>('reservations'),
    notify: notServedHere<NotifyMeService>('notify me'),
    rsvps: notServedHere<RsvpService>('RSVPs'),
  });
}

export const handler = async (event: AmplifyFunctionEvent, lambda?: LambdaContext) =>
  runHandler((handlers ??= init()), SERVED_FIELDS[MEDIA_FUNCTION]!, SHOP_FIELD_POLICY, event, lambda);
