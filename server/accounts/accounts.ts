/** Creating accounts: the User record and its password hash land together or not at all. */
import { hashPassword } from '../auth/passwords';
import type { ModelRecord, ModelStore } from '../db/model-store';
import { AppError, validationError } from '../errors';
import { isValidEmail, normalizeEmail, passwordProblem } from '../../shared/validation/account';
import type { Role } from '../../shared/roles';

export interface NewAccount { email: string; name: string; password: string; type: Role }

export function findUserByEmail(store: ModelStore, email: string): ModelRecord | null {
  return store.list('User', { filter: { email: { eq: normalizeEmail(email) } }, limit: 1 }).items[0] ?? null;
}

export async function createAccount(store: ModelStore, account: NewAccount): Promise<ModelRecord> {
  const email = normalizeEmail(account.email);
  if (!isValidEmail(email)) throw validationError('Please enter a valid email address');
  const problem = passwordProblem(account.password);
  if (problem) throw validationError(problem);
  const passwordHash = await hashPassword(account.password);
  return store.transaction(() => {
    if (findUserByEmail(store, email)) throw new AppError('ValidationError', 'An account with this email already exists');
    const user = store.create('User', { email, name: account.name.trim(), type: account.type });
    store.db.prepare('INSERT INTO _credentials (userId, passwordHash) VALUES (?, ?)').run(user.id, passwordHash);
    return user;
  });
}
