/**
 * Seeds the demo catalogue into a deployed backend the way staff would fill it: through the API,
 * as an admin. Images go up as the browser sends them (`requestImageUpload`, a POST of the file to
 * the presigned target in S3, `storeUploadedImage`: the media Lambda's checks, WebP variants), then
 * categories, tags, items and events through the model mutations, and the banners through
 * `replaceBanners`. The same catalogue as the local server's seed (demo/).
 */
import { buildDemoCatalogue, type DemoImageSpec } from '../../demo/demo-catalogue';
import { renderDemoImage } from '../../demo/demo-images';
import { demoShopSettings } from '../../demo/demo-shop';
import { postToTarget, REQUEST_UPLOAD, STORE_UPLOAD } from '../support/image-upload';
import type { ImageUploadTarget } from '../../shared/image-upload';

export interface ApiCaller {
  (query: string, variables?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** Calls `url` with `authorization` (a session token), failing on any GraphQL error. */
export function apiCaller(url: string, headers: Record<string, string>): ApiCaller {
  return async (query, variables = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: Array<{ errorType?: string; message: string }> };
    if (!response.ok || body.errors?.length) throw new Error(`${query.slice(0, 60)}...: ${response.status} ${JSON.stringify(body.errors)}`);
    return body.data ?? {};
  };
}

export async function seedThroughApi(call: ApiCaller, today = new Date()): Promise<{ images: number; records: number }> {
  const catalogue = buildDemoCatalogue(today);
  let images = 0;
  const upload = async (spec: DemoImageSpec) => {
    const { png } = await renderDemoImage(spec);
    const target = (await call(REQUEST_UPLOAD)).requestImageUpload as ImageUploadTarget;
    const posted = await postToTarget(target, png, target.url);
    if (!posted.ok) throw new Error(`the upload target answered ${posted.status}: ${await posted.text()}`);
    const data = await call(STORE_UPLOAD, { id: target.id });
    images++;
    return data.storeUploadedImage as string;
  };
  let records = 0;
  const create = async (model: string, input: Record<string, unknown>) => {
    await call(`mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`, { input });
    records++;
  };
  for (const category of catalogue.categories) await create('Category', { ...category });
  for (const tag of catalogue.tags) await create('Tag', { ...tag });
  // No API writes a price history (decision 0293), so the demo's Sale item is seeded unmarked.
  for (const { image, onSale: _onSale, priceHistory: _history, saleEndsAt: _ends, ...item } of catalogue.items)
    await create('Item', { ...item, img: await upload(image) });
  for (const { image, ...event } of catalogue.events) await create('Event', { ...event, img: image ? await upload(image) : null });
  await create('ShopSettings', demoShopSettings(today));
  const banners = [...catalogue.banners].sort((a, b) => a.index - b.index);
  const bannerImages: string[] = [];
  for (const banner of banners) bannerImages.push(await upload(banner.image));
  await call(
    'mutation ($images: [String!]!, $descriptions: [String]) { replaceBanners(images: $images, descriptions: $descriptions) { id } }',
    {
      images: bannerImages,
      descriptions: banners.map((banner) => banner.description),
    },
  );
  records += banners.length;
  return { images, records };
}
