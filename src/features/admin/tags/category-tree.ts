/**
 * The Tags screen's data, pure (no React, no I/O): categories with their tags in display order,
 * the id lists a drag and drop produces, the Filters Preview, and the editors' validation
 * (product §2 Admin tags, §4 Category and tag modals, §5 Category save, Tag save).
 */
import { isFormerPriceCategory } from '../../../../shared/price-ranges';
import { DEPARTMENT_CATEGORY_ID, DEPARTMENT_NAMES, DEPARTMENT_TAG_IDS, type DepartmentName } from '../../../../shared/catalogue';
import type { CategoryRecord, TagRecord } from '../../../lib/catalogue';
import { MESSAGES } from '../../../../shared/messages';

/** The messages of product §8 (Categories, Tags); 'Error creating tag' replaces the original specification's copy-paste (decision 0086). */
export const TAG_MESSAGES = {
  missingName: 'Missing Name',
  loadFailed: 'Error getting categories',
  categoryCreateFailed: 'Error creating category',
  categoryUpdateFailed: 'Error Updating Category',
  categoryDeleteFailed: 'Error Deleting Category',
  categoryCreated: 'Category created',
  categoryUpdated: 'Category Updated',
  categoryDeleted: 'Category Deleted',
  tagCreateFailed: 'Error creating tag',
  tagUpdateFailed: 'Error Updating Tag',
  tagDeleteFailed: 'Error Deleting Tag',
  tagCreated: 'Tag created',
  tagUpdated: 'Tag Updated',
  tagDeleted: 'Tag Deleted',
  /** A new order of categories or of a category's tags was saved (decision 0198). */
  orderSaved: 'Order saved',
} as const;

export interface TagNode {
  id: string;
  name: string;
  categoryId: string;
}

export interface CategoryNode {
  id: string;
  name: string;
  /** The known types it names, in DEPARTMENT_NAMES order (stored spellings of any case are read). */
  type: DepartmentName[];
  visible: boolean;
  tags: TagNode[];
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

const byIndexThenName = (a: { index?: number | null; name: string }, b: { index?: number | null; name: string }) =>
  (a.index ?? Number.POSITIVE_INFINITY) - (b.index ?? Number.POSITIVE_INFINITY) || collator.compare(a.name, b.name);

/** The known types among stored ones, matched ignoring case, each once, in DEPARTMENT_NAMES order. */
export function normalizeTypes(stored: readonly (string | null)[] | null | undefined): DepartmentName[] {
  const wanted = new Set((stored ?? []).map((type) => type?.trim().toLowerCase()));
  return DEPARTMENT_NAMES.filter((type) => wanted.has(type.toLowerCase()));
}

/**
 * Categories by `index` (missing last, then by name), each with its tags by `index`. Tags whose
 * category is gone are left out.
 */
export function buildCategoryTree(categories: readonly CategoryRecord[], tags: readonly TagRecord[]): CategoryNode[] {
  const tagsByCategory = new Map<string, TagRecord[]>();
  for (const tag of tags) {
    const list = tagsByCategory.get(tag.categoryId);
    if (list) list.push(tag);
    else tagsByCategory.set(tag.categoryId, [tag]);
  }
  return [...categories].sort(byIndexThenName).map((category) => ({
    id: category.id,
    name: category.name,
    type: normalizeTypes(category.type),
    visible: category.visible === true,
    tags: [...(tagsByCategory.get(category.id) ?? [])].sort(byIndexThenName).map(({ id, name, categoryId }) => ({ id, name, categoryId })),
  }));
}

/**
 * The ids after moving `activeId` to where `overId` is (dnd-kit's arrayMove), or null when
 * nothing moves (dropped on itself, outside the list, or an id that is not in the list).
 */
export function moveId(ids: readonly string[], activeId: string, overId: string | null | undefined): string[] | null {
  if (!overId || activeId === overId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0) return null;
  const moved = [...ids];
  moved.splice(from, 1);
  moved.splice(to, 0, activeId);
  return moved;
}

/** Orders `items` as `ids` lists them; items not listed keep their order after the listed ones. */
function inOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  const at = (item: T) => position.get(item.id) ?? Number.POSITIVE_INFINITY;
  return [...items].sort((a, b) => at(a) - at(b));
}

/** The tree with its categories in the order of `ids` (the optimistic view of a reorder). */
export function withCategoryOrder(tree: readonly CategoryNode[], ids: readonly string[]): CategoryNode[] {
  return inOrder(tree, ids);
}

/** The tree with one category's tags in the order of `ids`. */
export function withTagOrder(tree: readonly CategoryNode[], categoryId: string, ids: readonly string[]): CategoryNode[] {
  return tree.map((category) => (category.id === categoryId ? { ...category, tags: inOrder(category.tags, ids) } : category));
}

/** One category of the Filters Preview. */
export interface PreviewGroup {
  id: string;
  name: string;
  tags: readonly { id: string; name: string }[];
}

/**
 * The Filters Preview of one menu type: the visible categories whose type list contains it
 * (ignoring case), in order, each with its tags. Hidden categories are left out, as on the
 * public menu (docs/decisions/).
 */
export function previewGroups(tree: readonly CategoryNode[], type: DepartmentName): PreviewGroup[] {
  return tree
    .filter((category) => category.visible && category.type.includes(type) && !isFormerPriceCategory(category.name))
    .map((category) => ({ id: category.id, name: category.name, tags: category.tags.map(({ id, name }) => ({ id, name })) }));
}

/** Adds the type when absent, removes it when present; the result stays in DEPARTMENT_NAMES order. */
export function toggleType(types: readonly DepartmentName[], type: DepartmentName): DepartmentName[] {
  const next = new Set(types);
  if (next.has(type)) next.delete(type);
  else next.add(type);
  return DEPARTMENT_NAMES.filter((known) => next.has(known));
}

export interface CategoryForm {
  name: string;
  type: readonly DepartmentName[];
  visible: boolean;
}

export const EMPTY_CATEGORY_FORM: CategoryForm = { name: '', type: [], visible: true };

/** product §5 Category save: a name and at least one type, else 'All fields are required'. */
export function categoryProblem(form: CategoryForm): string | null {
  return form.name.trim() === '' || form.type.length === 0 ? MESSAGES.allFieldsRequired : null;
}

/** product §5 Tag save: a name, else 'Missing Name'. */
export function tagProblem(name: string): string | null {
  return name.trim() === '' ? TAG_MESSAGES.missingName : null;
}

/** The built-in Department category (it holds the department tags; the server refuses to delete it). */
export const isBuiltInCategory = (categoryId: string) => categoryId === DEPARTMENT_CATEGORY_ID;

/** The built-in department tags (wine, liquor, extras): every item carries one, so they stay. */
export const isBuiltInTag = (tagId: string) => (DEPARTMENT_TAG_IDS as readonly string[]).includes(tagId);
