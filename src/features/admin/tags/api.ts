/**
 * The Tags screen's server calls (admin session, lambda auth mode): categories with their tags,
 * create and update through the models, and the all-or-nothing custom mutations for reordering
 * and for deleting a category with its tags.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { buildCategoryTree, TAG_MESSAGES, withCategoryOrder, withTagOrder, type CategoryForm, type CategoryNode } from './category-tree';
import { dataOrThrow } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';
import { adminQuery } from '../common/admin-query';
import { adminClient } from '../common/admin-client';
import { catalogueChanged } from '../common/catalogue-cache';

export async function getCategoryTree(): Promise<CategoryNode[]> {
  const [categories, tags] = await Promise.all([
    listAll((nextToken) =>
      adminClient.models.Category.list({
        selectionSet: ['id', 'name', 'type', 'visible', 'index'],
        limit: MAX_PAGE_SIZE,
        nextToken,
      }),
    ),
    listAll((nextToken) =>
      adminClient.models.Tag.list({ selectionSet: ['id', 'name', 'categoryId', 'index'], limit: MAX_PAGE_SIZE, nextToken }),
    ),
  ]);
  return buildCategoryTree(categories, tags);
}

/** Every category with its tags, in display order. */
export const categoryTreeQuery = () => adminQuery(adminKeys.categories(), getCategoryTree, TAG_MESSAGES.loadFailed, { retry: false });

export function useCategoryTree() {
  return useQuery(categoryTreeQuery());
}

/** A new order: of the categories, or of one category's tags (ids in their new order). */
export type TreeOrder = { categoryIds: readonly string[] } | { categoryId: string; tagIds: readonly string[] };

const withOrder = (tree: CategoryNode[], order: TreeOrder) =>
  'categoryIds' in order ? withCategoryOrder(tree, [...order.categoryIds]) : withTagOrder(tree, order.categoryId, [...order.tagIds]);

/** Saves a new order in one all-or-nothing call (the custom reorder mutations). */
async function saveOrder(order: TreeOrder) {
  return 'categoryIds' in order
    ? dataOrThrow(await adminClient.mutations.reorderCategories({ ids: [...order.categoryIds] }))
    : dataOrThrow(await adminClient.mutations.reorderTags({ categoryId: order.categoryId, ids: [...order.tagIds] }));
}

/**
 * Saves a new order optimistically: the cached tree shows it at once (onMutate), gets the old
 * order back when the save fails (onError), and every list reloads after either (onSettled).
 * `mutateAsync` settles once that reload is in.
 */
export function useTreeReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.categories() });
      const previous = queryClient.getQueryData<CategoryNode[]>(adminKeys.categories());
      if (previous) queryClient.setQueryData(adminKeys.categories(), withOrder(previous, order));
      return { previous };
    },
    onError: (_error, _order, context) => {
      if (context?.previous) queryClient.setQueryData(adminKeys.categories(), context.previous);
    },
    onSettled: () => catalogueChanged(),
  });
}

/** A category from its editor: an update when it has an id, else a new one, last (its index is the count so far, product §7). */
async function saveCategory({ id, form, index }: { id?: string; form: CategoryForm; index?: number }) {
  const fields = { name: form.name.trim(), type: [...form.type], visible: form.visible };
  return dataOrThrow(
    await (id ? adminClient.models.Category.update({ id, ...fields }) : adminClient.models.Category.create({ ...fields, index })),
  );
}

/** A tag from its editor: an update when it has an id, else a new one, last in its category. */
async function saveTag({ id, categoryId, name, index }: { id?: string; categoryId: string; name: string; index?: number }) {
  return dataOrThrow(
    await (id
      ? adminClient.models.Tag.update({ id, name: name.trim() })
      : adminClient.models.Tag.create({ name: name.trim(), categoryId, index })),
  );
}

const deleteCategory = async (id: string) => dataOrThrow(await adminClient.mutations.deleteCategoryAndTags({ id }));
const deleteTag = async (id: string) => dataOrThrow(await adminClient.models.Tag.delete({ id }));

/** The Tags screen's writes, as mutations; each reloads every list (admin and public) when it worked. Each throws ApiCallError on failure. */
export function useTagWrites() {
  const reload = () => void catalogueChanged();
  return {
    saveCategory: useMutation({ mutationFn: saveCategory, onSuccess: reload }),
    removeCategory: useMutation({ mutationFn: deleteCategory, onSuccess: reload }),
    saveTag: useMutation({ mutationFn: saveTag, onSuccess: reload }),
    removeTag: useMutation({ mutationFn: deleteTag, onSuccess: reload }),
  };
}
