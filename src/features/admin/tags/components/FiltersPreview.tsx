/**
 * The Filters Preview (product §2 Admin tags): Wine, Liquor and Extras buttons (Wine first) and, for
 * the chosen menu, its categories with their tags as checkboxes, as the menu's filter panel will
 * show them. The checkboxes only try the look; nothing is saved.
 */
import { useId, useState } from 'react';
import { FilterGroup, FilterOption } from '../../../../components/ui/FilterGroup';
import { previewGroups, type CategoryNode } from '../category-tree';
import { DEPARTMENT_NAMES, type DepartmentName } from '../../../../../shared/catalogue';

export function FiltersPreview({ categories }: { categories: readonly CategoryNode[] }) {
  const [type, setType] = useState<DepartmentName>('Wine');
  const headingId = useId();
  const groups = previewGroups(categories, type);
  return (
    <section className="card tags-panel filters-preview" aria-labelledby={headingId}>
      <h2 id={headingId} className="tags-panel__title">
        Filters Preview
      </h2>
      <div className="filters-preview__types" role="group" aria-label="Menu to preview">
        {DEPARTMENT_NAMES.map((option) => (
          <button key={option} type="button" className="type-chip" aria-pressed={option === type} onClick={() => setType(option)}>
            {option}
          </button>
        ))}
      </div>
      <p className="admin-field__note">
        Hidden categories are left out, as on the menu, and so is a category named Price: the menu's Price filter follows each item's price,
        in the ranges set in Shop settings.
      </p>
      {groups.length === 0 ? (
        <p className="tags-empty">No visible categories for {type}.</p>
      ) : (
        <div className="filters-preview__groups">
          {groups.map((group) => (
            <FilterGroup
              key={group.id}
              name={group.name}
              className="filters-preview__group"
              empty={<p className="admin-field__note">No tags yet.</p>}
            >
              {group.tags.map((tag) => (
                <FilterOption key={tag.id} label={tag.name} />
              ))}
            </FilterGroup>
          ))}
        </div>
      )}
    </section>
  );
}
