/**
 * The account operations of SPEC §5/§7 with the fixes of DESIGN §3: passwords checked only here,
 * both sign-in failures cost one bcrypt comparison, failed sign-ins throttled per account and per
 * address, sign-ups per address, admin management for admins only. Storage and sessions come in
 * through interfaces, so the cloud's Lambda runs this same code.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { AppError, unauthorized, validationError } from '../errors';
import { MESSAGES } from '../../shared/messages';
import { ROLE_ADMIN, ROLE_USER, type Role } from '../../shared/roles';
import { isValidEmail, normalizeEmail, passwordProblem } from '../../shared/validation/account';
import type { AccountStore, UserRecord } from './account-store';
import { minutesText, Throttle, type ThrottleRule } from './throttle';

/** Sessions: SQLite locally (sync), DynamoDB in the cloud (async). */
export interface SessionIssuer {
  create(userId: string): { token: string; expiresAt: number } | Promise<{ token: string; expiresAt: number }>;
  revoke(token: string): void | Promise<void>;
}

export interface AuthSession { token: string; userId: string; name: string; type: number; expiresAt: string }

export interface Caller { userId: string; type: Role }

export interface ThrottleRules { signInPerAccount: ThrottleRule; signInPerAddress: ThrottleRule; signUpPerAddress: ThrottleRule }

export const DEFAULT_THROTTLE_RULES: ThrottleRules = {
  signInPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  signInPerAddress: { limit: 30, windowMs: 15 * 60_000 },
  signUpPerAddress: { limit: 10, windowMs: 60 * 60_000 },
};

type Fields = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const blank = (...values: unknown[]) => values.some((value) => text(value).trim() === '');
const fullName = (first: unknown, last: unknown) => `${text(first).trim()} ${text(last).trim()}`;

function tooMany(what: string, retryAfterMs: number): AppError {
  return new AppError('TooManyRequests', `Too many ${what}. Try again in ${minutesText(retryAfterMs)}.`, { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });
}

/**
 * Validates and stores a new account (e-mail shape, password policy, unique e-mail) with its
 * bcrypt hash. Sign-up, admin creation, the first admin and `npm run create-admin` all use it.
 */
export async function registerAccount(
  accounts: AccountStore,
  account: { email: string; name: string; password: string; type: Role },
  beforeStoring?: () => void,
): Promise<UserRecord> {
  const email = normalizeEmail(account.email);
  if (!isValidEmail(email)) throw validationError(MESSAGES.invalidEmail);
  const problem = passwordProblem(account.password);
  if (problem) throw validationError(problem);
  // Counted before the duplicate check, so sign-up cannot probe for accounts without limit.
  beforeStoring?.();
  if (await accounts.findByEmail(email)) throw validationError(MESSAGES.duplicateEmail);
  const passwordHash = await hashPassword(account.password);
  return accounts.create({ email, name: account.name.trim(), type: account.type }, passwordHash);
}

export class AccountService {
  private readonly signInAccounts: Throttle;
  private readonly signInAddresses: Throttle;
  private readonly signUpAddresses: Throttle;
  /** Unknown e-mails are checked against this, so both failures take the same time. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly accounts: AccountStore,
    private readonly sessions: SessionIssuer,
    rules: ThrottleRules = DEFAULT_THROTTLE_RULES,
    now: () => number = Date.now,
  ) {
    this.signInAccounts = new Throttle(rules.signInPerAccount, now);
    this.signInAddresses = new Throttle(rules.signInPerAddress, now);
    this.signUpAddresses = new Throttle(rules.signUpPerAddress, now);
    this.dummyHash = hashPassword(randomBytes(24).toString('base64'));
  }

  async signIn(args: Fields, clientIp: string): Promise<AuthSession> {
    if (blank(args.email, args.password)) throw validationError(MESSAGES.allFieldsRequired);
    const email = normalizeEmail(text(args.email));
    const accountKey = email;
    const wait = Math.max(this.signInAccounts.retryAfter(accountKey), this.signInAddresses.retryAfter(clientIp));
    if (wait > 0) throw tooMany('failed sign-in attempts', wait);
    // Counted before the slow check, so parallel guesses are counted too; a success takes it back.
    this.signInAccounts.hit(accountKey);
    this.signInAddresses.hit(clientIp);

    const found = await this.accounts.findByEmail(email);
    const matches = await verifyPassword(text(args.password), found?.passwordHash ?? await this.dummyHash);
    if (!found) throw validationError(MESSAGES.userNotFound);
    if (!matches) throw validationError(MESSAGES.incorrectPassword);
    this.signInAccounts.reset(accountKey);
    this.signInAddresses.undo(clientIp);
    return this.openSession(found.user);
  }

  async signUp(args: Fields, clientIp: string): Promise<AuthSession> {
    const wait = this.signUpAddresses.retryAfter(clientIp);
    if (wait > 0) throw tooMany('sign-ups from this address', wait);
    const user = await this.createAccount(args, ROLE_USER, MESSAGES.allFieldsRequired, () => this.signUpAddresses.hit(clientIp));
    // Every sign-up that reaches the store counts, successful or not.
    return this.openSession(user);
  }

  async signOut(token: string | null): Promise<boolean> {
    if (token) await this.sessions.revoke(token);
    return true;
  }

  async createAdmin(args: Fields, caller: Caller | null): Promise<UserRecord> {
    this.requireAdmin(caller);
    return this.createAccount(args, ROLE_ADMIN, MESSAGES.missingRequiredFields);
  }

  async updateAdmin(args: Fields, caller: Caller | null): Promise<UserRecord> {
    this.requireAdmin(caller);
    if (blank(args.id, args.firstName, args.lastName, args.email)) throw validationError(MESSAGES.missingRequiredFields);
    const email = normalizeEmail(text(args.email));
    if (!isValidEmail(email)) throw validationError(MESSAGES.invalidEmail);
    await this.existingAdmin(text(args.id));
    return this.accounts.update(text(args.id), { email, name: fullName(args.firstName, args.lastName) });
  }

  async deleteAdmin(args: Fields, caller: Caller | null): Promise<UserRecord> {
    const admin = this.requireAdmin(caller);
    const id = text(args.id);
    if (id === admin.userId) throw validationError('You cannot delete your own account');
    return this.accounts.deleteAdmin(id);
  }

  private async createAccount(args: Fields, type: Role, missingMessage: string, beforeStoring?: () => void): Promise<UserRecord> {
    if (blank(args.firstName, args.lastName, args.email, args.password, args.confirmPassword)) throw validationError(missingMessage);
    if (args.password !== args.confirmPassword) throw validationError(MESSAGES.passwordsDoNotMatch);
    return registerAccount(this.accounts, { email: text(args.email), name: fullName(args.firstName, args.lastName), password: text(args.password), type }, beforeStoring);
  }

  private async openSession(user: UserRecord): Promise<AuthSession> {
    const { token, expiresAt } = await this.sessions.create(user.id);
    return { token, userId: user.id, name: user.name, type: user.type, expiresAt: new Date(expiresAt).toISOString() };
  }

  private requireAdmin(caller: Caller | null): Caller {
    // The authorizer already denies these to non-admins; checked again where the power is used.
    if (!caller || caller.type !== ROLE_ADMIN) throw unauthorized('Only an admin may manage admins');
    return caller;
  }

  private async existingAdmin(id: string): Promise<UserRecord> {
    const user = await this.accounts.get(id);
    if (!user || user.type !== ROLE_ADMIN) throw new AppError('NotFound', 'Admin not found');
    return user;
  }
}
