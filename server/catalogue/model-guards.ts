/**
 * Rules the generic model mutations must keep, checked before the write (the editors check them
 * too, but the server is where they hold):
 * - an item carries one of the department tags (wine, liquor, extras; product §5 'Please select
 *   required tag(s)'), on create and whenever an update sets its tags;
 * - the built-in department tags and their category are never deleted, and the tags never leave
 *   the category: the menus are built on them;
 * - an image (`img` of an item, event or banner) is one uploaded here (`/media/<sha256>.png`, `.jpg` or `.webp`,
 *   present), so no record points at a missing file, a variant or somebody else's server;
 * - an item's facts (size, pack, ABV, vintage, stock and when it was counted) hold what
 *   shared/item-facts.ts allows, with its messages;
 * - no client writes an item's price history or when its Sale ends (the Sale mark is judged with
 *   the record, in price-history.ts);
 * - the shop's settings keep New York's hours for a package store (shared/shop-hours-rules.ts) and a
 *   map link is https; its price boundaries are ascending whole dollars (shared/price-ranges.ts);
 *   its pickup limits are whole numbers in range (shared/reservation-limits.ts, decision 0312), and
 *   so are the till feed's warning hours (shared/till-feed.ts, decision 0377);
 * - an event's RSVP settings are in range and no client writes its places taken or when it was
 *   cancelled (shared/rsvp-rules.ts, decision 0344): the RSVP path keeps them.
 * In the cloud the same guard runs in the catalogue function, called by a pipeline function placed
 * before AppSync's own DynamoDB resolvers (amplify/functions/common/model-write-check.ts).
 */
import { DEPARTMENT_CATEGORY_ID, hasDepartmentTag, isDepartment } from '../../shared/catalogue';
import { itemFactsProblem } from '../../shared/item-facts';
import { limitPerCustomerProblem } from '../../shared/customer-limits';
import { MESSAGES } from '../../shared/messages';
import { priceBoundariesProblem } from '../../shared/price-ranges';
import { reservationSettingsProblem } from '../../shared/reservation-limits';
import { rsvpFieldsProblem } from '../../shared/rsvp-rules';
import { tastingRulesProblem } from '../../shared/tasting-rules';
import { tillFeedWarnHoursProblem } from '../../shared/till-feed';
import { storeCodeProblem } from '../../shared/google-feeds';
import { SALE_MESSAGES } from '../../shared/sale-rule';
import { STOCK_MESSAGES } from '../../shared/stock';
import { isMapUrl } from '../../shared/shop-hours';
import { HOURS_MESSAGES, specialDatesProblem, weeklyHoursProblem } from '../../shared/shop-hours-rules';
import { validationError } from '../errors';
import type { ModelWrite } from '../model/model-writes';
import type { ModelMeta } from '../model/model-meta';
import { storedImageName } from '../media/media-store';

export const GUARD_MESSAGES = {
  builtInTag: 'The built-in tags wine, liquor and extras cannot be deleted or moved',
  builtInCategory: 'The built-in Department category cannot be deleted',
  uploadedImage: 'The image must be an uploaded image',
} as const;

/** Whether an uploaded image exists (the data directory locally, S3 in the cloud). */
export interface ImageLookup {
  exists(name: string): boolean | Promise<boolean>;
}

/** Whether a URL names an image uploaded here that is present. */
export async function isUploadedImage(media: ImageLookup, url: unknown): Promise<boolean> {
  const name = storedImageName(url);
  return name !== null && (await media.exists(name));
}

/** The models whose records carry an image (`img`), which must be an uploaded one. */
export const modelsWithImages = (models: readonly ModelMeta[]) =>
  models.filter((model) => model.scalarByName.has('img')).map((model) => model.name);

/**
 * The check for the engine: rejects (ValidationError) a write that would break a rule.
 * `imageModels`: the models with an `img` field.
 */
export function modelWriteGuard(media: ImageLookup, imageModels: readonly string[]) {
  const withImages = new Set(imageModels);
  return async (write: ModelWrite): Promise<void> => {
    checkCatalogueRules(write);
    const img = write.input.img;
    if (write.op !== 'delete' && withImages.has(write.model) && img !== undefined && img !== null && !(await isUploadedImage(media, img))) {
      throw validationError(GUARD_MESSAGES.uploadedImage);
    }
  };
}

/** The rules that need no lookup. */
export function checkCatalogueRules({ op, model, input }: ModelWrite): void {
  if (model === 'Item' && (op === 'create' || 'tags' in input)) {
    const tags = input.tags;
    if (!hasDepartmentTag(tags)) throw validationError(MESSAGES.requiredTags);
  }
  // The price history is the server's record of what the shop charged (decision 0293), and when a
  // Sale ends is worked out from it (decision 0295).
  if (model === 'Item' && 'priceHistory' in input) throw validationError(SALE_MESSAGES.history);
  if (model === 'Item' && 'saleEndsAt' in input) throw validationError(SALE_MESSAGES.saleEndsAt);
  // The shelf's count and the holds are the server's two facts of stock (decision 0367).
  for (const field of ['shelfStock', 'heldStock'])
    if (model === 'Item' && field in input) throw validationError(STOCK_MESSAGES.serverOnly(field));
  if (model === 'Item' && op !== 'delete') {
    // The limit per customer: 1-99 or null (decision 0371).
    const problem = itemFactsProblem(input) ?? limitPerCustomerProblem(input.limitPerCustomer);
    if (problem) throw validationError(problem);
  }
  if (model === 'Tag' && isDepartment(input.id)) {
    const leaves = op === 'delete' || ((op === 'create' || 'categoryId' in input) && input.categoryId !== DEPARTMENT_CATEGORY_ID);
    if (leaves) throw validationError(GUARD_MESSAGES.builtInTag);
  }
  if (model === 'Category' && op === 'delete' && input.id === DEPARTMENT_CATEGORY_ID) {
    throw validationError(GUARD_MESSAGES.builtInCategory);
  }
  if (model === 'ShopSettings' && op !== 'delete') checkShopSettings(input);
  if (model === 'Event' && op !== 'delete') {
    const problem = rsvpFieldsProblem(input);
    if (problem) throw validationError(problem);
  }
  if (
    model === 'Banner' &&
    op !== 'delete' &&
    typeof input.description === 'string' &&
    input.description.trim().length > MAX_BANNER_DESCRIPTION
  ) {
    throw validationError(`A banner's description is too long (at most ${MAX_BANNER_DESCRIPTION} characters)`);
  }
}

/** A banner's description (its alt text and phone caption), at most this many characters. */
export const MAX_BANNER_DESCRIPTION = 300;

/** The shop's hours as New York allows them, the menu's price boundaries (decision 0280), the tasting rules' length (decision 0350), the till feed's warning hours (decision 0377), Google's store code (decision 0379), and a map link a page may link to. */
function checkShopSettings(input: Readonly<Record<string, unknown>>): void {
  const problem =
    weeklyHoursProblem(input.weeklyHours) ??
    specialDatesProblem(input.specialDates) ??
    priceBoundariesProblem(input.priceBoundaries) ??
    reservationSettingsProblem(input) ??
    tastingRulesProblem(input.tastingRules) ??
    tillFeedWarnHoursProblem(input.tillFeedWarnHours) ??
    storeCodeProblem(input.googleStoreCode);
  if (problem) throw validationError(problem);
  const { mapUrl } = input;
  if (mapUrl !== undefined && mapUrl !== null && mapUrl !== '' && !isMapUrl(mapUrl)) throw validationError(HOURS_MESSAGES.mapUrl);
}
