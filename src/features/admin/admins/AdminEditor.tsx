/**
 * The Admin Editor (product §2, §4, §5): first name, last name and e-mail, plus password and confirm
 * password when creating (hidden when editing). Editing pre-fills the names split on the first
 * space. 'Missing required fields', 'Passwords do not match' and the password policy are checked
 * before anything is sent; the server checks them again.
 */
import { useRef, useState } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { PASSWORD_POLICY_TEXT } from '../../../../shared/validation/account';
import { EditorActions, EditorField, useEditorSave } from '../common/editor-parts';
import { adminFormProblem, EMPTY_ADMIN_FORM, type AdminField, type AdminForm } from './admin-form';

export interface AdminEditorProps {
  /** The form pre-filled for editing; absent to create an admin. */
  initial?: AdminForm;
  /** Saves; resolves null when saved (the editor then closes), else the failure's message. */
  onSave: (form: AdminForm) => Promise<string | null>;
  onCancel: () => void;
}

const FIELDS: { field: AdminField; label: string; type: string; autoComplete: string; createOnly?: boolean }[] = [
  { field: 'firstName', label: 'First Name', type: 'text', autoComplete: 'off' },
  { field: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'off' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', createOnly: true },
  { field: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password', createOnly: true },
];

export function AdminEditor({ initial, onSave, onCancel }: AdminEditorProps) {
  const mode = initial ? 'edit' : 'create';
  const [form, setForm] = useState<AdminForm>(initial ?? EMPTY_ADMIN_FORM);
  const [invalid, setInvalid] = useState<AdminField | null>(null);
  const { saving, error, onSubmit } = useEditorSave();
  const inputs = useRef(new Map<AdminField, HTMLInputElement>());

  const refusal = () => {
    const problem = adminFormProblem(form, mode);
    setInvalid(problem?.field ?? null);
    return problem ? { message: problem.message, focus: inputs.current.get(problem.field) } : null;
  };

  return (
    <Modal title="Admin Editor" onEscape={saving ? undefined : onCancel} className="admin-modal">
      <form noValidate onSubmit={onSubmit(refusal, () => onSave(form))}>
        {FIELDS.filter(({ createOnly }) => mode === 'create' || !createOnly).map(({ field, label, type, autoComplete }) => (
          <EditorField
            key={field}
            label={label}
            type={type}
            autoComplete={autoComplete}
            value={form[field]}
            invalid={invalid === field}
            note={field === 'password' ? PASSWORD_POLICY_TEXT : undefined}
            inputRef={(input) => {
              if (input) inputs.current.set(field, input);
              else inputs.current.delete(field);
            }}
            onChange={(value) => {
              setForm({ ...form, [field]: value });
              if (invalid === field) setInvalid(null);
            }}
          />
        ))}
        <EditorActions saving={saving} error={error} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
