/**
 * Pieces the admin editors share (items, tags, categories, events, admins; product §2):
 *
 * - `useEditorSave` and `EditorActions`: the Cancel and Save row of an editor with its inline
 *   error (toasts are inert behind a modal, so the dialog says it too), and the saving state.
 * - `EditorField` and `EditorTextArea`: a labelled input or text area, `aria-invalid` when refused.
 *
 *     const { saving, error, onSubmit } = useEditorSave();
 *     // a refusal: toast + inline message + focus; else onSave: null when saved, else the message
 *     <form onSubmit={onSubmit(() => (problem ? { message: problem, focus: nameRef.current } : null), () => onSave(values))}>
 *     ...
 *     <EditorField label="Tag Name" value={name} onChange={setName} invalid={invalid} inputRef={nameRef} />
 *     <EditorActions saving={saving} error={error} onCancel={onCancel} />
 */
import { useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes } from 'react';
import { notify } from '../../../lib/notify';
import { MAX_TEXT_LENGTH } from '../../../../shared/validation/text';
import { AdminField, type ControlIds } from './AdminField';

/** Why a form is not saved: the message, and the control to put focus on. */
export interface Refusal {
  message: string;
  focus?: HTMLElement | null;
}

export function useEditorSave() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  /** Refuses to save: the message as a toast and in the dialog, focus on the field concerned. */
  const refuse = ({ message, focus }: Refusal) => {
    setError(message);
    notify.error(message);
    focus?.focus();
  };
  /** Runs the save; on failure shows its message in the dialog and allows another try. */
  const save = async (run: () => Promise<string | null>) => {
    setSaving(true);
    setError('');
    const failure = await run();
    if (failure) {
      setError(failure);
      setSaving(false);
    }
  };
  return {
    saving,
    error,
    refuse,
    save,
    /** Takes the inline message away (its cause is gone). */
    clear: () => setError(''),
    /**
     * The form's submit handler: nothing while a save runs; the refusal `check` returns (it marks
     * its field invalid), else the save `run`.
     */
    onSubmit: (check: () => Refusal | null, run: () => Promise<string | null>) => (event: FormEvent) => {
      event.preventDefault();
      if (saving) return;
      const refusal = check();
      if (refusal) refuse(refusal);
      else void save(run);
    },
  };
}

export interface EditorActionsProps {
  saving: boolean;
  /** The refusal to repeat inside the dialog ('' for none). */
  error: string;
  onCancel: () => void;
  /** Disables both buttons; defaults to `saving`. */
  busy?: boolean;
  cancelLabel?: string;
  /** For dialogs without a form: Save becomes a plain button calling this. */
  onSave?: () => void;
  /** An id for the error line, for a dialog described by it. */
  errorId?: string;
  className?: string;
}

export function EditorActions({
  saving,
  error,
  onCancel,
  busy = saving,
  cancelLabel = 'Cancel',
  onSave,
  errorId,
  className,
}: EditorActionsProps) {
  return (
    <div className={className ? `admin-modal__actions ${className}` : 'admin-modal__actions'}>
      <p id={errorId} className="admin-form-error" role="alert">
        {error}
      </p>
      <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <button type={onSave ? 'button' : 'submit'} className="button" onClick={onSave} disabled={busy} aria-busy={saving || undefined}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </div>
  );
}

/** What an editor's text control and its field take besides the control's own attributes. */
interface EditorControlProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** Help under the control, read with it. */
  note?: string;
  /** A class for the field around the control (`full-row`). */
  fieldClassName?: string;
}

/** The props both text controls get: the field's ids, the value, a length limit and the invalid flag. */
function controlledText(control: ControlIds, { value, onChange, invalid }: Pick<EditorControlProps, 'value' | 'onChange' | 'invalid'>) {
  return {
    ...control,
    maxLength: MAX_TEXT_LENGTH,
    value,
    'aria-invalid': invalid || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
}

export interface EditorFieldProps extends EditorControlProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled one-line input of an admin editor; attributes given (type, maxLength, ...) win. */
export function EditorField({ label, value, onChange, invalid, note, fieldClassName, inputRef, ...input }: EditorFieldProps) {
  return (
    <AdminField label={label} note={note} className={fieldClassName}>
      {(control) => (
        <input
          ref={inputRef}
          className="admin-input"
          type="text"
          autoComplete="off"
          {...controlledText(control, { value, onChange, invalid })}
          {...input}
        />
      )}
    </AdminField>
  );
}

export interface EditorTextAreaProps
  extends EditorControlProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> {
  textAreaRef?: Ref<HTMLTextAreaElement>;
}

export function EditorTextArea({ label, value, onChange, invalid, note, fieldClassName, textAreaRef, ...textArea }: EditorTextAreaProps) {
  return (
    <AdminField label={label} note={note} className={fieldClassName}>
      {(control) => (
        <textarea ref={textAreaRef} className="admin-textarea" {...controlledText(control, { value, onChange, invalid })} {...textArea} />
      )}
    </AdminField>
  );
}
