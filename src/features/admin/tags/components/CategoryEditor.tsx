/**
 * The Category Editor (product §2, §4, §5): Category Name, the Wine, Liquor and Extras type chips
 * (toggle buttons, any number), Visible, Save. Opens empty to add, pre-filled to edit; Cancel
 * and Escape close it and drop the changes. An empty name or no type is refused with
 * 'All fields are required' before anything is sent.
 */
import { useId, useRef, useState } from 'react';
import { Modal } from '../../../../components/ui/Modal';
import { categoryProblem, EMPTY_CATEGORY_FORM, toggleType, type CategoryForm } from '../category-tree';
import { DEPARTMENT_NAMES } from '../../../../../shared/catalogue';
import { EditorActions, EditorField, useEditorSave } from '../../common/editor-parts';

export interface CategoryEditorProps {
  /** The category being edited; absent to add one. */
  initial?: CategoryForm;
  /** Saves; resolves null when saved (the editor then closes), else the failure's message. */
  onSave: (form: CategoryForm) => Promise<string | null>;
  onCancel: () => void;
}

export function CategoryEditor({ initial, onSave, onCancel }: CategoryEditorProps) {
  const [form, setForm] = useState<CategoryForm>(initial ?? EMPTY_CATEGORY_FORM);
  const [invalid, setInvalid] = useState<'name' | 'type' | null>(null);
  const { saving, error, onSubmit } = useEditorSave();
  const nameRef = useRef<HTMLInputElement>(null);
  const typesRef = useRef<HTMLDivElement>(null);
  const typeLabelId = useId();

  const refusal = () => {
    const problem = categoryProblem(form);
    if (!problem) return null;
    const field = form.name.trim() === '' ? 'name' : 'type';
    setInvalid(field);
    return { message: problem, focus: field === 'name' ? nameRef.current : typesRef.current?.querySelector('button') };
  };

  return (
    <Modal title="Category Editor" onEscape={saving ? undefined : onCancel} className="admin-modal">
      <form noValidate onSubmit={onSubmit(refusal, () => onSave(form))}>
        <EditorField
          label="Category Name"
          inputRef={nameRef}
          value={form.name}
          invalid={invalid === 'name'}
          onChange={(name) => {
            setForm({ ...form, name });
            if (invalid === 'name') setInvalid(null);
          }}
        />
        <div className="admin-field">
          <span id={typeLabelId} className="admin-field__label">
            Type
          </span>
          <div ref={typesRef} className="type-chips" role="group" aria-labelledby={typeLabelId}>
            {DEPARTMENT_NAMES.map((type) => (
              <button
                key={type}
                type="button"
                className="type-chip"
                aria-pressed={form.type.includes(type)}
                onClick={() => {
                  setForm({ ...form, type: toggleType(form.type, type) });
                  if (invalid === 'type') setInvalid(null);
                }}
              >
                {type}
              </button>
            ))}
          </div>
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={form.visible} onChange={(event) => setForm({ ...form, visible: event.target.checked })} />
          Visible
        </label>
        <EditorActions saving={saving} error={error} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
