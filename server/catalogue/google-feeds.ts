/**
 * Google's local inventory feeds (decision 0379), built from the catalogue as it is now
 * (shared/google-feeds.ts writes the rows): every item, the categories and tags (a brand where the
 * shop keeps a "Brand" category), and the Shop settings (the store code, the pickup preparation
 * time). The local server serves them on each fetch (server/http/google-feeds-route.ts); the cloud
 * publishes them to the media bucket's `feeds/` on a schedule (`publishGoogleFeeds`), through the
 * `FeedPublisher` port, where CloudFront serves them at the same paths.
 */
import { brandTagsOf } from '../../shared/item-offer';
import { FEED_PATHS, feedPlan, localInventoryFeed, productsFeed, type FeedItem } from '../../shared/google-feeds';
import { reservationSettingsOf, type ReservationSettingsSource } from '../../shared/reservation-limits';
import { SHOP_SETTINGS_ID } from '../../shared/shop-hours';
import { shopDefaults } from '../../shared/shop';
import { shopFactsOf, type ShopSettingsLike } from '../../shared/page-head';
import { parseUsAddress } from '../../shared/structured-data';
import type { CatalogueService } from './catalogue-service';

export interface GoogleFeedFiles {
  /** By path (FEED_PATHS): the TSV text. */
  files: Map<string, string>;
  listed: number;
  noUpc: number;
  noPrice: number;
}

/** Where the cloud keeps the feeds for CloudFront to serve (the media bucket's `feeds/`); the local server has none. */
export interface FeedPublisher {
  write(path: string, text: string): Promise<void>;
}

type SettingsRecord = ShopSettingsLike & ReservationSettingsSource & { googleStoreCode?: string | null };

export class GoogleFeeds {
  constructor(
    private readonly catalogue: CatalogueService,
    /** The site's origin for absolute links (PUBLIC_ORIGIN; SHOP_SITE_ORIGIN in the cloud); null when not known. */
    private readonly origin: () => string | null,
    private readonly publisher: FeedPublisher | null = null,
  ) {}

  /** Both feeds from the catalogue as it is; null when the site's origin is not known (no absolute links). */
  async build(): Promise<GoogleFeedFiles | null> {
    const origin = this.origin();
    if (!origin) return null;
    const [items, categories, tags, settingsRecords] = await Promise.all([
      this.catalogue.records('Item'),
      this.catalogue.records('Category'),
      this.catalogue.records('Tag'),
      this.catalogue.records('ShopSettings'),
    ]);
    const settings = (settingsRecords.find((record) => record.id === SHOP_SETTINGS_ID) ?? null) as SettingsRecord | null;
    const shop = shopFactsOf(settings, shopDefaults);
    const address = parseUsAddress(shop.addressLine);
    const place =
      address.addressLocality && address.addressRegion ? `${address.addressLocality}, ${address.addressRegion}` : shop.addressLine;
    const plan = feedPlan(items as unknown as FeedItem[]);
    const brands = brandTagsOf(categories, tags);
    const files = new Map([
      [FEED_PATHS.products, productsFeed(plan, origin, { name: shop.name, place }, brands)],
      [FEED_PATHS.localInventory, localInventoryFeed(plan, settings?.googleStoreCode, reservationSettingsOf(settings).preparationMinutes)],
    ]);
    return { files, listed: plan.listed.length, noUpc: plan.noUpc, noPrice: plan.noPrice };
  }

  /** The cloud's schedule: both feeds written where CloudFront serves them; the number of items listed (-1: nothing written). */
  async publish(): Promise<number> {
    if (!this.publisher) return -1;
    const built = await this.build();
    if (!built) return -1;
    for (const [path, text] of built.files) await this.publisher.write(path, text);
    return built.listed;
  }
}
