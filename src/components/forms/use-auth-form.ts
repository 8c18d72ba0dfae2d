import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { AuthResult } from '../../lib/auth';
import { fieldForMessage } from './field-for-message';

/**
 * A toast, with react-toastify loaded only when the first one is shown: the sign-in pages' first
 * script stays within the public pages' budget (design §4) instead of carrying it.
 */
const toast = (kind: 'success' | 'error', message: string) => void import('../../lib/notify').then(({ notify }) => notify[kind](message));

interface AuthFormOptions<F extends string> {
  /** The form's text fields, in screen order. */
  fields: readonly F[];
  submit: (values: Readonly<Record<F, string>>) => Promise<AuthResult>;
  /** The success toast's message, read once the session is stored; none without it. */
  successMessage?: () => string;
  /** What happens next when it worked (the sign-in forms redirect by the session instead). */
  onSuccess?: () => void;
  /** The fields' first values (the account page's details); empty otherwise. */
  initial?: Partial<Record<F, string>>;
}

/**
 * State and submit of the account forms (log in, sign up, the password reset pair, /account): one request at a time (the submit button is
 * disabled meanwhile), failures as an Error toast with the field concerned marked invalid and
 * focused. On success the session store changes and the page redirects by role.
 */
export function useAuthForm<F extends string>({ fields, submit, successMessage, onSuccess, initial }: AuthFormOptions<F>) {
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map((field) => [field, initial?.[field] ?? ''])) as Record<F, string>,
  );
  const [invalid, setInvalid] = useState<F | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const inputs = useRef(new Map<F, HTMLInputElement>());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    let result: AuthResult;
    try {
      result = await submit(values);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
    if (result === 'success') {
      if (successMessage) toast('success', successMessage());
      onSuccess?.();
      return;
    }
    toast('error', result.message);
    const field = fieldForMessage(result.message, values, fields);
    setInvalid(field);
    if (field) inputs.current.get(field)?.focus();
  };

  /** Props for the input of `name`: value, change handler, invalid state and a ref for focus. */
  const fieldProps = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setInvalid((current) => (current === name ? null : current));
    },
    'aria-invalid': invalid === name ? true : undefined,
    ref: (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
  });

  /** Sets fields' values (a form emptied after it worked). */
  const reset = (next: Partial<Record<F, string>>) => setValues((current) => ({ ...current, ...next }));

  return { busy, values, onSubmit, fieldProps, reset };
}
