/**
 * The banner set on the emulated cloud, whatever other batteries left in the shared Banner table
 * (decision 0290): replacing it takes more writes than one DynamoDB transaction when the table
 * holds over 100 banners (createBanner has no cap), and must still work.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cloudShop, ok, type CloudShop } from './support/api';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

async function bannerIds(): Promise<string[]> {
  const ids: string[] = [];
  let nextToken: string | null = null;
  do {
    const data = await ok(
      { token: shop.admin },
      'query ($nextToken: String) { listBanners(limit: 1000, nextToken: $nextToken) { items { id } nextToken } }',
      {
        nextToken,
      },
    );
    const page = data.listBanners as { items: Array<{ id: string }>; nextToken: string | null };
    ids.push(...page.items.map((banner) => banner.id));
    nextToken = page.nextToken;
  } while (nextToken);
  return ids;
}

describe('the banner set on the emulated cloud', () => {
  it('is replaced whole even when the table holds more banners than one transaction takes', async () => {
    const missing = Math.max(0, 130 - (await bannerIds()).length);
    for (let made = 0; made < missing; made += 10)
      await Promise.all(
        Array.from({ length: Math.min(10, missing - made) }, (_, index) =>
          ok({ token: shop.admin }, 'mutation ($input: CreateBannerInput!) { createBanner(input: $input) { id } }', {
            input: { img: shop.imageUrl, index: made + index },
          }),
        ),
      );
    expect((await bannerIds()).length).toBeGreaterThanOrEqual(130);
    const replaced = await ok(
      { token: shop.admin },
      'mutation ($images: [String!]!, $descriptions: [String]) { replaceBanners(images: $images, descriptions: $descriptions) { id index description } }',
      { images: [shop.imageUrl, shop.imageUrl], descriptions: ['First', 'Second'] },
    );
    const banners = replaced.replaceBanners as Array<{ id: string; index: number; description: string }>;
    expect(banners.map((banner) => [banner.index, banner.description])).toEqual([
      [0, 'First'],
      [1, 'Second'],
    ]);
    expect((await bannerIds()).sort()).toEqual(banners.map((banner) => banner.id).sort());
  }, 120_000);
});
