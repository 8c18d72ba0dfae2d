/**
 * The Department category and its wine, liquor and extras tags exist in every shop, demo data or
 * not: every item must carry one of the tags (server/catalogue/model-guards.ts), so a shop
 * without them could hold no items. Created at start when missing; never changed when present.
 */
import type { ModelStore } from '../db/model-store';
import { BUILT_IN_CATEGORY, BUILT_IN_TAGS, DEPARTMENT_CATEGORY_ID } from '../../shared/catalogue';

export function ensureBuiltInCatalogue(store: ModelStore): void {
  store.transaction(() => {
    if (!store.get('Category', DEPARTMENT_CATEGORY_ID))
      store.create('Category', { ...BUILT_IN_CATEGORY, type: [...BUILT_IN_CATEGORY.type], index: 0 });
    BUILT_IN_TAGS.forEach((tag, index) => {
      if (!store.get('Tag', tag.id)) store.create('Tag', { ...tag, categoryId: DEPARTMENT_CATEGORY_ID, index });
    });
  });
}
