/**
 * The Admin Editor's rules, pure (product §4 Event and admin editors, §5 Admin create, §8 Admins;
 * design §3): what must be filled in, the password checks made before anything is sent, and the
 * name split for editing.
 */
import { MESSAGES } from '../../../../shared/messages';
import { passwordProblem } from '../../../../shared/validation/account';
import { nameProblem } from '../../../../shared/validation/name';

export const ADMIN_MESSAGES = {
  missingFields: MESSAGES.missingRequiredFields,
  passwordsDoNotMatch: MESSAGES.passwordsDoNotMatch,
  created: 'Admin created successfully',
  createFailed: 'Error creating admin',
  updated: 'Admin Updated',
  updateFailed: 'Error Updating Admin',
  deleted: 'Admin Deleted',
  deleteFailed: 'Error Deleting Admin',
} as const;

export interface AdminForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type AdminField = keyof AdminForm;

export const EMPTY_ADMIN_FORM: AdminForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** "Ana Maria Lopez" gives Ana and "Maria Lopez": the first space splits (product §5); no space, no last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/** The editor pre-filled for an admin (the password fields stay empty and hidden). */
export const adminToForm = (admin: { name: string; email: string }): AdminForm => ({
  ...EMPTY_ADMIN_FORM,
  ...splitName(admin.name),
  email: admin.email,
});

export interface AdminFormProblem {
  field: AdminField;
  message: string;
}

/**
 * Why the form cannot be sent, or null. Creating needs all five fields, names of one short line
 * without links (shared/validation/name.ts), matching passwords and the password policy; editing
 * needs the names, under the same rule, and the e-mail. Mismatched passwords stop here:
 * nothing is created (the original specification's flaw of creating anyway is not kept; decision 0037).
 */
export function adminFormProblem(form: AdminForm, mode: 'create' | 'edit'): AdminFormProblem | null {
  const required: AdminField[] =
    mode === 'create' ? ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] : ['firstName', 'lastName', 'email'];
  const empty = required.find((field) => form[field].trim() === '');
  if (empty) return { field: empty, message: ADMIN_MESSAGES.missingFields };
  for (const field of ['firstName', 'lastName'] as const) {
    const message = nameProblem(form[field]);
    if (message) return { field, message };
  }
  if (mode === 'edit') return null;
  if (form.password !== form.confirmPassword) return { field: 'confirmPassword', message: ADMIN_MESSAGES.passwordsDoNotMatch };
  const policy = passwordProblem(form.password);
  return policy ? { field: 'password', message: policy } : null;
}
