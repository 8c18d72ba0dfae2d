/** The activity log on the local server, through the API: the battery both backends run (tests/support/activity-battery.ts). */
import sharp from 'sharp';
import { afterAll, beforeAll, describe } from 'vitest';
import { ROLE_ADMIN } from '../../shared/roles';
import { activityBattery } from '../../tests/support/activity-battery';
import { uploadImage } from '../../tests/support/image-upload';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.sessionFor(ROLE_ADMIN)).token;
});
afterAll(async () => {
  await server?.stop();
});

const call = async (caller: { token: string } | 'guest', query: string, variables: Record<string, unknown> = {}) =>
  (await postGraphQL(server, { query, variables }, caller === 'guest' ? { 'x-api-key': server.apiKey } : { authorization: caller.token }))
    .body;

describe('the activity log (local server)', () => {
  activityBattery({
    call,
    adminToken: async () => adminToken,
    imageUrl: async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#7a1f2b' } })
        .png()
        .toBuffer();
      const uploaded = await uploadImage((query, variables) => call({ token: adminToken }, query, variables), png, server.url);
      return uploaded.url!;
    },
  });
});
