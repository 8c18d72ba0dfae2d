/** Uploads through the API: real PNGs stored with WebP variants; anything else refused. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { responsiveImage } from '../../shared/media';
import { postGraphQL, startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.sessionFor(ROLE_ADMIN)).token;
});
afterAll(async () => { await server?.stop(); });

const UPLOAD = 'mutation ($dataUrl: String!) { uploadImage(dataUrl: $dataUrl) }';
const upload = async (dataUrl: string, token = admin) => (await postGraphQL(server, { query: UPLOAD, variables: { dataUrl } }, { authorization: token })).body;
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#7b1e3a' } }).png().toBuffer();

describe('uploadImage', () => {
  it('stores a PNG and its WebP variants, all served immutably', async () => {
    const body = await upload(dataUrl(await png(1000, 500)));
    expect(body.errors).toBeUndefined();
    const url = body.data!.uploadImage as string;
    expect(url).toMatch(/^\/media\/[a-f0-9]{64}\.png$/);
    const original = await fetch(`${server.url}${url}`);
    expect(original.headers.get('content-type')).toBe('image/png');
    const sources = responsiveImage(url).srcSet!.split(', ').map((entry) => entry.split(' ')[0]!);
    expect(sources).toHaveLength(4);
    for (const source of sources) {
      const response = await fetch(`${server.url}${source}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const { width, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(format).toBe('webp');
      expect(width).toBe(Math.min(1000, Number(/-w(\d+)\.webp$/.exec(source)![1])));
    }
  });

  it('is idempotent for the same bytes', async () => {
    const bytes = await png(20, 20);
    expect((await upload(dataUrl(bytes))).data!.uploadImage).toBe((await upload(dataUrl(bytes))).data!.uploadImage);
  });

  it.each([
    ['a JPEG sent as PNG', async () => dataUrl(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).jpeg().toBuffer()), 'Only .png images can be uploaded'],
    ['a JPEG data URL', async () => `data:image/jpeg;base64,${(await png(10, 10)).toString('base64')}`, 'Only .png images can be uploaded'],
    ['a truncated PNG', async () => dataUrl((await png(100, 100)).subarray(0, 40)), 'The file is not a readable PNG image'],
    ['broken base64', async () => 'data:image/png;base64,@@@@', 'The image data is not valid base64'],
    ['too many pixels', async () => dataUrl(await png(5000, 4000)), 'The image has too many pixels (at most 4096 x 4096)'],
    ['over 5 MB', async () => `data:image/png;base64,${Buffer.alloc(5.5 * 1024 * 1024).toString('base64')}`, 'The image is larger than 5 MB'],
  ])('refuses %s with a clear message and stores nothing', async (_label, make, message) => {
    const before = (await import('node:fs')).readdirSync(server.media.dir).length;
    const body = await upload(await make());
    expect(body.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message });
    expect((await import('node:fs')).readdirSync(server.media.dir).length).toBe(before);
  });

  it('is for admins only', async () => {
    const user = (await server.sessionFor(ROLE_USER)).token;
    expect((await upload(dataUrl(await png(10, 10)), user)).errors?.[0]?.errorType).toBe('Unauthorized');
    const guest = await postGraphQL(server, { query: UPLOAD, variables: { dataUrl: dataUrl(await png(10, 10)) } });
    expect(guest.body.errors?.[0]?.errorType).toBe('Unauthorized');
  });
});
