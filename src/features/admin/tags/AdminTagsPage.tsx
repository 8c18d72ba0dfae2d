/**
 * Tags (SPEC §2 Admin tags, §4, §5, §8): the Editor on the left (categories and their tags,
 * reordered by drag and drop or the keyboard, added, edited and deleted) and the Filters Preview
 * on the right.
 *
 * A new order is shown at once, saved in one server-side step (reorderCategories/reorderTags),
 * put back as it was when the save fails, and then the list reloads; "Order saved" says it worked,
 * and each category stays expanded or collapsed as it was (issue 16). Every other change reloads
 * the list after it is saved; each such load opens every category again (SPEC §4).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { usePageHead } from '../../../hooks/use-page-head';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmDeleteModal } from '../common/ConfirmDeleteModal';
import { userFacingMessage } from '../common/graphql-errors';
import '../common/admin.css';
import { useCategoryTree, useTagWrites, useTreeReorder, type TreeOrder } from './api';
import { TAG_MESSAGES, type CategoryForm, type CategoryNode, type TagNode } from './category-tree';
import { CategoryEditor } from './components/CategoryEditor';
import { CategoryRow } from './components/CategoryRow';
import { FiltersPreview } from './components/FiltersPreview';
import { ListEmptyState } from '../common/editor-parts';
import { ReorderableList } from './components/ReorderableList';
import { TagEditor } from './components/TagEditor';
import './tags.css';
import { adminKeys } from '../common/admin-keys';

type Editor = { kind: 'category'; category: CategoryNode | null } | { kind: 'tag'; category: CategoryNode; tag: TagNode | null };

type DeleteTarget = { kind: 'category'; category: CategoryNode } | { kind: 'tag'; tag: TagNode };

/** A failed call's message: the server's own refusal, else `fallback`; null for an ended session (already handled). */
function failureMessage(error: unknown, fallback: string): string | null {
  return error instanceof SessionEndedError ? null : userFacingMessage(error, fallback);
}

export function AdminTagsPage() {
  usePageHead('Tags · Admin');
  const writes = useTagWrites();
  const queryClient = useQueryClient();
  const { data, isPending, isError, dataUpdatedAt, refetch } = useCategoryTree();
  const categories = isError ? [] : (data ?? []);

  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  /** Collapsed categories since the last load (SPEC §4: every category starts expanded after a load). */
  const [collapsed, setCollapsed] = useState<{ loadedAt: number; ids: ReadonlySet<string> }>({ loadedAt: 0, ids: new Set() });
  /** While an order is saved (shown at once, then reloaded), the collapsed categories to keep. */
  const [kept, setKeptState] = useState<ReadonlySet<string> | null>(null);
  const keptRef = useRef<ReadonlySet<string> | null>(null);
  const setKept = (ids: ReadonlySet<string> | null) => {
    keptRef.current = ids;
    setKeptState(ids);
  };
  const collapsedIds = collapsed.loadedAt === dataUpdatedAt ? collapsed.ids : (kept ?? new Set<string>());
  const [tagDragging, setTagDragging] = useState(false);
  const treeReorder = useTreeReorder();
  const savingOrder = treeReorder.isPending;
  const addCategoryRef = useRef<HTMLButtonElement>(null);
  const editorHeadingId = useId();

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
      const message = failureMessage(saveError, failure);
      if (message) notify.error(message);
    } finally {
      // The reload is in: keep each category as it was, expanded or collapsed.
      setCollapsed({ loadedAt: queryClient.getQueryState(adminKeys.categories())?.dataUpdatedAt ?? 0, ids: keptRef.current ?? new Set() });
      setKept(null);
    }
  };

  const reorderCategories = (categoryIds: string[]) => void saveOrder({ categoryIds }, TAG_MESSAGES.categoryUpdateFailed);
  const reorderTags = (categoryId: string, tagIds: string[]) => void saveOrder({ categoryId, tagIds }, TAG_MESSAGES.tagUpdateFailed);

  /**
   * Runs a save or delete (the mutation reloads the lists): the success toast, or the failure
   * toast. Resolves null when it worked, else the failure's message (empty when the session ended).
   */
  const run = async (action: () => Promise<unknown>, success: string, failure: string): Promise<string | null> => {
    try {
      await action();
    } catch (actionError) {
      const message = failureMessage(actionError, failure);
      if (message) notify.error(message);
      return message ?? '';
    }
    notify.success(success);
    return null;
  };

  const saveCategory = (category: CategoryNode | null, form: CategoryForm) =>
    category
      ? run(
          () => writes.saveCategory.mutateAsync({ id: category.id, form }),
          TAG_MESSAGES.categoryUpdated,
          TAG_MESSAGES.categoryUpdateFailed,
        )
      : run(
          () => writes.saveCategory.mutateAsync({ form, index: categories.length }),
          TAG_MESSAGES.categoryCreated,
          TAG_MESSAGES.categoryCreateFailed,
        );

  const saveTag = (category: CategoryNode, tag: TagNode | null, name: string) =>
    tag
      ? run(
          () => writes.saveTag.mutateAsync({ id: tag.id, categoryId: category.id, name }),
          TAG_MESSAGES.tagUpdated,
          TAG_MESSAGES.tagUpdateFailed,
        )
      : run(
          () => writes.saveTag.mutateAsync({ categoryId: category.id, name, index: category.tags.length }),
          TAG_MESSAGES.tagCreated,
          TAG_MESSAGES.tagCreateFailed,
        );

  /** Resolves false when nothing was deleted (the confirmation then stays open). */
  const confirmDelete = async (target: DeleteTarget) =>
    (target.kind === 'category'
      ? await run(
          () => writes.removeCategory.mutateAsync(target.category.id),
          TAG_MESSAGES.categoryDeleted,
          TAG_MESSAGES.categoryDeleteFailed,
        )
      : await run(() => writes.removeTag.mutateAsync(target.tag.id), TAG_MESSAGES.tagDeleted, TAG_MESSAGES.tagDeleteFailed)) === null;

  const closeEditor = () => setEditor(null);
  const closeAfter = async (saved: Promise<string | null>) => {
    const failure = await saved;
    if (failure === null) closeEditor();
    return failure;
  };

  let editorBody;
  if (isPending) {
    editorBody = <Spinner label="Loading categories" />;
  } else if (categories.length === 0) {
    editorBody = <ListEmptyState failed={isError} noun="categories" onRetry={() => void refetch()} />;
  } else {
    editorBody = (
      <ReorderableList
        noun="category"
        items={categories}
        onReorder={reorderCategories}
        disabled={tagDragging || savingOrder}
        className="category-list"
        rowClassName="category-row"
        renderRow={(category, handle) => (
          <CategoryRow
            category={category}
            handle={handle}
            expanded={!collapsedIds.has(category.id)}
            onToggle={() => toggleExpanded(category.id)}
            onEdit={() => setEditor({ kind: 'category', category })}
            onDelete={() => setDeleteTarget({ kind: 'category', category })}
            onAddTag={() => setEditor({ kind: 'tag', category, tag: null })}
            onEditTag={(tag) => setEditor({ kind: 'tag', category, tag })}
            onDeleteTag={(tag) => setDeleteTarget({ kind: 'tag', tag })}
            onReorderTags={(ids) => reorderTags(category.id, ids)}
            tagsDisabled={savingOrder}
            onTagDragStart={() => setTagDragging(true)}
            onTagDragFinish={() => setTagDragging(false)}
          />
        )}
      />
    );
  }

  return (
    <>
      <AdminPageHeader title="Tags" />
      <div className="tags-layout">
        <section className="tags-panel" aria-labelledby={editorHeadingId}>
          <div className="tags-panel__header">
            <h2 id={editorHeadingId} className="tags-panel__title">
              Editor
            </h2>
            <button
              ref={addCategoryRef}
              type="button"
              className="admin-button"
              // A new category goes last (index = count), so the count must be known.
              disabled={isPending || isError}
              onClick={() => setEditor({ kind: 'category', category: null })}
            >
              Add Category
            </button>
          </div>
          {editorBody}
        </section>
        <FiltersPreview categories={categories} />
      </div>

      {editor?.kind === 'category' ? (
        <CategoryEditor
          initial={editor.category ?? undefined}
          onSave={(form) => closeAfter(saveCategory(editor.category, form))}
          onCancel={closeEditor}
        />
      ) : null}
      {editor?.kind === 'tag' ? (
        <TagEditor
          initialName={editor.tag?.name}
          categoryName={editor.category.name}
          onSave={(name) => closeAfter(saveTag(editor.category, editor.tag, name))}
          onCancel={closeEditor}
        />
      ) : null}
      <ConfirmDeleteModal
        open={deleteTarget !== null}
        title={deleteTarget?.kind === 'category' ? 'Delete Category' : 'Delete Tag'}
        message={
          deleteTarget?.kind === 'category' ? 'Are you sure you want to delete this category?' : 'Are you sure you want to delete this tag?'
        }
        onConfirm={() => (deleteTarget ? confirmDelete(deleteTarget) : Promise.resolve(true))}
        onClose={() => setDeleteTarget(null)}
        returnFocusTo={addCategoryRef}
      />
    </>
  );
}
