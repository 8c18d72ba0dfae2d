import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './fields.css';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Help shown under the input and read with it (aria-describedby). */
  hint?: ReactNode;
  /** A control inside the input's right end, such as a show/hide password button. */
  end?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input of the account forms (log in, sign up, password reset, /account). */
export function TextField({ label, hint, end, id, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={end ? 'auth-field__control auth-field__control--with-end' : 'auth-field__control'}>
        <input id={inputId} className="auth-field__input" aria-describedby={hint ? hintId : undefined} {...input} />
        {end}
      </div>
      {hint ? (
        <p id={hintId} className="auth-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export type FieldProps = Omit<TextFieldProps, 'label' | 'type'>;

/** The e-mail field of both forms. */
export function EmailField(props: FieldProps) {
  return <TextField label="Email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
