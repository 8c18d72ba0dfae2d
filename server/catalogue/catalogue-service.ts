/**
 * Catalogue changes that land whole or not at all: the banner set, the order of categories and
 * of tags, and a category with its tags. The service reads, plans the writes, and hands them to a
 * CatalogueStore that applies them together: one SQLite transaction locally, one DynamoDB
 * transaction in the cloud (amplify/functions/common/dynamo-catalogue.ts). Each update and delete
 * names the record's updatedAt as read, so a record changed in between fails the whole change.
 */
import type { ModelRecord, ModelStore } from '../db/model-store';
import { AppError, validationError } from '../errors';
import { DEPARTMENT_CATEGORY_ID } from '../../shared/catalogue';
import { GUARD_MESSAGES, isUploadedImage, MAX_BANNER_DESCRIPTION } from './model-guards';

export { MAX_BANNER_DESCRIPTION };

export const MAX_BANNERS = 20;

/**
 * The banners' descriptions, parallel to `count` images: each trimmed, an empty one null.
 * Null or undefined means none at all.
 */
export function bannerDescriptions(descriptions: readonly unknown[] | null | undefined, count: number): Array<string | null> {
  if (descriptions == null) return Array.from({ length: count }, () => null);
  if (!Array.isArray(descriptions) || descriptions.length !== count) {
    throw validationError('Give one description per banner image (or none at all)');
  }
  return descriptions.map((description, index) => {
    if (description == null) return null;
    if (typeof description !== 'string') throw validationError(`The description of banner ${index + 1} must be text`);
    const text = description.trim();
    if (text.length > MAX_BANNER_DESCRIPTION) {
      throw validationError(`The description of banner ${index + 1} is too long (at most ${MAX_BANNER_DESCRIPTION} characters)`);
    }
    return text || null;
  });
}

export type CatalogueWrite =
  | { op: 'create'; model: string; fields: Record<string, unknown> }
  | { op: 'update'; model: string; id: string; fields: Record<string, unknown>; expectUpdatedAt: string }
  | { op: 'delete'; model: string; id: string; expectUpdatedAt: string };

export interface CatalogueStore {
  /** Every record of a model, or those whose `where.field` equals `where.value`. */
  all(model: string, where?: { field: string; value: string }): ModelRecord[] | Promise<ModelRecord[]>;
  get(model: string, id: string): ModelRecord | null | Promise<ModelRecord | null>;
  /**
   * Applies the writes all or none and returns the records as written (a deleted one as it was).
   * A record whose updatedAt is no longer the expected one fails it with `conditionFailed()`
   * (errorType DynamoDB:ConditionalCheckFailedException).
   */
  commit(writes: CatalogueWrite[]): ModelRecord[] | Promise<ModelRecord[]>;
}

/** Whether an uploaded image exists (the data directory locally, S3 in the cloud). */
export interface ImageLookup {
  exists(name: string): boolean | Promise<boolean>;
}

const byIndex = (a: ModelRecord, b: ModelRecord) => Number(a.index ?? 0) - Number(b.index ?? 0);

export class CatalogueService {
  constructor(
    private readonly store: CatalogueStore,
    private readonly media: ImageLookup,
  ) {}

  async replaceBanners(images: string[], descriptions?: readonly unknown[] | null): Promise<ModelRecord[]> {
    if (images.length > MAX_BANNERS) throw validationError(`At most ${MAX_BANNERS} banners`);
    const described = bannerDescriptions(descriptions, images.length);
    for (const image of images) {
      if (!(await isUploadedImage(this.media, image))) {
        throw validationError('Each banner must be an uploaded image');
      }
    }
    const writes: CatalogueWrite[] = (await this.store.all('Banner')).map((banner) => ({
      op: 'delete',
      model: 'Banner',
      id: banner.id,
      expectUpdatedAt: banner.updatedAt,
    }));
    const created = images.map((img, index): CatalogueWrite => ({
      op: 'create',
      model: 'Banner',
      fields: { img, index, description: described[index] },
    }));
    return (await this.store.commit([...writes, ...created])).slice(writes.length);
  }

  async reorderCategories(ids: string[]): Promise<ModelRecord[]> {
    return this.renumber('Category', await this.store.all('Category'), ids, 'category');
  }

  async reorderTags(categoryId: string, ids: string[]): Promise<ModelRecord[]> {
    return this.renumber('Tag', await this.store.all('Tag', { field: 'categoryId', value: categoryId }), ids, 'tag of the category');
  }

  async deleteCategoryAndTags(id: string): Promise<ModelRecord> {
    if (id === DEPARTMENT_CATEGORY_ID) throw validationError(GUARD_MESSAGES.builtInCategory);
    const category = await this.store.get('Category', id);
    if (!category) throw new AppError('NotFound', 'Category not found');
    const tags = await this.store.all('Tag', { field: 'categoryId', value: id });
    const written = await this.store.commit([
      ...tags.map((tag): CatalogueWrite => ({ op: 'delete', model: 'Tag', id: tag.id, expectUpdatedAt: tag.updatedAt })),
      { op: 'delete', model: 'Category', id, expectUpdatedAt: category.updatedAt },
    ]);
    return written[written.length - 1]!;
  }

  /** Sets index = position for every record; the ids must list each record exactly once. */
  private async renumber(model: string, records: ModelRecord[], ids: string[], what: string): Promise<ModelRecord[]> {
    const known = new Set(records.map((record) => record.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw validationError(`The new order must list every ${what} exactly once`);
    }
    const current = new Map(records.map((record) => [record.id, record]));
    const changed = ids.filter((id, index) => current.get(id)!.index !== index);
    const written = await this.store.commit(
      changed.map((id) => ({
        op: 'update',
        model,
        id,
        fields: { index: ids.indexOf(id) },
        expectUpdatedAt: current.get(id)!.updatedAt,
      })),
    );
    const updated = new Map(written.map((record) => [record.id, record]));
    return ids.map((id) => updated.get(id) ?? current.get(id)!).sort(byIndex);
  }
}

/** The local store: ModelStore on SQLite, every commit in one transaction. */
export class SqliteCatalogueStore implements CatalogueStore {
  constructor(private readonly store: ModelStore) {}

  all(model: string, where?: { field: string; value: string }): ModelRecord[] {
    const records: ModelRecord[] = [];
    let nextToken: string | null = null;
    do {
      const page = this.store.list(model, { where, limit: 1000, nextToken });
      records.push(...page.items);
      nextToken = page.nextToken;
    } while (nextToken);
    return records;
  }

  get(model: string, id: string): ModelRecord | null {
    return this.store.get(model, id);
  }

  commit(writes: CatalogueWrite[]): ModelRecord[] {
    return this.store.transaction(() =>
      writes.map((write) => {
        switch (write.op) {
          case 'create':
            return this.store.create(write.model, write.fields);
          case 'update':
            return this.store.update(write.model, { ...write.fields, id: write.id }, { updatedAt: { eq: write.expectUpdatedAt } });
          case 'delete':
            return this.store.delete(write.model, { id: write.id }, { updatedAt: { eq: write.expectUpdatedAt } });
        }
      }),
    );
  }
}
