/**
 * The Tag Editor (product §2, §4, §5): Tag Name and Save. Opens empty to add a tag to a category,
 * pre-filled to edit; Cancel and Escape close it and drop the changes. An empty name is refused
 * with 'Missing Name' before anything is sent.
 */
import { useId, useRef, useState } from 'react';
import { Modal } from '../../../../components/ui/Modal';
import { tagProblem } from '../category-tree';
import { EditorActions, EditorField, useEditorSave } from '../../common/editor-parts';

export interface TagEditorProps {
  /** The tag's name when editing. */
  initialName?: string;
  /** The category the tag is (or goes) in, named under the title. */
  categoryName: string;
  /** Saves; resolves null when saved (the editor then closes), else the failure's message. */
  onSave: (name: string) => Promise<string | null>;
  onCancel: () => void;
}

export function TagEditor({ initialName = '', categoryName, onSave, onCancel }: TagEditorProps) {
  const [name, setName] = useState(initialName);
  const [invalid, setInvalid] = useState(false);
  const { saving, error, onSubmit } = useEditorSave();
  const nameRef = useRef<HTMLInputElement>(null);
  const categoryId = useId();

  const refusal = () => {
    const problem = tagProblem(name);
    setInvalid(problem !== null);
    return problem ? { message: problem, focus: nameRef.current } : null;
  };

  return (
    <Modal title="Tag Editor" describedBy={categoryId} onEscape={saving ? undefined : onCancel} className="admin-modal">
      <p id={categoryId} className="admin-field__note tag-editor__category">
        Category: {categoryName}
      </p>
      <form noValidate onSubmit={onSubmit(refusal, () => onSave(name))}>
        <EditorField
          label="Tag Name"
          inputRef={nameRef}
          value={name}
          invalid={invalid}
          onChange={(value) => {
            setName(value);
            setInvalid(false);
          }}
        />
        <EditorActions saving={saving} error={error} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
