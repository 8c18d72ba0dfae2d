/**
 * Image uploads against the emulated cloud, as an attacker with the public API key (or a lesser
 * session) would try them: the presigned POST into uploads/ and storeUploadedImage, with a wrong
 * id, another admin's, paths, a used id, a re-sent POST, a text file named .jpg, a pixel bomb, an
 * oversize file; a phone photo stored upright without its metadata (decision 0276); and the POST
 * against its policy as S3 holds it (tests/cloud-emulation/s3-front.ts: signature, key, size range,
 * expiry, fields the policy does not name).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_BYTES } from '../../shared/image-upload';
import { postToTarget, requestTarget, storeUpload } from '../support/image-upload';
import type { ImageUploadTarget } from '../../shared/image-upload';
import { OFFLINE_CREDENTIALS } from '../cloud-emulation/offline-credentials';
import { signPolicy } from '../cloud-emulation/s3-front';
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
    // S3 answers 400 EntityTooLarge (the policy's content-length-range): nothing reaches the bucket.
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(await refusal(admin(), target!.id)).toMatchObject({ message: IMAGE_UPLOAD_MESSAGES.notFound });
  });
});

describe('the presigned POST held to its policy, as S3 holds it', () => {
  const field = (target: ImageUploadTarget, name: string) => target.fields.find((entry) => entry.name === name)!.value;
  const withFields = (target: ImageUploadTarget, change: Record<string, string>) => ({
    url: target.url,
    fields: [
      ...target.fields.map((entry) => ({ name: entry.name, value: change[entry.name] ?? entry.value })),
      ...Object.entries(change)
        .filter(([name]) => !target.fields.some((entry) => entry.name === name))
        .map(([name, value]) => ({ name, value })),
    ],
  });
  /** The target's policy changed by `edit`, signed with the emulation's own key (which no attacker has). */
  const resigned = (target: ImageUploadTarget, edit: (policy: { expiration: string; conditions: unknown[] }) => void) => {
    const policy = JSON.parse(Buffer.from(field(target, 'Policy'), 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    edit(policy);
    const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
    return withFields(target, {
      Policy: encoded,
      'X-Amz-Signature': signPolicy(encoded, field(target, 'X-Amz-Credential'), OFFLINE_CREDENTIALS.secretAccessKey),
    });
  };
  async function refusedPost(posted: Response, status: number, code: string, id: string) {
    expect(posted.status).toBe(status);
    expect(await posted.text()).toContain(`<Code>${code}</Code>`);
    expect(await refusal(admin(), id)).toMatchObject({ message: IMAGE_UPLOAD_MESSAGES.notFound });
  }
  const newTarget = async () => (await requestTarget(as(admin()))).target!;

  it('refuses a forged signature, and a policy changed after signing', async () => {
    const png = await pngBytes(6, 6);
    const target = await newTarget();
    const signature = field(target, 'X-Amz-Signature');
    const forged = withFields(target, { 'X-Amz-Signature': `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}` });
    await refusedPost(await postToTarget(forged, png, target.url), 403, 'SignatureDoesNotMatch', target.id);
    const policy = JSON.parse(Buffer.from(field(target, 'Policy'), 'base64').toString('utf8')) as { conditions: unknown[] };
    policy.conditions = policy.conditions.map((condition) =>
      Array.isArray(condition) && condition[0] === 'content-length-range' ? ['content-length-range', 1, 1e9] : condition,
    );
    const widened = withFields(target, { Policy: Buffer.from(JSON.stringify(policy)).toString('base64') });
    await refusedPost(await postToTarget(widened, png, target.url), 403, 'SignatureDoesNotMatch', target.id);
    // The untouched POST still goes through: the refusals were for what was changed.
    expect((await postToTarget(target, png, target.url)).status).toBe(204);
  });

  it('refuses another key, an unnamed field, an empty file and an expired policy', async () => {
    const png = await pngBytes(6, 7);
    const target = await newTarget();
    const key = field(target, 'key');
    const otherKey = withFields(target, { key: `${key.slice(0, key.lastIndexOf('/') + 1)}${'0'.repeat(32)}` });
    await refusedPost(await postToTarget(otherKey, png, target.url), 403, 'AccessDenied', target.id);
    const extra = withFields(target, { acl: 'public-read' });
    await refusedPost(await postToTarget(extra, png, target.url), 403, 'AccessDenied', target.id);
    await refusedPost(await postToTarget(target, Buffer.alloc(0), target.url), 400, 'EntityTooSmall', target.id);
    const expired = resigned(target, (policy) => {
      policy.expiration = new Date(Date.now() - 1000).toISOString();
    });
    await refusedPost(await postToTarget(expired, png, target.url), 403, 'AccessDenied', target.id);
    // Re-signed with a later expiry it passes: the refusal above was the expiry's.
    const renewed = resigned(target, (policy) => {
      policy.expiration = new Date(Date.now() + 60_000).toISOString();
    });
    expect((await postToTarget(renewed, png, target.url)).status).toBe(204);
    expect((await storeUpload(as(admin()), target.id)).data?.storeUploadedImage).toMatch(/^\/media\//);
  });
});
