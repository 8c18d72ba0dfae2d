/** The activity log on the local server, through the API: the battery both backends run (tests/support/activity-battery.ts). */
import sharp from 'sharp';
import { describe } from 'vitest';
import { activityBattery } from '../../tests/support/activity-battery';
import { uploadImage } from '../../tests/support/image-upload';
import { localBatteryServer } from '../../tests/support/local-battery';
import { postGraphQL } from '../../tests/support/test-server';

const local = localBatteryServer();

const call = async (caller: { token: string } | 'guest', query: string, variables: Record<string, unknown> = {}) => {
  const server = local.server();
  return (
    await postGraphQL(server, { query, variables }, caller === 'guest' ? { 'x-api-key': server.apiKey } : { authorization: caller.token })
  ).body;
};

describe('the activity log (local server)', () => {
  activityBattery({
    call,
    adminToken: async () => local.adminToken(),
    imageUrl: async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#7a1f2b' } })
        .png()
        .toBuffer();
      const uploaded = await uploadImage(
        (query, variables) => call({ token: local.adminToken() }, query, variables),
        png,
        local.server().url,
      );
      return uploaded.url!;
    },
  });
});
