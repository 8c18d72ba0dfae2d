/**
 * The frame of every admin form control: a visible label tied to the control, and an optional
 * note under it that the control is described by. The control itself comes from `children`,
 * which receives the ids to put on it.
 *
 *     <AdminField label="Tag Name" note="Shown on the menu">
 *       {(control) => <input {...control} className="admin-input" />}
 *     </AdminField>
 */
import { useId, type ReactNode } from 'react';
import './admin.css';

export interface ControlIds {
  id: string;
  'aria-describedby': string | undefined;
}

export interface AdminFieldProps {
  label: string;
  /** Help under the control, read with it. */
  note?: string;
  /** An id for the control (else one is generated). */
  id?: string;
  className?: string;
  children: (control: ControlIds) => ReactNode;
}

export function AdminField({ label, note, id, className, children }: AdminFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const noteId = `${controlId}-note`;
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label className="admin-field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-describedby': note ? noteId : undefined })}
      {note ? (
        <p id={noteId} className="admin-field__note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
