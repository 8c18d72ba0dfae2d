/**
 * The Tags screen's server calls (admin session, lambda auth mode): categories with their tags,
 * create and update through the models, and the all-or-nothing custom mutations for reordering
 * and for deleting a category with its tags.
 */
import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/amplify';
import { useSignedInCall } from '../../../lib/auth';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { buildCategoryTree, TAG_MESSAGES, type CategoryForm, type CategoryNode } from './category-tree';
import { dataOrThrow } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';

export type SignedInCall = ReturnType<typeof useSignedInCall>;

export async function getCategoryTree(signedInCall: SignedInCall): Promise<CategoryNode[]> {
  const [categories, tags] = await Promise.all([
    listAll((nextToken) =>
      signedInCall((auth) =>
        client.models.Category.list({
          selectionSet: ['id', 'name', 'type', 'visible', 'index'],
          limit: MAX_PAGE_SIZE,
          nextToken,
          ...auth,
        }),
      ),
    ),
    listAll((nextToken) =>
      signedInCall((auth) =>
        client.models.Tag.list({ selectionSet: ['id', 'name', 'categoryId', 'index'], limit: MAX_PAGE_SIZE, nextToken, ...auth }),
      ),
    ),
  ]);
  return buildCategoryTree(categories, tags);
}

/** Every category with its tags, in display order. */
export function useCategoryTree() {
  const signedInCall = useSignedInCall();
  return useQuery({
    queryKey: adminKeys.categories(),
    queryFn: () => getCategoryTree(signedInCall),
    staleTime: 0,
    retry: false,
    meta: { loadFailedMessage: TAG_MESSAGES.loadFailed },
  });
}

/** The calls of the Tags screen, bound to the signed-in session. Each throws ApiCallError on failure. */
export function tagsApi(signedInCall: SignedInCall) {
  return {
    /** A new category goes last: its index is the current number of categories (SPEC §7). */
    createCategory: async (form: CategoryForm, index: number) =>
      dataOrThrow(
        await signedInCall((auth) =>
          client.models.Category.create({ name: form.name.trim(), type: [...form.type], visible: form.visible, index }, auth),
        ),
      ),
    updateCategory: async (id: string, form: CategoryForm) =>
      dataOrThrow(
        await signedInCall((auth) =>
          client.models.Category.update({ id, name: form.name.trim(), type: [...form.type], visible: form.visible }, auth),
        ),
      ),
    deleteCategory: async (id: string) => dataOrThrow(await signedInCall((auth) => client.mutations.deleteCategoryAndTags({ id }, auth))),
    /** A new tag goes last in its category: its index is the number of tags already there. */
    createTag: async (categoryId: string, name: string, index: number) =>
      dataOrThrow(await signedInCall((auth) => client.models.Tag.create({ name: name.trim(), categoryId, index }, auth))),
    updateTag: async (id: string, name: string) =>
      dataOrThrow(await signedInCall((auth) => client.models.Tag.update({ id, name: name.trim() }, auth))),
    deleteTag: async (id: string) => dataOrThrow(await signedInCall((auth) => client.models.Tag.delete({ id }, auth))),
    reorderCategories: async (ids: readonly string[]) =>
      dataOrThrow(await signedInCall((auth) => client.mutations.reorderCategories({ ids: [...ids] }, auth))),
    reorderTags: async (categoryId: string, ids: readonly string[]) =>
      dataOrThrow(await signedInCall((auth) => client.mutations.reorderTags({ categoryId, ids: [...ids] }, auth))),
  };
}
