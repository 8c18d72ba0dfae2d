import { useRef, type RefObject } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { tagNames, toggleTag, type TagGroup } from './tag-groups';

export interface TagPickerProps {
  groups: readonly TagGroup[] | undefined;
  loading: boolean;
  failed: boolean;
  selection: readonly string[];
  onChange: (selection: string[]) => void;
  /** Marks the picker invalid (no department tag chosen). */
  invalid?: boolean;
  /** Receives the first checkbox, so a refusal can put the focus there. */
  firstCheckboxRef?: RefObject<HTMLInputElement | null>;
  describedBy?: string;
}

/**
 * Tag picking in the Item Editor (product §4): the chosen tags as removable chips, then a group of
 * checkboxes per category. Ticking adds a tag; unticking or removing its chip takes it away.
 */
export function TagPicker({ groups, loading, failed, selection, onChange, invalid, firstCheckboxRef, describedBy }: TagPickerProps) {
  const names = tagNames(groups ?? []);
  const chipsRef = useRef<HTMLUListElement>(null);

  const removeChip = (id: string, position: number) => {
    onChange(selection.filter((tag) => tag !== id));
    // Keep the keyboard where it was: the next chip, else the previous, else the first checkbox.
    requestAnimationFrame(() => {
      const buttons = chipsRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
      const target = buttons[Math.min(position, buttons.length - 1)];
      (target ?? firstCheckboxRef?.current)?.focus();
    });
  };

  let first = true;
  return (
    <fieldset className="tag-picker" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend className="admin-field__label">Tags</legend>
      <p className="admin-field__note">Choose at least one of Wine, Liquor or Extras.</p>
      {selection.length > 0 ? (
        <ul ref={chipsRef} className="tag-picker__chips" aria-label="Selected tags">
          {selection.map((id, position) => {
            const name = names.get(id) ?? id;
            return (
              <li key={id} className="tag-chip">
                <span>{name}</span>
                <button type="button" className="tag-chip__remove" aria-label={`Remove ${name}`} onClick={() => removeChip(id, position)}>
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M7 7l10 10M17 7L7 17" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="tag-picker__none">No tags selected.</p>
      )}
      {loading ? <Spinner label="Loading tags" /> : null}
      {failed ? <p className="tag-picker__none">The tags could not be loaded.</p> : null}
      <div className="tag-picker__groups">
        {(groups ?? []).map((group) => (
          <fieldset key={group.id} className="tag-picker__group">
            <legend>{group.name}</legend>
            {group.tags.length === 0 ? <p className="tag-picker__none">No tags</p> : null}
            {group.tags.map((tag) => {
              const ref = first ? firstCheckboxRef : undefined;
              first = false;
              return (
                <label key={tag.id} className="admin-check">
                  <input
                    ref={ref}
                    type="checkbox"
                    checked={selection.includes(tag.id)}
                    onChange={() => onChange(toggleTag(selection, tag.id))}
                  />
                  <span>{tag.name}</span>
                </label>
              );
            })}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
