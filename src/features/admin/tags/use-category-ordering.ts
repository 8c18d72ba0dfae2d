/**
 * The Tags screen's order and expanded state (product §4, decision 0198): a new order of categories or of
 * one category's tags is shown at once and saved (useTreeReorder puts the old one back when the
 * save fails), "Order saved" says it worked, and each category stays expanded or collapsed as it
 * was across that reload. Any other reload opens every category again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { adminKeys } from '../common/admin-keys';
import { userFacingMessage } from '../common/graphql-errors';
import { useTreeReorder, type TreeOrder } from './api';
import { TAG_MESSAGES } from './category-tree';

/** `dataUpdatedAt`: when the category tree last loaded. */
export function useCategoryOrdering(dataUpdatedAt: number) {
  const queryClient = useQueryClient();
  /** Collapsed categories since the last load (product §4: every category starts expanded after a load). */
  const [collapsed, setCollapsed] = useState<{ loadedAt: number; ids: ReadonlySet<string> }>({ loadedAt: 0, ids: new Set() });
  /** While an order is saved (shown at once, then reloaded), the collapsed categories to keep. */
  const [kept, setKeptState] = useState<ReadonlySet<string> | null>(null);
  const keptRef = useRef<ReadonlySet<string> | null>(null);
  const setKept = (ids: ReadonlySet<string> | null) => {
    keptRef.current = ids;
    setKeptState(ids);
  };
  const collapsedIds = collapsed.loadedAt === dataUpdatedAt ? collapsed.ids : (kept ?? new Set<string>());
  const treeReorder = useTreeReorder();
  const savingOrder = treeReorder.isPending;
  const toggleExpanded = (id: string) => {
    const ids = new Set(collapsedIds);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    setCollapsed({ loadedAt: dataUpdatedAt, ids });
    if (keptRef.current) setKept(ids);
  };

  /** Shows the new order now, saves it, puts the old one back on failure, then reloads. */
  const saveOrder = async (order: TreeOrder, failure: string) => {
    setKept(collapsedIds);
    try {
      await treeReorder.mutateAsync(order);
      notify.success(TAG_MESSAGES.orderSaved);
    } catch (saveError) {
      if (!(saveError instanceof SessionEndedError)) notify.error(userFacingMessage(saveError, failure));
    } finally {
      // The reload is in: keep each category as it was, expanded or collapsed.
      setCollapsed({ loadedAt: queryClient.getQueryState(adminKeys.categories())?.dataUpdatedAt ?? 0, ids: keptRef.current ?? new Set() });
      setKept(null);
    }
  };

  const reorderCategories = (categoryIds: string[]) => void saveOrder({ categoryIds }, TAG_MESSAGES.categoryUpdateFailed);
  const reorderTags = (categoryId: string, tagIds: string[]) => void saveOrder({ categoryId, tagIds }, TAG_MESSAGES.tagUpdateFailed);

  return { collapsedIds, toggleExpanded, reorderCategories, reorderTags, savingOrder };
}
