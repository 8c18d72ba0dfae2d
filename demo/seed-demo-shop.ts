/**
 * Seeds an empty data directory with the demo catalogue (demo/), once: images are rendered
 * and stored first, then every record is inserted in one transaction, then the seed is marked
 * done. A crash part-way leaves an empty catalogue that the next start seeds again.
 */
import type { Db } from '../server/db/database';
import type { ModelStore } from '../server/db/model-store';
import type { MediaStore } from '../server/media/media-store';
import { storeImage } from '../server/media/images';
import { buildDemoCatalogue, type DemoImageSpec } from './demo-catalogue';
import { demoShopSettings } from './demo-shop';

const SEEDED_KEY = 'demoSeeded';

export async function seedDemoCatalogue(db: Db, store: ModelStore, media: MediaStore, today = new Date()): Promise<boolean> {
  if (db.prepare('SELECT 1 FROM _meta WHERE key = ?').get(SEEDED_KEY)) return false;
  const catalogue = buildDemoCatalogue(today);
  // Loaded only when seeding: rendering pulls in sharp, which a normal start does not need.
  const { renderDemoImage } = await import('./demo-images');
  const store_ = async (spec: DemoImageSpec) => storeImage(media, (await renderDemoImage(spec)).png);
  const [itemImages, bannerImages, eventImages] = await Promise.all([
    Promise.all(catalogue.items.map((item) => store_(item.image))),
    Promise.all(catalogue.banners.map((banner) => store_(banner.image))),
    Promise.all(catalogue.events.map((event) => (event.image ? store_(event.image) : Promise.resolve(null)))),
  ]);
  store.transaction(() => {
    // The built-in category and tags may exist already (a shop started without demo data).
    for (const category of catalogue.categories) if (!store.get('Category', category.id)) store.create('Category', { ...category });
    for (const tag of catalogue.tags) if (!store.get('Tag', tag.id)) store.create('Tag', { ...tag });
    catalogue.items.forEach(({ image: _image, ...item }, i) => store.create('Item', { ...item, img: itemImages[i] }));
    catalogue.banners.forEach((banner, i) =>
      store.create('Banner', { index: banner.index, img: bannerImages[i], description: banner.description }),
    );
    catalogue.events.forEach(({ image: _image, ...event }, i) => store.create('Event', { ...event, img: eventImages[i] }));
    const settings = demoShopSettings(today);
    if (!store.get('ShopSettings', settings.id)) store.create('ShopSettings', settings);
    db.prepare('INSERT INTO _meta (key, value) VALUES (?, ?)').run(SEEDED_KEY, new Date().toISOString());
  });
  return true;
}
