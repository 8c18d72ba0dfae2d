/**
 * Pieces the admin screens of tags, categories, events and admins share (SPEC §2 editors):
 *
 * - `useEditorSave` and `EditorActions`: the Cancel and Save row of an editor with its inline
 *   error (toasts are inert behind a modal, so the dialog says it too), and the saving state.
 * - `EditorField`: a labelled input, marked `aria-invalid` when refused.
 * - `ListEmptyState`: an empty list, or one that failed to load with a Try again button.
 *
 *     const { saving, error, refuse, save } = useEditorSave();
 *     if (problem) return refuse(problem, nameRef.current);   // toast + inline message + focus
 *     await save(() => onSave(values));                        // onSave: null when saved, else the message
 *     ...
 *     <EditorField label="Tag Name" value={name} onChange={setName} invalid={invalid} inputRef={nameRef} />
 *     <EditorActions saving={saving} error={error} onCancel={onCancel} />
 */
import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { notify } from '../../../../lib/notify';

export function useEditorSave() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  return {
    saving,
    error,
    /** Refuses to save: the message as a toast and in the dialog, focus on the field concerned. */
    refuse: (message: string, focus?: HTMLElement | null) => {
      setError(message);
      notify.error(message);
      focus?.focus();
    },
    /** Runs the save; on failure shows its message in the dialog and allows another try. */
    save: async (run: () => Promise<string | null>) => {
      setSaving(true);
      setError('');
      const failure = await run();
      if (failure) {
        setError(failure);
        setSaving(false);
      }
    },
  };
}

export function EditorActions({ saving, error, onCancel }: { saving: boolean; error: string; onCancel: () => void }) {
  return (
    <div className="admin-modal__actions">
      <p className="admin-form-error" role="alert">
        {error}
      </p>
      <button type="button" className="admin-button admin-button--ghost" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" className="admin-button" disabled={saving} aria-busy={saving || undefined}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </div>
  );
}

export interface EditorFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** Help under the input, read with it. */
  note?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function EditorField({ label, value, onChange, invalid, note, inputRef, type = 'text', ...input }: EditorFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="admin-input"
        type={type}
        autoComplete="off"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={note ? noteId : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
      {note ? (
        <p id={noteId} className="admin-field__note">
          {note}
        </p>
      ) : null}
    </div>
  );
}

export interface ListEmptyStateProps {
  /** The list could not be loaded (else it is just empty). */
  failed: boolean;
  /** "categories", "events": in "The events couldn't be loaded." */
  noun: string;
  onRetry: () => void;
}

export function ListEmptyState({ failed, noun, onRetry }: ListEmptyStateProps) {
  return (
    <div className="empty-state">
      <p>{failed ? `The ${noun} couldn't be loaded.` : `No ${noun} yet.`}</p>
      {failed ? (
        <button type="button" className="admin-button admin-button--ghost" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
