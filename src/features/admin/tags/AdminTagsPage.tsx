/**
 * Tags (product §2 Admin tags, §4, §5, §8): the Editor on the left (categories and their tags,
 * reordered by drag and drop or the keyboard, added, edited and deleted) and the Filters Preview
 * on the right. Order and expanded state: use-category-ordering.ts. Every other change reloads
 * the list after it is saved; each such load opens every category again (product §4).
 */
import { useId, useRef, useState } from 'react';
import { usePageHead } from '../../../hooks/use-page-head';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmDeleteModal } from '../common/ConfirmDeleteModal';
import '../common/admin.css';
import { useCategoryTree, useTagWrites } from './api';
import { runWrite } from '../common/run-write';
import { useCategoryOrdering } from './use-category-ordering';
import { TAG_MESSAGES, type CategoryForm, type CategoryNode, type TagNode } from './category-tree';
import { CategoryEditor } from './components/CategoryEditor';
import { CategoryRow } from './components/CategoryRow';
import { FiltersPreview } from './components/FiltersPreview';
import { QueryState } from '../common/QueryState';
import { ReorderableList } from './components/ReorderableList';
import { TagEditor } from './components/TagEditor';
import './tags.css';

type Editor = { kind: 'category'; category: CategoryNode | null } | { kind: 'tag'; category: CategoryNode; tag: TagNode | null };

type DeleteTarget = { kind: 'category'; category: CategoryNode } | { kind: 'tag'; tag: TagNode };

export function AdminTagsPage() {
  usePageHead('Tags · Admin');
  const writes = useTagWrites();
  const tree = useCategoryTree();
  const { data, isPending, isError, dataUpdatedAt } = tree;
  const categories = isError ? [] : (data ?? []);

  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const { collapsedIds, toggleExpanded, reorderCategories, reorderTags, savingOrder } = useCategoryOrdering(dataUpdatedAt);
  const [tagDragging, setTagDragging] = useState(false);
  const addCategoryRef = useRef<HTMLButtonElement>(null);
  const editorHeadingId = useId();

  const saveCategory = (category: CategoryNode | null, form: CategoryForm) =>
    category
      ? runWrite(
          () => writes.saveCategory.mutateAsync({ id: category.id, form }),
          TAG_MESSAGES.categoryUpdated,
          TAG_MESSAGES.categoryUpdateFailed,
        )
      : runWrite(
          () => writes.saveCategory.mutateAsync({ form, index: categories.length }),
          TAG_MESSAGES.categoryCreated,
          TAG_MESSAGES.categoryCreateFailed,
        );

  const saveTag = (category: CategoryNode, tag: TagNode | null, name: string) =>
    tag
      ? runWrite(
          () => writes.saveTag.mutateAsync({ id: tag.id, categoryId: category.id, name }),
          TAG_MESSAGES.tagUpdated,
          TAG_MESSAGES.tagUpdateFailed,
        )
      : runWrite(
          () => writes.saveTag.mutateAsync({ categoryId: category.id, name, index: category.tags.length }),
          TAG_MESSAGES.tagCreated,
          TAG_MESSAGES.tagCreateFailed,
        );

  /** Resolves false when nothing was deleted (the confirmation then stays open). */
  const confirmDelete = async (target: DeleteTarget) =>
    (target.kind === 'category'
      ? await runWrite(
          () => writes.removeCategory.mutateAsync(target.category.id),
          TAG_MESSAGES.categoryDeleted,
          TAG_MESSAGES.categoryDeleteFailed,
        )
      : await runWrite(() => writes.removeTag.mutateAsync(target.tag.id), TAG_MESSAGES.tagDeleted, TAG_MESSAGES.tagDeleteFailed)) === null;

  const closeEditor = () => setEditor(null);
  const closeAfter = async (saved: Promise<string | null>) => {
    const failure = await saved;
    if (failure === null) closeEditor();
    return failure;
  };

  return (
    <>
      <AdminPageHeader title="Tags" />
      <div className="tags-layout">
        <section className="card tags-panel" aria-labelledby={editorHeadingId}>
          <div className="tags-panel__header">
            <h2 id={editorHeadingId} className="tags-panel__title">
              Editor
            </h2>
            <button
              ref={addCategoryRef}
              type="button"
              className="button"
              // A new category goes last (index = count), so the count must be known.
              disabled={isPending || isError}
              onClick={() => setEditor({ kind: 'category', category: null })}
            >
              Add Category
            </button>
          </div>
          <QueryState query={tree} noun="categories" empty={categories.length === 0}>
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
          </QueryState>
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
        target={deleteTarget}
        noun={deleteTarget?.kind === 'category' ? 'Category' : 'Tag'}
        onConfirm={confirmDelete}
        onClose={() => setDeleteTarget(null)}
        returnFocusTo={addCategoryRef}
      />
    </>
  );
}
