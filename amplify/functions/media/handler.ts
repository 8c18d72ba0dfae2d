/** shopMedia: uploadImage. The same image pipeline as the local server (PNG checks, WebP variants), storing in S3. */
import type { AccountService } from '../../../server/accounts/account-service';
import type { CatalogueService } from '../../../server/catalogue/catalogue-service';
import { buildHandlers } from '../../../server/handlers';
import { notServedHere, runHandler, type AmplifyFunctionEvent } from '../shared/appsync';
import { ENV, required } from '../shared/env';
import { SHOP_FIELD_POLICY } from '../shared/shop-field-policy';
import { MEDIA_FUNCTION, SERVED_FIELDS } from '../shared/served-fields';
import { sdkObjectPort } from '../shared/s3-client';
import { S3ImageStore } from '../shared/s3-images';

let handlers: ReturnType<typeof buildHandlers> | undefined;

function init() {
  return buildHandlers({
    accounts: notServedHere<AccountService>('accounts'),
    catalogue: notServedHere<CatalogueService>('the catalogue'),
    media: new S3ImageStore(sdkObjectPort(required(ENV.mediaBucket))),
  });
}

export const handler = async (event: AmplifyFunctionEvent) => runHandler(handlers ??= init(), SERVED_FIELDS[MEDIA_FUNCTION]!, SHOP_FIELD_POLICY, event);
