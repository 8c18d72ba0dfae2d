/**
 * The Tags screen's server calls (admin session, lambda auth mode): categories with their tags,
 * create and update through the models, and the all-or-nothing custom mutations for reordering
 * and for deleting a category with its tags.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { buildCategoryTree, TAG_MESSAGES, type CategoryForm, type CategoryNode } from './category-tree';
import { dataOrThrow } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';
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
export function useCategoryTree() {
  return useQuery({
    queryKey: adminKeys.categories(),
    queryFn: () => getCategoryTree(),
    staleTime: 0,
    retry: false,
    meta: { loadFailedMessage: TAG_MESSAGES.loadFailed },
  });
}

/** A new order of categories, or of one category's tags: how the tree looks with it, and the call that saves it. */
export interface TreeReorder {
  reorder: (tree: CategoryNode[]) => CategoryNode[];
  save: () => Promise<unknown>;
}

/**
 * Saves a new order optimistically: the cached tree shows it at once (onMutate), gets the old
 * order back when the save fails (onError), and every list reloads after either (onSettled).
 * `mutateAsync` settles once that reload is in.
 */
export function useTreeReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ save }: TreeReorder) => save(),
    onMutate: async ({ reorder }) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.categories() });
      const previous = queryClient.getQueryData<CategoryNode[]>(adminKeys.categories());
      if (previous) queryClient.setQueryData(adminKeys.categories(), reorder(previous));
      return { previous };
    },
    onError: (_error, _reorder, context) => {
      if (context?.previous) queryClient.setQueryData(adminKeys.categories(), context.previous);
    },
    onSettled: () => catalogueChanged(),
  });
}

/** The calls of the Tags screen, bound to the signed-in session. Each throws ApiCallError on failure. */
export const tagsApi = {
  /** A new category goes last: its index is the current number of categories (SPEC §7). */
  createCategory: async (form: CategoryForm, index: number) =>
    dataOrThrow(await adminClient.models.Category.create({ name: form.name.trim(), type: [...form.type], visible: form.visible, index })),
  updateCategory: async (id: string, form: CategoryForm) =>
    dataOrThrow(await adminClient.models.Category.update({ id, name: form.name.trim(), type: [...form.type], visible: form.visible })),
  deleteCategory: async (id: string) => dataOrThrow(await adminClient.mutations.deleteCategoryAndTags({ id })),
  /** A new tag goes last in its category: its index is the number of tags already there. */
  createTag: async (categoryId: string, name: string, index: number) =>
    dataOrThrow(await adminClient.models.Tag.create({ name: name.trim(), categoryId, index })),
  updateTag: async (id: string, name: string) => dataOrThrow(await adminClient.models.Tag.update({ id, name: name.trim() })),
  deleteTag: async (id: string) => dataOrThrow(await adminClient.models.Tag.delete({ id })),
  reorderCategories: async (ids: readonly string[]) => dataOrThrow(await adminClient.mutations.reorderCategories({ ids: [...ids] })),
  reorderTags: async (categoryId: string, ids: readonly string[]) =>
    dataOrThrow(await adminClient.mutations.reorderTags({ categoryId, ids: [...ids] })),
};
