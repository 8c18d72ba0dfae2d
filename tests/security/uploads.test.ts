/**
 * Image uploads as an attacker would try them (design §3, decision 0276: a JPEG, PNG or WebP by its
 * first bytes, 5 MB, 4096 x 4096; one
 * target per file, minutes long, the asking admin's only). The two mutations are admins only; the
 * target (POST /uploads/<id>) needs no credential but its id, so it is attacked with none: expired,
 * reused, oversize (declared and streamed), not multipart, a path instead of an id. Every file
 * that is not a JPEG, PNG or WebP within the limits is a ValidationError, and nothing is written to the media
 * files or the database; a real PNG is the control.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_BYTES, UPLOAD_TTL_SECONDS } from '../../shared/image-upload';
import { startTestServer, type TestServer } from '../support/test-server';
import { postToTarget, requestTarget, storeUpload, uploadImage, type GraphQLCaller } from '../support/image-upload';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { battery } from './support/figures';
import { jpegBytes, jpegClaiming, pngBytes, pngClaiming, pngSignatureWithJunk } from './support/images';
import { TestClock } from './support/principals';
import { rawRequest } from './support/raw-http';
import { asGuest, callAs, expectNothingStored, expectRefused, storedState, type Credentials } from './support/shop';

const tally = battery('uploads');
const clock = new TestClock();
let shop: TestServer;
let admin: Credentials;
let otherAdmin: Credentials;
let user: Credentials;

beforeAll(async () => {
  shop = await startTestServer({ overrides: { now: clock.now } });
  admin = { token: (await shop.sessionFor(ROLE_ADMIN)).token };
  otherAdmin = { token: (await shop.sessionFor(ROLE_ADMIN)).token };
  user = { token: (await shop.sessionFor(ROLE_USER)).token };
});
afterAll(async () => {
  await shop?.stop();
});

const as =
  (credentials: Credentials): GraphQLCaller =>
  async (query, variables) =>
    (await callAs(shop, credentials, query, variables)).body;
const waitingUploads = () => readdirSync(join(shop.dataDir, 'uploads'));
const notFound = new RegExp(`^${IMAGE_UPLOAD_MESSAGES.notFound.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A target of the admin's with `bytes` already posted to it. */
async function uploaded(bytes: Buffer) {
  const { target } = await requestTarget(as(admin));
  expect((await postToTarget(target!, bytes, shop.url)).status).toBe(204);
  return target!;
}

async function expectStoreRefused(
  label: string,
  id: string,
  message: RegExp,
  credentials: Credentials = admin,
  errorType = 'ValidationError',
) {
  await tally.attempt(label, async () => {
    const before = storedState(shop);
    const body = await storeUpload(as(credentials), id);
    expectRefused(body as never, errorType);
    expect(body.errors![0]!.message).toMatch(message);
    expectNothingStored(shop, before);
  });
}

describe('image uploads', () => {
  it('stores a real PNG (the control), leaving no upload behind', async () => {
    await tally.attempt('a 16 x 16 PNG', async () => {
      const files = storedState(shop).media.length;
      const { url, body } = await uploadImage(as(admin), await pngBytes(16, 16), shop.url);
      expect(body.errors).toBeUndefined();
      expect(url).toMatch(/^\/media\/[a-f0-9]{64}\.png$/);
      expect(storedState(shop).media.length).toBeGreaterThan(files);
      expect(waitingUploads()).toEqual([]);
    });
  });

  it('refuses every file that is not a JPEG, PNG or WebP within the limits, and spends its upload', async () => {
    const notImage = /^Only JPEG, PNG and WebP images can be uploaded$/;
    const fakes: Array<[string, Buffer, RegExp]> = [
      [
        'a JPEG header and junk',
        Buffer.concat([(await jpegBytes()).subarray(0, 20), Buffer.from('<script>window.__pwned=1</script>')]),
        /not a readable JPEG, PNG or WebP/,
      ],
      ['a header claiming 20000 x 20000 pixels (JPEG)', await jpegClaiming(20_000, 20_000), /too many pixels/],
      ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), notImage],
      [
        'an SVG with a script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"><script>window.__pwned=2</script></svg>'),
        notImage,
      ],
      ['an HTML page', Buffer.from('<!doctype html><script>window.__pwned=1</script>'), notImage],
      ['a PNG signature and junk', pngSignatureWithJunk(), /not a readable JPEG, PNG or WebP/],
      ['a header claiming 30000 x 30000 pixels', pngClaiming(30_000, 30_000), /too many pixels/],
      ['a header claiming 4097 x 4097 pixels', pngClaiming(4097, 4097), /too many pixels/],
    ];
    for (const [label, bytes, message] of fakes) {
      const target = await uploaded(bytes);
      await expectStoreRefused(label, target.id, message);
      await expectStoreRefused(`${label}, stored again`, target.id, notFound);
    }
    expect(waitingUploads()).toEqual([]);
  });

  it('stores nothing of a PNG whose header reads but whose pixels do not, so no record can point at it', async () => {
    const whole = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#552211' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await expectStoreRefused(
      'a PNG cut in half (it used to stay stored and public)',
      (await uploaded(cut)).id,
      /not a readable JPEG, PNG or WebP/,
    );
    await tally.attempt('an item pointing at where that PNG would be', async () => {
      const before = storedState(shop);
      const url = `/media/${createHash('sha256').update(cut).digest('hex')}.png`;
      expect((await fetch(`${shop.url}${url}`)).status).toBe(404);
      const { body } = await callAs(shop, admin, 'mutation ($i: CreateItemInput!) { createItem(input: $i) { id } }', {
        i: { name: 'Broken picture', price: 9, tags: ['wine'], description: 'd', img: url },
      });
      expectRefused(body, 'ValidationError');
      expectNothingStored(shop, before);
    });
  });

  it("refuses ids that are not the caller's own pending upload: wrong, another admin's, paths, used", async () => {
    const png = await pngBytes(8, 8);
    const mine = await uploaded(png);
    await expectStoreRefused('an id never given', 'f'.repeat(32), notFound);
    await expectStoreRefused("another admin's upload", mine.id, notFound, otherAdmin);
    for (const id of [
      '../media/x.png',
      `../${mine.id}`,
      `${mine.id}/../${mine.id}`,
      `uploads/${mine.id}`,
      '%2e%2e%2fshop.sqlite3',
      `${mine.id}\u0000`,
      mine.id.toUpperCase(),
      '',
    ]) {
      await expectStoreRefused(`the id ${JSON.stringify(id)}`, id, notFound);
    }
    // The other admin's attempt left it in place: its owner still stores it, once.
    await tally.attempt('the owner stores it after all that, once', async () => {
      expect((await storeUpload(as(admin), mine.id)).data?.storeUploadedImage).toMatch(/^\/media\//);
    });
    await expectStoreRefused('a used id', mine.id, notFound);
  });

  it("refuses uploads by users and guests, asking or storing, and leaves an admin's upload untouched", async () => {
    const pending = await uploaded(await pngBytes(8, 9));
    for (const [name, credentials] of [
      ['a user', user],
      ['a guest', asGuest(shop)],
    ] as const) {
      await tally.attempt(`a target for ${name}`, async () => {
        const { body } = await requestTarget(as(credentials));
        expectRefused(body as never, 'Unauthorized');
      });
      await expectStoreRefused(`${name} storing an admin's upload`, pending.id, /Not Authorized/, credentials, 'Unauthorized');
    }
    expect((await storeUpload(as(admin), pending.id)).data?.storeUploadedImage).toMatch(/^\/media\//);
  });

  it('takes one file per target, before it expires, and nothing over 5 MB', async () => {
    const png = await pngBytes(8, 10);
    await tally.attempt('a second POST to a target', async () => {
      const target = await uploaded(png);
      expect((await postToTarget(target, await jpegBytes(), shop.url)).status).toBe(403);
      expect((await storeUpload(as(admin), target.id)).data?.storeUploadedImage).toMatch(/^\/media\//);
      expect((await postToTarget(target, png, shop.url)).status).toBe(403);
    });
    await tally.attempt('a POST after the target expired', async () => {
      const { target } = await requestTarget(as(admin));
      clock.advance(UPLOAD_TTL_SECONDS * 1000 + 1);
      expect((await postToTarget(target!, png, shop.url)).status).toBe(403);
    });
    await tally.attempt('storing after the upload expired', async () => {
      const target = await uploaded(png);
      clock.advance(UPLOAD_TTL_SECONDS * 1000 + 1);
      expect((await storeUpload(as(admin), target.id)).errors?.[0]?.message).toMatch(notFound);
      expect(waitingUploads()).toEqual([]);
    });
    await tally.attempt('a file of 5 MB and one byte', async () => {
      const { target } = await requestTarget(as(admin));
      const before = storedState(shop);
      expect((await postToTarget(target!, Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]), shop.url)).status).toBe(
        413,
      );
      expect((await storeUpload(as(admin), target!.id)).errors?.[0]?.message).toMatch(notFound);
      expectNothingStored(shop, before);
    });
    for (const [label, request] of [
      [
        'a declared 9 MB body',
        { headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(9 * 1024 * 1024) }, body: '' },
      ],
      ['a streamed 9 MB body', { headers: { 'content-type': 'multipart/form-data; boundary=x' }, streamBytes: 9 * 1024 * 1024 }],
    ] as const) {
      await tally.attempt(label, async () => {
        const { target } = await requestTarget(as(admin));
        const response = await rawRequest(shop.url, `/uploads/${target!.id}`, request);
        expect(response.status).toBe(413);
        expect(waitingUploads()).toEqual([]);
      });
    }
  });

  it('answers POST /uploads/ with anything but a pending id, or anything but a form, without reading it', async () => {
    const { target } = await requestTarget(as(admin));
    const form = { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--\r\n' };
    const attempts: Array<[string, string, Parameters<typeof rawRequest>[2], number]> = [
      ['no id', '/uploads/', form, 403],
      // The URL resolves to /media/x.png, which takes GET only.
      ['a path', '/uploads/../media/x.png', form, 405],
      ['an encoded path', `/uploads/..%2F..%2Fshop.sqlite3`, form, 403],
      ['a sub-path of a real id', `/uploads/${target!.id}/x`, form, 403],
      ['a guessed id', `/uploads/${'0'.repeat(32)}`, form, 403],
      ['JSON instead of a form', `/uploads/${target!.id}`, { body: '{}' }, 415],
      ['a GET', `/uploads/${target!.id}`, { method: 'GET' }, 405],
      ['a form with no file', `/uploads/${target!.id}`, form, 400],
    ];
    for (const [label, path, request, status] of attempts) {
      await tally.attempt(`POST /uploads: ${label}`, async () => {
        const before = storedState(shop);
        expect((await rawRequest(shop.url, path, request)).status).toBe(status);
        expectNothingStored(shop, before);
        expect(waitingUploads()).toEqual([]);
      });
    }
    // The form with no file spent the target.
    expect((await postToTarget(target!, await pngBytes(4, 4), shop.url)).status).toBe(403);
  });
});
