/**
 * The account operations of product §5/§7 with the fixes of design §3: passwords checked only here,
 * both sign-in failures cost one bcrypt comparison, every sign-in and sign-up rate-limited per
 * address, failed sign-ins locked out per account and address with growing delays (decision 0143)
 * and slowed per account from all addresses but the account's own (shared/sign-in-slowdown.ts,
 * decision 0370), customer mail only to an address the owner confirmed (decision 0369),
 * admin management for admins only. Storage, sessions and the throttle's counts come in
 * through interfaces, so the cloud's Lambda runs this same code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { BCRYPT_HASHER, type PasswordHasher } from '../auth/passwords';
import { hashToken, MAX_TOKEN_LENGTH } from '../auth/sessions';
import { AppError, unauthorized, validationError } from '../errors';
import { MESSAGES } from '../../shared/messages';
import { ACCOUNT_MESSAGES } from '../../shared/account-messages';
import { ROLE_ADMIN, ROLE_USER, type Role } from '../../shared/roles';
import { confirmEmailPath, resetPasswordPath } from '../../shared/spa-routes';
import { isValidEmail, normalizeEmail, passwordProblem } from '../../shared/validation/account';
import { customerMailAddress } from '../../shared/account-rules';
import { KNOWN_ADDRESS_DAYS, SIGN_IN_SLOWDOWN } from '../../shared/sign-in-slowdown';
import { normalizePhone, phoneProblem } from '../../shared/validation/phone';
import { fullNameProblem, namesProblem } from '../../shared/validation/name';
import type { AccountStore, UserRecord } from './account-store';
import { addressKey, waitText, type LockoutRule, type RateRule } from './throttle';
import { AccountCeiling, Lockout, MemoryThrottleStore, RateLimit, RecentKeys, type Admission, type ThrottleStore } from './throttle-store';
import { mailErrorText, type Mailer } from './mailer';

/** Sessions: SQLite locally (sync), DynamoDB in the cloud (async). */
export interface SessionIssuer {
  create(userId: string): { token: string; expiresAt: number } | Promise<{ token: string; expiresAt: number }>;
  revoke(token: string): void | Promise<void>;
  /** Ends every session of the user (a new password was set). */
  revokeAllFor(userId: string): void | Promise<void>;
}

/** How password reset links reach people (decision 0258). */
export interface PasswordResets {
  /** Sends the e-mailed links; null when no SMTP is configured (an admin hands links over). */
  mailer: Mailer | null;
  /** The site's own origin, for links in e-mails (never taken from a request's headers). */
  siteOrigin: () => string | null;
}

/** A reset link works this long, once. */
export const RESET_TOKEN_MS = 30 * 60_000;

/** An e-mail confirmation link works this long, once (decision 0303). */
export const CONFIRM_TOKEN_MS = 24 * 60 * 60_000;

/** What a reset link remembers of the password it replaces: a digest, never the hash itself. */
const passwordStamp = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);

/**
 * What a confirmation link remembers: the address it was sent to, as a digest with a prefix no
 * reset stamp has, so a link confirms only that address and neither kind of link passes for the
 * other (decision 0303). Exported for the batteries, which store links of their own.
 */
export const confirmStamp = (email: string) => `confirm:${createHash('sha256').update(email).digest('base64url').slice(0, 22)}`;

export interface PasswordResetLink {
  token: string;
  expiresAt: string;
}

export interface AuthSession {
  token: string;
  userId: string;
  name: string;
  type: number;
  expiresAt: string;
}

export interface Caller {
  userId: string;
  type: Role;
}

export interface ThrottleRules {
  /** Every sign-in attempt from one address, right or wrong. */
  signInPerAddress: RateRule;
  /** Every sign-up from one address that passes the form's checks. */
  signUpPerAddress: RateRule;
  /** Wrong passwords for one account from one address. */
  failedSignIns: LockoutRule;
  /**
   * Wrong passwords for one account from every address together, except the account's own (those
   * it signed in, signed up, confirmed its address or reset its password from in the last
   * KNOWN_ADDRESS_MS): past the free ones, a wait that slows and never locks out (decision 0370).
   */
  failedSignInsPerAccount: LockoutRule;
  /** "Forgot password?" requests from one address, whatever the e-mail. */
  resetRequestsPerAddress: RateRule;
  /**
   * Reset e-mails to one address, so nobody can flood a mailbox (past it the same answer, no mail);
   * confirmation e-mails count by the same rule, per address they go to and per account (decision 0369).
   */
  resetMailsPerAccount: RateRule;
}

export const DEFAULT_THROTTLE_RULES: ThrottleRules = {
  // 30 at once (a staff meeting on the shop's Wi-Fi), then 20 a minute: a bcrypt hash each.
  signInPerAddress: { burst: 30, intervalMs: 3_000 },
  signUpPerAddress: { burst: 10, intervalMs: 6 * 60_000 },
  // Five wrong passwords are free; then 1, 2, 4, 8 and at most 15 minutes between tries.
  failedSignIns: { freeFailures: 5, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
  // Ten wrong passwords from addresses not the account's own are free; then one try every 5 seconds.
  failedSignInsPerAccount: {
    freeFailures: SIGN_IN_SLOWDOWN.freeFailures,
    firstDelayMs: SIGN_IN_SLOWDOWN.slowWindowMs,
    maxDelayMs: SIGN_IN_SLOWDOWN.slowWindowMs,
    forgetAfterMs: SIGN_IN_SLOWDOWN.forgetAfterMs,
  },
  resetRequestsPerAddress: { burst: 5, intervalMs: 60_000 },
  resetMailsPerAccount: { burst: 3, intervalMs: 20 * 60_000 },
};

type Fields = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const blank = (...values: unknown[]) => values.some((value) => text(value).trim() === '');
const fullName = (first: unknown, last: unknown) => `${text(first).trim()} ${text(last).trim()}`;

function tooMany(what: string, retryAfterMs: number): AppError {
  return new AppError('TooManyRequests', `Too many ${what}. Try again in ${waitText(retryAfterMs)}.`, {
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
  });
}

/**
 * Validates and stores a new account (a one-line name without links, e-mail shape, password
 * policy, unique e-mail) with its bcrypt hash. Sign-up, admin creation, the first admin and
 * `npm run create-admin` all use it.
 */
export async function registerAccount(
  accounts: AccountStore,
  account: { email: string; name: string; password: string; type: Role; signUpAddress?: string | null },
  beforeStoring?: () => void | Promise<void>,
  passwords: PasswordHasher = BCRYPT_HASHER,
): Promise<UserRecord> {
  const nameRule = fullNameProblem(account.name);
  if (nameRule) throw validationError(nameRule);
  const email = normalizeEmail(account.email);
  if (!isValidEmail(email)) throw validationError(MESSAGES.invalidEmail);
  const problem = passwordProblem(account.password);
  if (problem) throw validationError(problem);
  // Counted before the duplicate check, so sign-up cannot probe for accounts without limit.
  await beforeStoring?.();
  if (await accounts.findByEmail(email)) throw validationError(MESSAGES.duplicateEmail);
  const passwordHash = await passwords.hash(account.password);
  return accounts.create(
    { email, name: account.name.trim(), type: account.type, signUpAddress: account.signUpAddress ?? null },
    passwordHash,
  );
}

/**
 * The key an account's limits count under, whatever the address. The e-mail is hashed: any string
 * can be tried as one, and the cloud's counter table refuses keys over 2 KB.
 */
const accountKey = (email: string) => createHash('sha256').update(email).digest('hex');

/**
 * Failures count against this account from this address: a stranger elsewhere cannot lock the
 * owner out, and guessing from one address slows down quickly.
 */
export const signInLockoutKey = (email: string, address: string) => `${accountKey(email)}\n${address}`;

/**
 * The key a mail's limit counts under: the address it goes to, whichever account has it now, so
 * passing one address from account to account does not send it more (decision 0369).
 */
const recipientKey = (email: string) => `${accountKey(normalizeEmail(email))}\nmail`;

/** An address the account used (decision 0370) is not held back by the per-account limit this long. */
export const KNOWN_ADDRESS_MS = KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000;

/** Told when an account's failures from all addresses start making its sign-ins wait. */
export type SignInsSlowedListener = (user: UserRecord, rule: LockoutRule) => void | Promise<void>;

export class AccountService {
  private readonly signInAddresses: RateLimit;
  private readonly signUpAddresses: RateLimit;
  private readonly failedSignIns: Lockout;
  private readonly accountFailures: AccountCeiling;
  private readonly knownAddresses: RecentKeys;
  private signInsSlowed: SignInsSlowedListener | null = null;
  private readonly resetRequests: RateLimit;
  private readonly resetMails: RateLimit;
  private readonly resetAttempts: RateLimit;
  private readonly confirmRequests: RateLimit;
  private readonly confirmMails: RateLimit;
  private readonly confirmMailsTo: RateLimit;
  private readonly confirmAttempts: RateLimit;
  private readonly passwordChecks: RateLimit;
  private deletingCustomer: ((userId: string) => Promise<void>) | undefined;
  /** Unknown e-mails are checked against this, a hash of an account's cost, so both failures take the same time. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly accounts: AccountStore,
    private readonly sessions: SessionIssuer,
    rules: ThrottleRules = DEFAULT_THROTTLE_RULES,
    private readonly now: () => number = Date.now,
    /** Memory locally; the cloud passes DynamoDB's, which every Lambda instance shares. */
    throttle: ThrottleStore = new MemoryThrottleStore(now),
    private readonly resets: PasswordResets = { mailer: null, siteOrigin: () => null },
    /** bcrypt; a test passes one that also counts the work (sign-in-work.test.ts). */
    private readonly passwords: PasswordHasher = BCRYPT_HASHER,
  ) {
    this.resetRequests = new RateLimit(throttle, 'resetRequest', rules.resetRequestsPerAddress, now);
    this.resetMails = new RateLimit(throttle, 'resetMail', rules.resetMailsPerAccount, now);
    // Link tries are limited as sign-ins are, in a count of their own.
    this.resetAttempts = new RateLimit(throttle, 'resetPassword', rules.signInPerAddress, now);
    // Confirmation mails are limited as reset mails are (decision 0303), in counts of their own.
    this.confirmRequests = new RateLimit(throttle, 'confirmRequest', rules.resetRequestsPerAddress, now);
    this.confirmMails = new RateLimit(throttle, 'confirmMail', rules.resetMailsPerAccount, now);
    this.confirmMailsTo = new RateLimit(throttle, 'confirmMailTo', rules.resetMailsPerAccount, now);
    this.confirmAttempts = new RateLimit(throttle, 'confirmEmail', rules.signInPerAddress, now);
    // The account page's current-password checks cost a bcrypt hash each, like a sign-in.
    this.passwordChecks = new RateLimit(throttle, 'accountPassword', rules.signInPerAddress, now);
    this.signInAddresses = new RateLimit(throttle, 'signIn', rules.signInPerAddress, now);
    this.signUpAddresses = new RateLimit(throttle, 'signUp', rules.signUpPerAddress, now);
    this.failedSignIns = new Lockout(throttle, 'failedSignIn', rules.failedSignIns, now);
    this.accountFailures = new AccountCeiling(throttle, 'failedSignInAccount', rules.failedSignInsPerAccount, now);
    this.knownAddresses = new RecentKeys(throttle, 'knownAddress', KNOWN_ADDRESS_MS, now);
    this.dummyHash = passwords.hash(randomBytes(24).toString('base64'));
  }

  async signIn(args: Fields, clientIp: string): Promise<AuthSession> {
    if (blank(args.email, args.password)) throw validationError(MESSAGES.allFieldsRequired);
    const email = normalizeEmail(text(args.email));
    const address = addressKey(clientIp);
    const lockoutKey = signInLockoutKey(email, address);
    const locked = await this.failedSignIns.retryAfter(lockoutKey);
    if (locked > 0) throw tooMany('failed sign-in attempts', locked);
    const rate = await this.signInAddresses.take(address);
    if (rate > 0) throw tooMany('sign-in attempts from this address', rate);
    // One check at a time per account and address, so parallel guesses see each other's failures.
    return this.failedSignIns.inTurn(lockoutKey, async () => {
      const wait = await this.failedSignIns.retryAfter(lockoutKey);
      if (wait > 0) throw tooMany('failed sign-in attempts', wait);
      // Every address but the ones the account signed in from shares one ceiling; an attempt
      // counts when let through, so many addresses at once cannot all pass it.
      const known = await this.knownAddresses.has(lockoutKey);
      const admission: Admission = known ? { wait: 0 } : await this.accountFailures.admit(accountKey(email));
      if (admission.wait > 0) throw tooMany('failed sign-in attempts', admission.wait);
      // No account has an e-mail that fails the sign-up check (the cloud's key lookup refuses
      // keys over 2 KB); it is checked against the dummy hash like any unknown one.
      const found = isValidEmail(email) ? await this.accounts.findByEmail(email) : null;
      const matches = await this.passwords.verify(text(args.password), found?.passwordHash ?? (await this.dummyHash));
      if (!found || !matches) {
        await this.failedSignIns.fail(lockoutKey);
        if (found && this.accountFailures.startsWaits(admission)) await this.tellSignInsSlowed(found.user);
        throw validationError(found ? MESSAGES.incorrectPassword : MESSAGES.userNotFound);
      }
      await this.accountFailures.refund(accountKey(email), admission);
      await this.failedSignIns.succeed(lockoutKey);
      await this.knownAddresses.add(lockoutKey);
      return this.openSession(found.user);
    });
  }

  /**
   * What must happen before a customer's account goes (decision 0304): Reserve for pickup cancels
   * its open reservations, returning their bottles, and empties its pickup list. A failure stops
   * the deletion, so no open reservation is left holding stock for an account that is gone.
   */
  whenDeletingCustomer(task: (userId: string) => Promise<void>): void {
    this.deletingCustomer = task;
  }

  /** Who hears when an account's sign-ins start waiting (the activity log, on both backends). */
  onSignInsSlowed(listener: SignInsSlowedListener): void {
    this.signInsSlowed = listener;
  }

  private async tellSignInsSlowed(user: UserRecord): Promise<void> {
    try {
      await this.signInsSlowed?.(user, this.accountFailures.rule);
    } catch (error) {
      // The sign-in's answer stands; the operator sees the gap.
      console.error('[activity] slowed sign-ins were not recorded', error);
    }
  }

  async signUp(args: Fields, clientIp: string): Promise<AuthSession> {
    const address = addressKey(clientIp);
    // Every sign-up that passes the form's checks counts, successful or not.
    // The address is kept with the account, server-only, so staff see reservations of accounts
    // signed up from one place together (decision 0378).
    const user = await this.createAccount(
      args,
      ROLE_USER,
      MESSAGES.allFieldsRequired,
      async () => {
        const wait = await this.signUpAddresses.take(address);
        if (wait > 0) throw tooMany('sign-ups from this address', wait);
      },
      address,
    );
    // Signing up makes this address the account's own (decision 0370): its owner is not slowed here.
    await this.knownAddresses.add(signInLockoutKey(user.email, address));
    // The first confirmation link goes with the account (decision 0303), within the limits of the
    // address it goes to and of the account (decision 0369).
    if ((await this.confirmationWait(user)).wait === 0) await this.mailConfirmation(user);
    return this.openSession(user);
  }

  async signOut(token: string | null): Promise<boolean> {
    if (token) await this.sessions.revoke(token);
    return true;
  }

  /**
   * "Forgot password?": the same answer (true) for every well-formed address. With SMTP, an
   * account with that address is e-mailed a one-time link (at most resetMailsPerAccount).
   */
  async requestPasswordReset(args: Fields, clientIp: string): Promise<boolean> {
    if (blank(args.email)) throw validationError(MESSAGES.allFieldsRequired);
    const email = normalizeEmail(text(args.email));
    if (!isValidEmail(email)) throw validationError(MESSAGES.invalidEmail);
    const wait = await this.resetRequests.take(addressKey(clientIp));
    if (wait > 0) throw tooMany('password reset requests from this address', wait);
    const { mailer } = this.resets;
    const siteOrigin = this.resets.siteOrigin();
    if (!mailer || !siteOrigin) return true;
    const found = await this.accounts.findByEmail(email);
    // A customer's only to the address they last confirmed (decision 0369): one typed on the account
    // page and not confirmed may be a stranger's, who must not get the key to the account. Only staff
    // set an admin's address.
    const to = found && (found.user.type === ROLE_ADMIN ? found.user.email : customerMailAddress(found.user));
    if (!found || !to || (await this.resetMails.take(recipientKey(to))) > 0) return true;
    const link = await this.issueResetToken(found.user.id, found.passwordHash);
    // Nothing a stranger wrote goes in the mail: anyone may sign up with someone else's address and
    // a name that reads as a message. The greeting names nobody; the text is the shop's alone.
    await mailer.send({
      to,
      subject: 'Set a new password for Patterson Wine & Liquor',
      text: [
        'Hello,',
        '',
        'Someone asked to set a new password for your account. To do it, open this link within 30 minutes:',
        '',
        `${siteOrigin}${resetPasswordPath(link.token)}`,
        '',
        'The link works once. If you did not ask, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    });
    return true;
  }

  /** An admin's one-time link for a user or admin, to hand over when no e-mail can be sent. */
  async createPasswordResetLink(args: Fields, caller: Caller | null): Promise<PasswordResetLink> {
    this.requireAdmin(caller);
    const user = await this.accounts.get(text(args.userId));
    const found = user && (await this.accounts.findByEmail(user.email));
    if (!found) throw new AppError('NotFound', 'Account not found');
    return this.issueResetToken(found.user.id, found.passwordHash);
  }

  /**
   * Sets a new password with a reset link's token (once, within 30 minutes), under the password
   * policy, and ends every session of the account. Limited per address by the sign-in rule.
   */
  async resetPassword(args: Fields, clientIp: string): Promise<boolean> {
    const rate = await this.resetAttempts.take(addressKey(clientIp));
    if (rate > 0) throw tooMany('attempts from this address', rate);
    if (blank(args.token, args.password, args.confirmPassword)) throw validationError(MESSAGES.allFieldsRequired);
    if (args.password !== args.confirmPassword) throw validationError(MESSAGES.passwordsDoNotMatch);
    const problem = passwordProblem(text(args.password));
    if (problem) throw validationError(problem);
    const token = text(args.token);
    // Checked last, so a refused password does not spend the link.
    const taken = token.length <= MAX_TOKEN_LENGTH ? await this.accounts.takeResetToken(hashToken(token)) : null;
    const user = taken && taken.expiresAt > this.now() ? await this.accounts.get(taken.userId) : null;
    const current = user && (await this.accounts.findByEmail(user.email));
    // A link made before the password last changed (another link used, say) is spent too.
    if (!current || passwordStamp(current.passwordHash) !== taken!.stamp) throw validationError(MESSAGES.resetLinkInvalid);
    await this.accounts.setPasswordHash(current.user.id, await this.passwords.hash(text(args.password)));
    await this.sessions.revokeAllFor(current.user.id);
    // Whoever holds the link may sign in from here without waiting out others' guesses.
    await this.knownAddresses.add(signInLockoutKey(normalizeEmail(current.user.email), addressKey(clientIp)));
    return true;
  }

  private async issueResetToken(userId: string, passwordHash: string): Promise<PasswordResetLink> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = this.now() + RESET_TOKEN_MS;
    await this.accounts.saveResetToken({ tokenHash: hashToken(token), userId, expiresAt, stamp: passwordStamp(passwordHash) }, this.now());
    return { token, expiresAt: new Date(expiresAt).toISOString() };
  }

  async createAdmin(args: Fields, caller: Caller | null): Promise<UserRecord> {
    this.requireAdmin(caller);
    return this.createAccount(args, ROLE_ADMIN, MESSAGES.missingRequiredFields);
  }

  async updateAdmin(args: Fields, caller: Caller | null): Promise<UserRecord> {
    this.requireAdmin(caller);
    if (blank(args.id, args.firstName, args.lastName, args.email)) throw validationError(MESSAGES.missingRequiredFields);
    const nameRule = namesProblem(text(args.firstName), text(args.lastName));
    if (nameRule) throw validationError(nameRule);
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

  /**
   * Staff mark a customer's current address confirmed, having checked it with the customer (at the
   * counter, on the phone): the way to reserve when the shop sends no e-mail (decision 0335).
   * Customers only; an already confirmed address is left as it is.
   */
  async confirmUserEmail(args: Fields, caller: Caller | null): Promise<UserRecord> {
    this.requireAdmin(caller);
    const user = await this.accounts.get(text(args.userId));
    if (!user || user.type !== ROLE_USER) throw new AppError('NotFound', ACCOUNT_MESSAGES.customerNotFound);
    return this.markConfirmed(user);
  }

  /** The account's current address confirmed, and kept as where its mail goes (decision 0369). */
  private async markConfirmed(user: UserRecord): Promise<UserRecord> {
    if (user.emailConfirmed === true && user.confirmedEmail === user.email) return { ...user, phone: user.phone ?? null };
    return this.accounts.update(user.id, {
      email: user.email,
      name: user.name,
      phone: user.phone ?? null,
      emailConfirmed: true,
      confirmedEmail: user.email,
    });
  }

  /** An account as stored now (the activity log reads one before an admin changes it). */
  getUser(id: string): Promise<UserRecord | null> {
    return this.accounts.get(id);
  }

  private async createAccount(
    args: Fields,
    type: Role,
    missingMessage: string,
    beforeStoring?: () => Promise<void>,
    signUpAddress: string | null = null,
  ): Promise<UserRecord> {
    if (blank(args.firstName, args.lastName, args.email, args.password, args.confirmPassword)) throw validationError(missingMessage);
    const nameRule = namesProblem(text(args.firstName), text(args.lastName));
    if (nameRule) throw validationError(nameRule);
    if (args.password !== args.confirmPassword) throw validationError(MESSAGES.passwordsDoNotMatch);
    return registerAccount(
      this.accounts,
      { email: text(args.email), name: fullName(args.firstName, args.lastName), password: text(args.password), type, signUpAddress },
      beforeStoring,
      this.passwords,
    );
  }

  // A customer's own account (/account, decisions 0302 to 0304). The account is always the
  // caller's, from the session; an admin's account is managed in the portal and refused here.

  /** The caller's own account. */
  async myAccount(caller: Caller | null): Promise<UserRecord> {
    const user = await this.ownAccount(caller);
    // Accounts from before confirmation existed have neither field stored.
    return { ...user, phone: user.phone ?? null, emailConfirmed: user.emailConfirmed === true };
  }

  /**
   * Changes the caller's name, e-mail and phone. A new e-mail asks for the current password, must
   * be free, and makes the account unconfirmed again; a link goes to the new address.
   */
  async updateMyAccount(args: Fields, caller: Caller | null, clientIp: string): Promise<UserRecord> {
    const user = await this.ownAccount(caller);
    if (blank(args.firstName, args.lastName, args.email)) throw validationError(MESSAGES.allFieldsRequired);
    const nameRule = namesProblem(text(args.firstName), text(args.lastName));
    if (nameRule) throw validationError(nameRule);
    const email = normalizeEmail(text(args.email));
    if (!isValidEmail(email)) throw validationError(MESSAGES.invalidEmail);
    const phoneRule = phoneProblem(text(args.phone));
    if (phoneRule) throw validationError(phoneRule);
    const emailChanged = email !== user.email;
    if (emailChanged) {
      await this.checkPassword(user, args.currentPassword, clientIp);
      if (await this.accounts.findByEmail(email)) throw validationError(MESSAGES.duplicateEmail);
    }
    // Mail keeps going to the address last confirmed until the new one is (decision 0369); going
    // back to that address needs no new link.
    const confirmedEmail = customerMailAddress(user);
    const updated = await this.accounts.update(user.id, {
      email,
      name: fullName(args.firstName, args.lastName),
      phone: normalizePhone(text(args.phone)),
      ...(emailChanged ? { emailConfirmed: email === confirmedEmail, confirmedEmail } : { emailConfirmed: user.emailConfirmed === true }),
    });
    if (emailChanged && !updated.emailConfirmed && (await this.confirmationWait(updated)).wait === 0) await this.mailConfirmation(updated);
    return updated;
  }

  /**
   * Sets the caller's new password under the sign-up policy, the current one asked, and ends every
   * session of the account: the caller carries on with the new session this returns.
   */
  async changeMyPassword(args: Fields, caller: Caller | null, clientIp: string): Promise<AuthSession> {
    const user = await this.ownAccount(caller);
    if (blank(args.currentPassword, args.password, args.confirmPassword)) throw validationError(MESSAGES.allFieldsRequired);
    if (args.password !== args.confirmPassword) throw validationError(MESSAGES.passwordsDoNotMatch);
    const problem = passwordProblem(text(args.password));
    if (problem) throw validationError(problem);
    await this.checkPassword(user, args.currentPassword, clientIp);
    await this.accounts.setPasswordHash(user.id, await this.passwords.hash(text(args.password)));
    await this.sessions.revokeAllFor(user.id);
    return this.openSession(user);
  }

  /** "Send the link again": a new confirmation link to the account's address, limited as reset mails are. */
  async sendEmailConfirmation(caller: Caller | null, clientIp: string): Promise<boolean> {
    const user = await this.ownAccount(caller);
    if (user.emailConfirmed === true) throw validationError(ACCOUNT_MESSAGES.confirmAlready);
    const wait = await this.confirmRequests.take(addressKey(clientIp));
    if (wait > 0) throw tooMany('confirmation emails from this address', wait);
    if (!this.resets.mailer || !this.resets.siteOrigin()) throw validationError(ACCOUNT_MESSAGES.mailUnavailable);
    const mails = await this.confirmationWait(user);
    if (mails.wait > 0) throw tooMany(mails.what, mails.wait);
    await this.mailConfirmation(user);
    return true;
  }

  /** Confirms the address a link was sent to: once, within 24 hours, while the account still has it. */
  async confirmEmail(args: Fields, clientIp: string): Promise<boolean> {
    const rate = await this.confirmAttempts.take(addressKey(clientIp));
    if (rate > 0) throw tooMany('attempts from this address', rate);
    if (blank(args.token)) throw validationError(ACCOUNT_MESSAGES.confirmLinkInvalid);
    const token = text(args.token);
    const taken = token.length <= MAX_TOKEN_LENGTH ? await this.accounts.takeResetToken(hashToken(token)) : null;
    const user = taken && taken.expiresAt > this.now() ? await this.accounts.get(taken.userId) : null;
    if (!user || confirmStamp(user.email) !== taken!.stamp) throw validationError(ACCOUNT_MESSAGES.confirmLinkInvalid);
    await this.markConfirmed(user);
    // Whoever opened the address's link may sign in from here without waiting out others' guesses (decision 0370).
    await this.knownAddresses.add(signInLockoutKey(user.email, addressKey(clientIp)));
    return true;
  }

  /**
   * Deletes the caller's account, the current password asked: the user record with its name,
   * e-mail and phone, the password hash, the sessions and the links go (decision 0304), so the
   * account cannot sign in and its address is free for a new sign-up.
   */
  async deleteMyAccount(args: Fields, caller: Caller | null, clientIp: string): Promise<boolean> {
    const user = await this.ownAccount(caller);
    if (blank(args.currentPassword)) throw validationError(ACCOUNT_MESSAGES.currentPasswordRequired);
    await this.checkPassword(user, args.currentPassword, clientIp);
    await this.deletingCustomer?.(user.id);
    await this.accounts.deleteCustomer(user.id);
    return true;
  }

  private async ownAccount(caller: Caller | null): Promise<UserRecord> {
    // The authorizer lets only signed-in callers here; checked again where the account is used.
    if (!caller) throw unauthorized('Not Authorized');
    if (caller.type !== ROLE_USER) throw validationError(ACCOUNT_MESSAGES.adminAccountElsewhere);
    const user = await this.accounts.get(caller.userId);
    if (!user) throw unauthorized('Not Authorized');
    return user;
  }

  /** The caller's current password, limited per address and locked out as wrong sign-ins are. */
  private async checkPassword(user: UserRecord, password: unknown, clientIp: string): Promise<void> {
    if (blank(password)) throw validationError(ACCOUNT_MESSAGES.currentPasswordRequired);
    const address = addressKey(clientIp);
    const lockoutKey = signInLockoutKey(user.email, address);
    const locked = await this.failedSignIns.retryAfter(lockoutKey);
    if (locked > 0) throw tooMany('failed sign-in attempts', locked);
    const rate = await this.passwordChecks.take(address);
    if (rate > 0) throw tooMany('attempts from this address', rate);
    const found = await this.accounts.findByEmail(user.email);
    if (!found || !(await this.passwords.verify(text(password), found.passwordHash))) {
      await this.failedSignIns.fail(lockoutKey);
      throw validationError(MESSAGES.incorrectPassword);
    }
  }

  /**
   * Takes a confirmation mail's share of the limits: per account, then per address it goes to, as
   * reset mails are counted (decision 0369). Wait 0 when it may go, else the wait and whose limit.
   */
  private async confirmationWait(user: UserRecord): Promise<{ wait: number; what: string }> {
    const forAccount = await this.confirmMails.take(user.id);
    if (forAccount > 0) return { wait: forAccount, what: 'confirmation emails for this account' };
    return { wait: await this.confirmMailsTo.take(recipientKey(user.email)), what: 'confirmation emails to this email address' };
  }

  /**
   * Mails a new confirmation link to the account's address, when the shop can send mail. The only
   * mail an address not confirmed yet is sent (decision 0369). As with
   * reset mails, nothing a stranger typed goes in it. A mail that fails is logged, never the
   * caller's failure: the account page offers to send it again.
   */
  private async mailConfirmation(user: UserRecord): Promise<void> {
    const { mailer } = this.resets;
    const siteOrigin = this.resets.siteOrigin();
    if (!mailer || !siteOrigin) return;
    const token = randomBytes(32).toString('base64url');
    await this.accounts.saveResetToken(
      { tokenHash: hashToken(token), userId: user.id, expiresAt: this.now() + CONFIRM_TOKEN_MS, stamp: confirmStamp(user.email) },
      this.now(),
    );
    try {
      await mailer.send({
        to: user.email,
        subject: 'Confirm your email address for Patterson Wine & Liquor',
        text: [
          'Hello,',
          '',
          'To confirm this email address for your account, open this link within 24 hours:',
          '',
          `${siteOrigin}${confirmEmailPath(token)}`,
          '',
          'The link works once. If you did not make an account with us, ignore this email.',
        ].join('\n'),
      });
    } catch (error) {
      // The error's name and codes only (decision 0266): its message can quote the recipient.
      console.error(`[accounts] a confirmation e-mail was not sent: ${mailErrorText(error)}`);
    }
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
