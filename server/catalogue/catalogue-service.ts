/**
 * Catalogue changes that land whole or not at all: the banner set, the order of categories and
 * of tags, and a category with its tags. Each runs in one SQLite transaction (in the cloud, one
 * DynamoDB transaction).
 */
import type { ModelRecord, ModelStore } from '../db/model-store';
import { AppError, validationError } from '../errors';
import type { MediaStore } from '../media/media-store';
import { MEDIA_URL_PREFIX } from '../media/media-store';
import { DEPARTMENT_CATEGORY_ID } from '../../shared/catalogue';

export const MAX_BANNERS = 20;

const byIndex = (a: ModelRecord, b: ModelRecord) => Number(a.index ?? 0) - Number(b.index ?? 0);

export class CatalogueService {
  constructor(private readonly store: ModelStore, private readonly media: MediaStore) {}

  private all(model: string, filter?: Record<string, unknown>): ModelRecord[] {
    const records: ModelRecord[] = [];
    let nextToken: string | null = null;
    do {
      const page = this.store.list(model, { filter, limit: 1000, nextToken });
      records.push(...page.items);
      nextToken = page.nextToken;
    } while (nextToken);
    return records;
  }

  replaceBanners(images: string[]): ModelRecord[] {
    if (images.length > MAX_BANNERS) throw validationError(`At most ${MAX_BANNERS} banners`);
    for (const image of images) {
      if (!image.startsWith(MEDIA_URL_PREFIX) || !this.media.exists(image.slice(MEDIA_URL_PREFIX.length))) {
        throw validationError('Each banner must be an uploaded image');
      }
    }
    return this.store.transaction(() => {
      for (const banner of this.all('Banner')) this.store.delete('Banner', { id: banner.id });
      return images.map((img, index) => this.store.create('Banner', { img, index }));
    });
  }

  reorderCategories(ids: string[]): ModelRecord[] {
    return this.store.transaction(() => this.renumber('Category', this.all('Category'), ids, 'category'));
  }

  reorderTags(categoryId: string, ids: string[]): ModelRecord[] {
    return this.store.transaction(() => this.renumber('Tag', this.all('Tag', { categoryId: { eq: categoryId } }), ids, 'tag of the category'));
  }

  deleteCategoryAndTags(id: string): ModelRecord {
    if (id === DEPARTMENT_CATEGORY_ID) throw validationError('The built-in Department category cannot be deleted');
    return this.store.transaction(() => {
      if (!this.store.get('Category', id)) throw new AppError('NotFound', 'Category not found');
      for (const tag of this.all('Tag', { categoryId: { eq: id } })) this.store.delete('Tag', { id: tag.id });
      return this.store.delete('Category', { id });
    });
  }

  /** Sets index = position for every record; the ids must list each record exactly once. */
  private renumber(model: string, records: ModelRecord[], ids: string[], what: string): ModelRecord[] {
    const known = new Set(records.map((record) => record.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw validationError(`The new order must list every ${what} exactly once`);
    }
    const current = new Map(records.map((record) => [record.id, record]));
    return ids.map((id, index) => (current.get(id)!.index === index ? current.get(id)! : this.store.update(model, { id, index }))).sort(byIndex);
  }
}
