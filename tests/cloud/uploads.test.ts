/**
 * Image uploads against the emulated cloud, as an attacker with the public API key (or a lesser
 * session) would try them: the presigned POST into uploads/ and storeUploadedImage, with a wrong
 * id, another admin's, paths, a used id, a re-sent POST, a text file named .jpg, a pixel bomb, an
 * oversize file; and a phone photo stored upright without its metadata (decision 0276). s3rver
 * ignores POST policies (amplify/emulation/services.ts), so an oversize POST gets through to the
 * bucket here and must be refused by storeUploadedImage; real S3 refuses the POST itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_BYTES } from '../../shared/image-upload';
import { postToTarget, requestTarget, storeUpload } from '../support/image-upload';
import sharp from 'sharp';
import { responsiveImage } from '../../shared/media';
import { isRedAt, jpegClaiming, metadataLeft, phonePhoto, pngBytes, textFile } from '../security/support/images';
import { as, cloudShop, guest, ok, signIn, signUp, uniqueEmail, PASSWORD, type CloudShop, type Credentials } from './support/api';

let shop: CloudShop;
let otherAdmin: Credentials;
let customer: Credentials;
beforeAll(async () => {
  shop = await cloudShop();
  const email = uniqueEmail('uploads-admin');
  await shop.createAdmin(email);
  otherAdmin = { token: await signIn(email, PASSWORD) };
  customer = { token: await signUp(uniqueEmail('uploads-customer')) };
});

const admin = () => ({ token: shop.admin });
/** The site as Amplify Hosting serves it: /media from the bucket. */
const site = process.env.CLOUD_SITE_URL!;
async function uploaded(bytes: Buffer) {
  const { target, body } = await requestTarget(as(admin()));
  expect(body.errors).toBeUndefined();
  expect(target!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  expect(target!.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['key', 'Policy', 'X-Amz-Signature']));
  expect((await postToTarget(target!, bytes, target!.url)).status).toBe(204);
  return target!;
}
const refusal = async (credentials: Credentials, id: string) => (await storeUpload(as(credentials), id)).errors?.[0];

describe('image uploads on the emulated cloud', () => {
  it('stores a PNG through the presigned POST, once', async () => {
    const target = await uploaded(await pngBytes(12, 12));
    expect(target.fields.find((field) => field.name === 'key')!.value).toMatch(new RegExp(`^uploads/[a-f0-9]{32}/${target.id}$`));
    expect((await storeUpload(as(admin()), target.id)).data?.storeUploadedImage).toMatch(/^\/media\/[a-f0-9]{64}\.png$/);
    expect(await refusal(admin(), target.id)).toMatchObject({ errorType: 'ValidationError', message: IMAGE_UPLOAD_MESSAGES.notFound });
    // The POST sent again before it expires puts the file back; the id is spent all the same.
    expect((await postToTarget(target, await pngBytes(12, 13), target.url)).status).toBe(204);
    expect(await refusal(admin(), target.id)).toMatchObject({ errorType: 'ValidationError', message: IMAGE_UPLOAD_MESSAGES.notFound });
  });

  it('is for admins only, asking or storing', async () => {
    const pending = await uploaded(await pngBytes(9, 9));
    for (const credentials of [guest, customer]) {
      expect((await requestTarget(as(credentials))).body.errors?.[0]?.errorType).toBe('Unauthorized');
      expect((await refusal(credentials, pending.id))?.errorType).toBe('Unauthorized');
    }
    expect((await storeUpload(as(admin()), pending.id)).data?.storeUploadedImage).toMatch(/^\/media\//);
  });

  it("refuses ids that are not the caller's own pending upload, and touches nothing of /media", async () => {
    const mine = await uploaded(await pngBytes(10, 11));
    const stored = shop.imageUrl.slice('/media/'.length);
    const ids = [
      'f'.repeat(32),
      `../media/${stored}`,
      `../../media/${stored}`,
      `media/${stored}`,
      `${mine.id}/../${mine.id}`,
      mine.id.toUpperCase(),
      `${mine.id}.taken`,
      '',
    ];
    for (const id of ids)
      expect(await refusal(admin(), id), id).toMatchObject({ errorType: 'ValidationError', message: IMAGE_UPLOAD_MESSAGES.notFound });
    expect(await refusal(otherAdmin, mine.id)).toMatchObject({ errorType: 'ValidationError', message: IMAGE_UPLOAD_MESSAGES.notFound });
    expect((await storeUpload(as(admin()), mine.id)).data?.storeUploadedImage).toMatch(/^\/media\//);
    // The stored image is still there: a banner may use it (the catalogue checks S3).
    await ok(admin(), 'mutation ($input: CreateBannerInput!) { createBanner(input: $input) { id } }', {
      input: { img: shop.imageUrl, index: 99 },
    });
  });

  it.each([['jpeg', 'jpg', 'image/jpeg'] as const, ['webp', 'webp', 'image/webp'] as const])(
    'stores a sideways %s phone photo with GPS upright and without metadata, in S3 and as served',
    async (type, extension, contentType) => {
      const target = await uploaded(await phonePhoto(type));
      const url = (await storeUpload(as(admin()), target.id)).data?.storeUploadedImage as string;
      expect(url).toMatch(new RegExp(`^/media/[a-f0-9]{64}\\.${extension}$`));
      const sources = [
        url,
        ...responsiveImage(url)
          .srcSet!.split(', ')
          .map((entry) => entry.split(' ')[0]!),
      ];
      for (const source of sources) {
        const served = await fetch(`${site}${source}`);
        expect(served.status, source).toBe(200);
        expect(served.headers.get('content-type')).toBe(source === url ? contentType : 'image/webp');
        const bytes = Buffer.from(await served.arrayBuffer());
        expect(await sharp(bytes).metadata(), source).toMatchObject({ width: 40, height: 60 });
        expect(await metadataLeft(bytes), source).toEqual([]);
        expect(await isRedAt(bytes, 39, 0), source).toBe(true);
      }
    },
  );

  it('refuses a text file named .jpg, and a 20000 x 20000 pixel bomb at once, and spends the upload', async () => {
    const text = await requestTarget(as(admin()));
    expect((await postToTarget(text.target!, textFile(), text.target!.url, 'image/jpeg', 'notes.jpg')).status).toBe(204);
    expect(await refusal(admin(), text.target!.id)).toMatchObject({
      errorType: 'ValidationError',
      message: IMAGE_UPLOAD_MESSAGES.notImage,
    });
    expect(await refusal(admin(), text.target!.id)).toMatchObject({ message: IMAGE_UPLOAD_MESSAGES.notFound });
    const bomb = await uploaded(await jpegClaiming(20_000, 20_000));
    const started = Date.now();
    expect(await refusal(admin(), bomb.id)).toMatchObject({ errorType: 'ValidationError', message: IMAGE_UPLOAD_MESSAGES.tooManyPixels });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a file over 5 MB, and spends the upload', async () => {
    const { target } = await requestTarget(as(admin()));
    const posted = await postToTarget(target!, Buffer.concat([await pngBytes(4, 4), Buffer.alloc(MAX_IMAGE_BYTES)]), target!.url);
    // Real S3 answers 400 EntityTooLarge (the policy's content-length-range); s3rver takes it.
    if (posted.ok)
      expect(await refusal(admin(), target!.id)).toMatchObject({ errorType: 'ValidationError', message: IMAGE_UPLOAD_MESSAGES.tooLarge });
    else expect(posted.status).toBe(400);
    expect(await refusal(admin(), target!.id)).toMatchObject({ message: IMAGE_UPLOAD_MESSAGES.notFound });
  });
});
