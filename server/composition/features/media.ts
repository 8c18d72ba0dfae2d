/**
 * Image uploads: staff ask for an upload target, send the image straight to it, then have it
 * stored as WebP variants; the same pipeline on both backends (local files; S3).
 */
import { staffOf } from '../../auth/callers';
import { callerOf, type Feature } from '../feature';
import { MEDIA_FUNCTION } from '../lambdas';

export const mediaFeature: Feature = {
  name: 'media',
  lambda: MEDIA_FUNCTION,
  operations: {
    'Mutation.requestImageUpload': {
      callers: 'staff',
      run: ({ images }, _args, context) => images.open(staffOf(callerOf(context)).userId),
    },
    'Mutation.storeUploadedImage': {
      callers: 'staff',
      run: ({ images }, args, context) => images.store(staffOf(callerOf(context)).userId, String(args.id)),
    },
  },
};
