/**
 * Where accounts live. The service (account-service.ts) talks only to this interface, so the same
 * logic runs locally on SQLite and in the cloud's Lambda on DynamoDB.
 */
import type { ModelStore } from '../db/model-store';
import type { ModelRecord } from '../model/model-writes';
import { AppError, validationError } from '../errors';
import { MESSAGES } from '../../shared/messages';
import { ROLE_ADMIN, ROLE_USER, type Role } from '../../shared/roles';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  type: Role;
  /** A customer's optional phone (decision 0302). */
  phone?: string | null;
  /** Whether the owner confirmed the address by its link (decision 0303); null before any. */
  emailConfirmed?: boolean | null;
  /** The last address the owner confirmed, where customer mail goes (decision 0369); null before any. */
  confirmedEmail?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AccountStore {
  findByEmail(email: string): Promise<{ user: UserRecord; passwordHash: string } | null>;
  get(id: string): Promise<UserRecord | null>;
  /** Creates the user and its password hash together; a taken e-mail is a ValidationError. */
  create(user: NewAccount, passwordHash: string): Promise<UserRecord>;
  /** Changes the account's fields; phone, emailConfirmed and confirmedEmail stay as they are when not given. */
  update(id: string, changes: AccountChanges): Promise<UserRecord>;
  /**
   * Deletes a customer's account (type user) with its password hash, sessions and links, in one
   * step (decision 0304); an admin is not found here.
   */
  deleteCustomer(id: string): Promise<void>;
  /**
   * Deletes an admin with its password hash and sessions, in one step that also checks it is
   * not the last admin (so two admins deleting each other at once cannot leave none).
   */
  deleteAdmin(id: string): Promise<UserRecord>;
  countByType(type: Role): Promise<number>;
  /** Keeps a password reset token (by its hash) until `expiresAt` (ms); tokens expired at `now` may go. */
  saveResetToken(token: ResetToken, now: number): Promise<void>;
  /** Removes the token (once: a second take finds nothing) and returns it, or null. */
  takeResetToken(tokenHash: string): Promise<ResetToken | null>;
  /** Replaces the user's password hash. */
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
}

/** An account to create; `signUpAddress` (the address key a customer signed up from, decision 0378) is kept server-only, beside the hash. */
export interface NewAccount {
  email: string;
  name: string;
  type: Role;
  signUpAddress?: string | null;
}

export interface AccountChanges {
  email: string;
  name: string;
  phone?: string | null;
  emailConfirmed?: boolean;
  confirmedEmail?: string | null;
}

/**
 * A one-time link's token as stored (password resets, and e-mail confirmations, decision 0303,
 * whose stamp names the address): its hash, whose it is, until when, and `stamp`. */
export interface ResetToken {
  tokenHash: string;
  userId: string;
  expiresAt: number;
  /** Derived from the password hash when the link was made: a link made before the password last changed no longer works. */
  stamp: string;
}

const duplicateEmail = () => new AppError('ValidationError', MESSAGES.duplicateEmail);
const asUser = (record: ModelRecord) => record as unknown as UserRecord;

/** Accounts in the local SQLite file: User rows plus the server-only _credentials and _sessions. */
export class SqliteAccountStore implements AccountStore {
  constructor(private readonly store: ModelStore) {}

  private byEmail(email: string): UserRecord | null {
    const record = this.store.list('User', { filter: { email: { eq: email } }, limit: 1 }).items[0];
    return record ? asUser(record) : null;
  }

  async findByEmail(email: string) {
    const user = this.byEmail(email);
    if (!user) return null;
    const row = this.store.db.prepare('SELECT passwordHash FROM _credentials WHERE userId = ?').get(user.id) as
      { passwordHash: string } | undefined;
    return row ? { user, passwordHash: row.passwordHash } : null;
  }

  async get(id: string) {
    const record = this.store.get('User', id);
    return record ? asUser(record) : null;
  }

  async create({ signUpAddress, ...user }: NewAccount, passwordHash: string) {
    return this.store.transaction(() => {
      if (this.byEmail(user.email)) throw duplicateEmail();
      const created = asUser(this.store.create('User', user));
      this.store.db
        .prepare('INSERT INTO _credentials (userId, passwordHash, signUpAddress) VALUES (?, ?, ?)')
        .run(created.id, passwordHash, signUpAddress ?? null);
      return created;
    });
  }

  async update(id: string, changes: AccountChanges) {
    return this.store.transaction(() => {
      const owner = this.byEmail(changes.email);
      if (owner && owner.id !== id) throw duplicateEmail();
      return asUser(this.store.update('User', { id, ...changes }));
    });
  }

  async deleteAdmin(id: string) {
    return this.store.transaction(() => {
      const user = this.store.get('User', id);
      if (!user || user.type !== ROLE_ADMIN) throw new AppError('NotFound', 'Admin not found');
      if (this.countAdmins() <= 1) throw validationError('The last admin cannot be deleted');
      this.store.db.prepare('DELETE FROM _sessions WHERE userId = ?').run(id);
      this.store.db.prepare('DELETE FROM _credentials WHERE userId = ?').run(id);
      this.store.db.prepare('DELETE FROM _password_resets WHERE userId = ?').run(id);
      return asUser(this.store.delete('User', { id }));
    });
  }

  async deleteCustomer(id: string) {
    this.store.transaction(() => {
      const user = this.store.get('User', id);
      if (!user || user.type !== ROLE_USER) throw new AppError('NotFound', 'Account not found');
      this.store.db.prepare('DELETE FROM _sessions WHERE userId = ?').run(id);
      this.store.db.prepare('DELETE FROM _credentials WHERE userId = ?').run(id);
      this.store.db.prepare('DELETE FROM _password_resets WHERE userId = ?').run(id);
      this.store.delete('User', { id });
    });
  }

  async countByType(type: Role) {
    return this.count(type);
  }

  async saveResetToken({ tokenHash, userId, expiresAt, stamp }: ResetToken, now: number) {
    this.store.transaction(() => {
      // Expired tokens go as new ones come, so the table never grows.
      this.store.db.prepare('DELETE FROM _password_resets WHERE expiresAt <= ?').run(now);
      this.store.db
        .prepare('INSERT INTO _password_resets (tokenHash, userId, expiresAt, stamp) VALUES (?, ?, ?, ?)')
        .run(tokenHash, userId, expiresAt, stamp);
    });
  }

  async takeResetToken(tokenHash: string) {
    const row = this.store.db.prepare('DELETE FROM _password_resets WHERE tokenHash = ? RETURNING *').get(tokenHash) as
      ResetToken | undefined;
    return row ?? null;
  }

  async setPasswordHash(userId: string, passwordHash: string) {
    this.store.db.prepare('UPDATE _credentials SET passwordHash = ? WHERE userId = ?').run(passwordHash, userId);
  }

  private countAdmins(): number {
    return this.count(ROLE_ADMIN);
  }

  private count(type: Role): number {
    return (this.store.db.prepare('SELECT COUNT(*) AS n FROM "User" WHERE type = ?').get(type) as { n: number }).n;
  }
}
