/**
 * shopMedia: requestImageUpload (an S3 presigned POST into uploads/) and storeUploadedImage. The
 * same image pipeline as the local server (PNG checks, WebP variants), storing in S3.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { MEDIA_FUNCTION } from '../../../server/composition/lambdas';
import { imageUploads } from '../../../server/media/images';
import { ENV, required } from '../common/env';
import { sdkObjectPort, sdkUploadPort } from '../common/s3-client';
import { S3ImageStore } from '../common/s3-images';
import { S3UploadInbox } from '../common/s3-uploads';
import { shopFunction } from '../common/shop-function';

export const handler = shopFunction(MEDIA_FUNCTION, {
  services: () => ({
    images: () => {
      const bucket = required(ENV.mediaBucket);
      const s3 = new S3Client({});
      return imageUploads(new S3ImageStore(sdkObjectPort(bucket, s3)), new S3UploadInbox(sdkUploadPort(bucket, s3)));
    },
  }),
});
