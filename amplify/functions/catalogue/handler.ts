/**
 * shopCatalogue: replaceBanners, reorderCategories, reorderTags, deleteCategoryAndTags. The same
 * CatalogueService as the local server; each change is one DynamoDB transaction.
 */
import type { AccountService } from '../../../server/accounts/account-service';
import { CatalogueService } from '../../../server/catalogue/catalogue-service';
import { buildHandlers } from '../../../server/handlers';
import type { ImageStore } from '../../../server/media/images';
import { notServedHere, runHandler, type AmplifyFunctionEvent } from '../shared/appsync';
import { sdkDynamoPort } from '../shared/dynamo-client';
import { DynamoCatalogueStore } from '../shared/dynamo-catalogue';
import { ENV, required } from '../shared/env';
import { SHOP_FIELD_POLICY } from '../shared/shop-field-policy';
import { CATALOGUE_FUNCTION, SERVED_FIELDS } from '../shared/served-fields';
import { sdkObjectPort } from '../shared/s3-client';
import { S3ImageStore } from '../shared/s3-images';

let handlers: ReturnType<typeof buildHandlers> | undefined;

function init() {
  const tables = { Banner: required(ENV.banners), Category: required(ENV.categories), Tag: required(ENV.tags) };
  const catalogue = new CatalogueService(new DynamoCatalogueStore(sdkDynamoPort(), tables), new S3ImageStore(sdkObjectPort(required(ENV.mediaBucket))));
  return buildHandlers({ accounts: notServedHere<AccountService>('accounts'), catalogue, media: notServedHere<ImageStore>('image storage') });
}

export const handler = async (event: AmplifyFunctionEvent) => runHandler(handlers ??= init(), SERVED_FIELDS[CATALOGUE_FUNCTION]!, SHOP_FIELD_POLICY, event);
