/**
 * uploadImage with everything that is not a PNG within the limits (DESIGN §3: signature, 5 MB,
 * 4096 x 4096): other formats dressed as PNG, markup, junk after a PNG signature, a
 * decompression bomb's header, broken data URLs, bodies over 8 MB. Each is a ValidationError
 * (413 for the body) and no file is written; a real PNG is the control.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PNG_BYTES } from '../../server/media/images';
import { startTestServer, type TestServer } from '../../server/testing/test-server';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { battery } from './support/figures';
import { pngDataUrl } from './support/fixtures';
import { jpegBytes, pngBytes, pngClaiming, pngSignatureWithJunk } from './support/images';
import { rawRequest } from './support/raw-http';
import { asGuest, callAs, expectNothingStored, expectRefused, storedState, type Credentials, type GraphQLBody } from './support/shop';

const tally = battery('uploads');
let shop: TestServer;
let admin: Credentials;
let user: Credentials;

beforeAll(async () => {
  shop = await startTestServer();
  admin = { token: (await shop.sessionFor(ROLE_ADMIN)).token };
  user = { token: (await shop.sessionFor(ROLE_USER)).token };
});
afterAll(async () => { await shop?.stop(); });

const UPLOAD = 'mutation ($d: String!) { uploadImage(dataUrl: $d) }';

async function expectUploadRefused(label: string, dataUrl: string, message: RegExp, credentials: Credentials = admin, errorType = 'ValidationError') {
  await tally.attempt(label, async () => {
    const before = storedState(shop);
    const { body } = await callAs(shop, credentials, UPLOAD, { d: dataUrl });
    expectRefused(body, errorType);
    expect(body.errors![0]!.message).toMatch(message);
    expectNothingStored(shop, before);
  });
}

describe('uploadImage', () => {
  it('stores a real PNG (the control)', async () => {
    await tally.attempt('a 16 x 16 PNG', async () => {
      const files = storedState(shop).media.length;
      const { body } = await callAs(shop, admin, UPLOAD, { d: pngDataUrl(await pngBytes(16, 16)) });
      expect(body.errors).toBeUndefined();
      expect(body.data!.uploadImage).toMatch(/^\/media\/[a-f0-9]{64}\.png$/);
      expect(storedState(shop).media.length).toBeGreaterThan(files);
    });
  });

  it('refuses every file that is not a PNG, whatever the data URL claims', async () => {
    const asPng = (bytes: Buffer | string) => pngDataUrl(Buffer.from(bytes));
    const notPng = /^Only \.png images can be uploaded$/;
    const fakes: Array<[string, string, RegExp]> = [
      ['a JPEG', asPng(await jpegBytes()), notPng],
      ['a GIF', asPng(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')), notPng],
      ['an SVG with a script', asPng('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"><script>window.__pwned=2</script></svg>'), notPng],
      ['an HTML page', asPng('<!doctype html><script>window.__pwned=1</script>'), notPng],
      ['an empty file', 'data:image/png;base64,', notPng],
      ['a PNG signature and junk', asPng(pngSignatureWithJunk()), /not a readable PNG/],
      ['a header claiming 30000 x 30000 pixels', asPng(pngClaiming(30_000, 30_000)), /too many pixels/],
      ['a header claiming 4097 x 4097 pixels', asPng(pngClaiming(4097, 4097)), /too many pixels/],
      ['an SVG data URL', `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`, notPng],
      ['an HTML data URL', `data:text/html;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`, notPng],
      ['a PNG without base64', `data:image/png,${(await pngBytes(4, 4)).toString('latin1')}`, notPng],
      ['base64 with markup in it', 'data:image/png;base64,iVBORw0KGgo<script>alert(1)</script>', /not valid base64/],
      ['an http URL', 'http://127.0.0.1:1/evil.png', notPng],
      ['a file path', '../../../../etc/passwd', notPng],
      ['just over 5 MB', asPng(Buffer.concat([await pngBytes(4, 4), Buffer.alloc(MAX_PNG_BYTES)])), /larger than 5 MB/],
    ];
    for (const [label, dataUrl, message] of fakes) await expectUploadRefused(label, dataUrl, message);
  });

  it('stores nothing of a PNG whose header reads but whose pixels do not, so no record can point at it', async () => {
    const whole = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#552211' } }).png({ compressionLevel: 0 }).toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await expectUploadRefused('a PNG cut in half (it used to stay stored and public)', pngDataUrl(cut), /not a readable PNG/);
    await tally.attempt('an item pointing at where that PNG would be', async () => {
      const before = storedState(shop);
      const url = `/media/${createHash('sha256').update(cut).digest('hex')}.png`;
      expect((await fetch(`${shop.url}${url}`)).status).toBe(404);
      const { body } = await callAs(shop, admin, 'mutation ($i: CreateItemInput!) { createItem(input: $i) { id } }',
        { i: { name: 'Broken picture', price: 9, tags: ['wine'], description: 'd', img: url } });
      expectRefused(body, 'ValidationError');
      expectNothingStored(shop, before);
    });
  });

  it('refuses uploads by users and guests, storing nothing', async () => {
    const png = pngDataUrl(await pngBytes(8, 8));
    await expectUploadRefused('a PNG from a user', png, /Not Authorized/, user, 'Unauthorized');
    await expectUploadRefused('a PNG from a guest', png, /Not Authorized/, asGuest(shop), 'Unauthorized');
  });

  it('refuses an upload body over 8 MB with 413', async () => {
    await tally.attempt('an 8.5 MB data URL', async () => {
      const before = storedState(shop);
      const body = JSON.stringify({ query: UPLOAD, variables: { d: `data:image/png;base64,${'A'.repeat(8.5 * 1024 * 1024)}` } });
      const response = await rawRequest(shop.url, '/graphql', { headers: { authorization: (admin as { token: string }).token }, body });
      expect(response.status).toBe(413);
      expectRefused(response.json as GraphQLBody, 'PayloadTooLarge');
      expectNothingStored(shop, before);
    });
  });
});
