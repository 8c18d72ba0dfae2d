import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../shared/messages';
import { ADMIN_MESSAGES, adminFormProblem, adminToForm, EMPTY_ADMIN_FORM, splitName } from './admin-form';

const good = { firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com', password: 'Gr8-Merlot!', confirmPassword: 'Gr8-Merlot!' };

describe('splitName', () => {
  it('splits on the first space', () => {
    expect(splitName('Ana Lopez')).toEqual({ firstName: 'Ana', lastName: 'Lopez' });
    expect(splitName('Ana Maria de la Cruz')).toEqual({ firstName: 'Ana', lastName: 'Maria de la Cruz' });
    expect(splitName('  Cher  ')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitName('Ana   Lopez')).toEqual({ firstName: 'Ana', lastName: 'Lopez' });
  });

  it('pre-fills the editor without passwords', () => {
    expect(adminToForm({ name: 'Ana Lopez', email: 'ana@example.com' })).toEqual({ ...good, password: '', confirmPassword: '' });
  });
});

describe('adminFormProblem', () => {
  it("requires all five fields to create: 'Missing required fields'", () => {
    expect(adminFormProblem(EMPTY_ADMIN_FORM, 'create')).toEqual({ field: 'firstName', message: 'Missing required fields' });
    expect(adminFormProblem({ ...good, confirmPassword: '' }, 'create')).toEqual({
      field: 'confirmPassword',
      message: ADMIN_MESSAGES.missingFields,
    });
  });

  it('points at a name of more than one line, with a link or over 60 characters, when creating or editing', () => {
    expect(adminFormProblem({ ...good, firstName: 'Ana\nB' }, 'create')).toEqual({ field: 'firstName', message: MESSAGES.nameNotOneLine });
    expect(adminFormProblem({ ...good, lastName: 'www.evil.example' }, 'edit')).toEqual({
      field: 'lastName',
      message: MESSAGES.nameHasLink,
    });
    expect(adminFormProblem({ ...good, lastName: 'x'.repeat(61) }, 'edit')).toEqual({ field: 'lastName', message: MESSAGES.nameTooLong });
    expect(adminFormProblem({ ...good, lastName: 'x'.repeat(60) }, 'create')).toBeNull();
  });

  it("stops mismatched passwords before sending: 'Passwords do not match'", () => {
    expect(adminFormProblem({ ...good, confirmPassword: 'Gr8-Merlot?' }, 'create')).toEqual({
      field: 'confirmPassword',
      message: 'Passwords do not match',
    });
  });

  it('checks the password policy', () => {
    expect(adminFormProblem({ ...good, password: 'short', confirmPassword: 'short' }, 'create')?.field).toBe('password');
    expect(adminFormProblem(good, 'create')).toBeNull();
  });

  it('needs only names and e-mail to edit', () => {
    expect(adminFormProblem({ ...good, password: '', confirmPassword: '' }, 'edit')).toBeNull();
    expect(adminFormProblem({ ...good, email: ' ' }, 'edit')).toEqual({ field: 'email', message: 'Missing required fields' });
  });

  it('names the messages of product §8', () => {
    expect(ADMIN_MESSAGES).toMatchObject({
      created: 'Admin created successfully',
      updated: 'Admin Updated',
      deleted: 'Admin Deleted',
      updateFailed: 'Error Updating Admin',
      deleteFailed: 'Error Deleting Admin',
    });
  });
});
