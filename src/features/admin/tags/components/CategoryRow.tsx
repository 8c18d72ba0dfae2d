/**
 * One category of the Editor: its reorder handle, its name as the expand/collapse button, its
 * menus and visibility, Edit and Delete; expanded, its tags (each with a reorder handle, Edit and
 * Delete) and Add Tag. The built-in Department category and its department tags cannot be
 * deleted (every item needs one of them), and Department takes no new tags.
 */
import type { ReactNode } from 'react';
import { isBuiltInCategory, isBuiltInTag, type CategoryNode, type TagNode } from '../category-tree';
import { CrossIcon, DisclosureIcon, PencilIcon } from '../../common/icons';
import { ReorderableList } from './ReorderableList';

export interface CategoryRowProps {
  category: CategoryNode;
  /** The row's drag handle (from ReorderableList). */
  handle: ReactNode;
  expanded: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onAddTag: () => void;
  onEditTag: (tag: TagNode) => void;
  onDeleteTag: (tag: TagNode) => void;
  onReorderTags: (ids: string[]) => void;
  /** No tag can be picked up (an order is being saved). */
  tagsDisabled: boolean;
  onTagDragStart: () => void;
  onTagDragFinish: () => void;
}

export function CategoryRow({
  category,
  handle,
  expanded,
  onToggle,
  onEdit,
  onDelete,
  onAddTag,
  onEditTag,
  onDeleteTag,
  onReorderTags,
  tagsDisabled,
  onTagDragStart,
  onTagDragFinish,
}: CategoryRowProps) {
  const tagsId = `category-${category.id}-tags`;
  const builtIn = isBuiltInCategory(category.id);
  return (
    <>
      <div className="category-row__bar">
        {handle}
        <button type="button" className="category-row__toggle" aria-expanded={expanded} aria-controls={tagsId} onClick={onToggle}>
          <DisclosureIcon />
          <span className="category-row__name">{category.name}</span>
        </button>
        <span className="category-row__meta">
          <span className="category-row__types">{category.type.join(' · ')}</span>
          {category.visible ? null : <span className="badge">Hidden</span>}
          {builtIn ? <span className="badge badge--quiet">Built-in</span> : null}
        </span>
        <span className="row-actions">
          <button type="button" className="icon-button" aria-label={`Edit category ${category.name}`} onClick={onEdit}>
            <PencilIcon />
          </button>
          {builtIn ? null : (
            <button type="button" className="icon-button" aria-label={`Delete category ${category.name}`} onClick={onDelete}>
              <CrossIcon />
            </button>
          )}
        </span>
      </div>
      <div id={tagsId} className="category-row__tags" hidden={!expanded}>
        {category.tags.length === 0 ? (
          <p className="tags-empty tags-empty--inline">No tags yet.</p>
        ) : (
          <ReorderableList
            noun="tag"
            items={category.tags}
            onReorder={onReorderTags}
            disabled={tagsDisabled}
            onDragStart={onTagDragStart}
            onDragFinish={onTagDragFinish}
            className="tag-list"
            rowClassName="tag-row"
            renderRow={(tag, tagHandle) => (
              <>
                {tagHandle}
                <span className="tag-row__name">{tag.name}</span>
                <span className="row-actions">
                  <button type="button" className="icon-button" aria-label={`Edit tag ${tag.name}`} onClick={() => onEditTag(tag)}>
                    <PencilIcon />
                  </button>
                  {isBuiltInTag(tag.id) ? null : (
                    <button type="button" className="icon-button" aria-label={`Delete tag ${tag.name}`} onClick={() => onDeleteTag(tag)}>
                      <CrossIcon />
                    </button>
                  )}
                </span>
              </>
            )}
          />
        )}
        {builtIn ? null : (
          <button type="button" className="button button--ghost button--small" onClick={onAddTag}>
            Add Tag<span className="visually-hidden"> to {category.name}</span>
          </button>
        )}
      </div>
    </>
  );
}
