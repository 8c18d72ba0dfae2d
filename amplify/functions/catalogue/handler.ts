/**
 * shopCatalogue: the catalogue's all-or-nothing changes, the activity log, and beside the items'
 * stock: Reserve for pickup, "notify me" and RSVPs, with their schedules, and the outbox of mails
 * kept without a mail server, and the till feed's inbox, and Google's feeds (server/composition says which operations, reactions and schedules). Also the catalogue rules before every model write
 * and the reactions after it. The same services as the local server, on DynamoDB and S3.
 */
import { CatalogueService } from '../../../server/catalogue/catalogue-service';
import { modelsWithImages, modelWriteGuard } from '../../../server/catalogue/model-guards';
import { CATALOGUE_FUNCTION } from '../../../server/composition/lambdas';
import { sdkDynamoPort } from '../common/dynamo-client';
import { DynamoCatalogueStore } from '../common/dynamo-catalogue';
import { ENV, required } from '../common/env';
import { SHOP_MODELS } from '../common/model-write-check';
import { sdkObjectPort, sdkTillPort } from '../common/s3-client';
import { S3TillInboxFiles } from '../common/s3-till-inbox';
import { TillInbox } from '../../../server/till/till-inbox';
import { S3ImageStore } from '../common/s3-images';
import { shopFunction } from '../common/shop-function';
import { dynamoActivity, dynamoNotifyService, dynamoReservationService, dynamoRsvpService } from '../common/dynamo-services';
import { cloudSiteOrigin, s3Outbox } from '../common/cloud-mail';
import { GoogleFeeds } from '../../../server/catalogue/google-feeds';
import { s3FeedPublisher } from '../common/s3-feeds';

const images = () => new S3ImageStore(sdkObjectPort(required(ENV.mediaBucket)));

export const handler = shopFunction(CATALOGUE_FUNCTION, {
  services: () => ({
    catalogue: () =>
      new CatalogueService(
        new DynamoCatalogueStore(sdkDynamoPort(), {
          Item: required(ENV.items),
          Banner: required(ENV.banners),
          Category: required(ENV.categories),
          Tag: required(ENV.tags),
          // Read by Google's feeds only (the store code); its writes are the model's own.
          ShopSettings: required(ENV.shopSettings),
        }),
        images(),
      ),
    activity: dynamoActivity,
    reservations: dynamoReservationService,
    notify: dynamoNotifyService,
    rsvps: dynamoRsvpService,
    outbox: s3Outbox,
    tillInbox: ({ catalogue, activity }) =>
      new TillInbox(new S3TillInboxFiles(sdkTillPort(required(ENV.mediaBucket))), catalogue, activity),
    googleFeeds: ({ catalogue }) => new GoogleFeeds(catalogue, cloudSiteOrigin, s3FeedPublisher(sdkObjectPort(required(ENV.mediaBucket)))),
  }),
  modelWriteGuard: () => modelWriteGuard(images(), modelsWithImages(SHOP_MODELS)),
});
