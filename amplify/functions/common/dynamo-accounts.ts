/**
 * Accounts in DynamoDB behind the same AccountStore interface the local SQLite store implements
 * (server/accounts/account-store.ts), so AccountService runs unchanged in the Lambda.
 *
 * - Users are items of the User model's table (what AppSync's getUser/listUsers read).
 * - Password hashes live in a credentials table no resolver can reach, one item per e-mail
 *   (`pk = email#<email>`: userId, passwordHash). Writing it with attribute_not_exists in the same
 *   transaction as the user is what keeps e-mails unique (DynamoDB has no unique constraint).
 * - The number of admins is a counter item (`pk = count#admins`) changed in the same transactions,
 *   so "not the last admin" holds even when two admins delete each other at once.
 * - Password reset tokens, and e-mail confirmation tokens (decision 0303), are items of the
 *   credentials table too (`pk = reset#<token hash>`), taken with a conditional delete so each works once.
 */
import { randomUUID } from 'node:crypto';
import type { AccountChanges, AccountStore, NewAccount, ResetToken, UserRecord } from '../../../server/accounts/account-store';
import { AppError, conditionFailed, validationError } from '../../../server/errors';
import { MESSAGES } from '../../../shared/messages';
import { ROLE_ADMIN, ROLE_USER, type Role } from '../../../shared/roles';
import { allPages, cancellationReasons, isConditionFailure, nextTimestamp, type DynamoPort, type Item } from './dynamo-port';
import type { DynamoSessionStore } from './dynamo-sessions';

export interface AccountTables {
  /** The User model's table (key `id`). */
  users: string;
  /** Key `pk`: `email#<email>` credentials and `count#admins`. */
  credentials: string;
}

const ADMIN_COUNT_KEY = 'count#admins';
const credentialKey = (email: string) => `email#${email}`;
/** A password reset token's hash: userId and expiresAt, and `ttl` so DynamoDB drops it once expired. */
const resetKey = (tokenHash: string) => `reset#${tokenHash}`;
const duplicateEmail = () => validationError(MESSAGES.duplicateEmail);
const adminNotFound = () => new AppError('NotFound', 'Admin not found');

const asUser = (item: Item): UserRecord => ({
  id: String(item.id),
  email: String(item.email),
  name: String(item.name),
  type: item.type as Role,
  ...('phone' in item ? { phone: (item.phone as string | null) ?? null } : {}),
  ...('emailConfirmed' in item ? { emailConfirmed: (item.emailConfirmed as boolean | null) ?? null } : {}),
  ...('confirmedEmail' in item ? { confirmedEmail: (item.confirmedEmail as string | null) ?? null } : {}),
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
});

export class DynamoAccountStore implements AccountStore {
  constructor(
    private readonly db: DynamoPort,
    private readonly tables: AccountTables,
    private readonly sessions: Pick<DynamoSessionStore, 'revokeAllFor'>,
    private readonly now: () => number = Date.now,
  ) {}

  async findByEmail(email: string) {
    const credential = await this.db.get({ TableName: this.tables.credentials, Key: { pk: credentialKey(email) } });
    if (!credential) return null;
    const user = await this.get(String(credential.userId));
    return user ? { user, passwordHash: String(credential.passwordHash) } : null;
  }

  async get(id: string) {
    if (!id) return null;
    const item = await this.db.get({ TableName: this.tables.users, Key: { id } });
    return item ? asUser(item) : null;
  }

  async create(user: NewAccount, passwordHash: string) {
    const now = new Date(this.now()).toISOString();
    const item = {
      id: randomUUID(),
      __typename: 'User',
      email: user.email,
      name: user.name,
      type: user.type,
      createdAt: now,
      updatedAt: now,
    };
    // The sign-up address (decision 0378): an attribute of the User item no schema field names, so
    // no resolver returns it; the catalogue function reads it with the account, and it goes with it.
    try {
      await this.db.transactWrite({
        TransactItems: [
          {
            Put: {
              TableName: this.tables.credentials,
              Item: { pk: credentialKey(user.email), userId: item.id, passwordHash },
              ConditionExpression: 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: { '#pk': 'pk' },
            },
          },
          {
            Put: {
              TableName: this.tables.users,
              Item: user.signUpAddress ? { ...item, signUpAddress: user.signUpAddress } : item,
              ConditionExpression: 'attribute_not_exists(#id)',
              ExpressionAttributeNames: { '#id': 'id' },
            },
          },
          ...(user.type === ROLE_ADMIN ? [this.adminCountChange(1)] : []),
        ],
      });
    } catch (error) {
      if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') throw duplicateEmail();
      throw error;
    }
    return asUser(item);
  }

  async update(id: string, changes: AccountChanges) {
    const current = await this.get(id);
    if (!current) throw new AppError('NotFound', 'User not found');
    // Phone, emailConfirmed and confirmedEmail are written only when given (an admin's edit leaves them be).
    const optional = (['phone', 'emailConfirmed', 'confirmedEmail'] as const).filter((field) => changes[field] !== undefined);
    const userUpdate = {
      Update: {
        TableName: this.tables.users,
        Key: { id },
        UpdateExpression: ['SET #email = :email, #name = :name, #updatedAt = :updatedAt', ...optional.map((f) => `#${f} = :${f}`)].join(
          ', ',
        ),
        ConditionExpression: '#updatedAt = :seen',
        ExpressionAttributeNames: {
          '#email': 'email',
          '#name': 'name',
          '#updatedAt': 'updatedAt',
          ...Object.fromEntries(optional.map((f) => [`#${f}`, f])),
        },
        ExpressionAttributeValues: {
          ':email': changes.email,
          ':name': changes.name,
          ':updatedAt': nextTimestamp(this.now(), current.updatedAt),
          ':seen': current.updatedAt,
          ...Object.fromEntries(optional.map((f) => [`:${f}`, changes[f]])),
        },
      },
    };
    const moves: Array<Record<string, unknown>> = [];
    if (changes.email !== current.email) {
      const credential = await this.db.get({ TableName: this.tables.credentials, Key: { pk: credentialKey(current.email) } });
      if (!credential) throw new AppError('NotFound', 'User not found');
      moves.push(
        {
          Put: {
            TableName: this.tables.credentials,
            Item: { ...credential, pk: credentialKey(changes.email) },
            ConditionExpression: 'attribute_not_exists(#pk)',
            ExpressionAttributeNames: { '#pk': 'pk' },
          },
        },
        this.credentialDelete(current.email, id),
      );
    }
    try {
      await this.db.transactWrite({ TransactItems: [...moves, userUpdate] as never });
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons && moves.length && reasons[0] === 'ConditionalCheckFailed') throw duplicateEmail();
      if (reasons?.includes('ConditionalCheckFailed')) throw conditionFailed('The account changed meanwhile; try again');
      throw error;
    }
    return (await this.get(id))!;
  }

  async deleteAdmin(id: string) {
    const user = await this.get(id);
    if (!user || user.type !== ROLE_ADMIN) throw adminNotFound();
    try {
      await this.db.transactWrite({
        TransactItems: [
          this.adminCountChange(-1, true),
          this.credentialDelete(user.email, id),
          {
            Delete: {
              TableName: this.tables.users,
              Key: { id },
              ConditionExpression: '#type = :admin',
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: { ':admin': ROLE_ADMIN },
            },
          },
        ],
      });
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons?.[0] === 'ConditionalCheckFailed') throw validationError('The last admin cannot be deleted');
      if (reasons?.includes('ConditionalCheckFailed')) throw adminNotFound();
      throw error;
    }
    // The authorizer reads the user on every call, so the sessions are dead already; this tidies up.
    await this.sessions.revokeAllFor(id);
    return user;
  }

  async deleteCustomer(id: string) {
    const user = await this.get(id);
    if (!user || user.type !== ROLE_USER) throw new AppError('NotFound', 'Account not found');
    try {
      await this.db.transactWrite({
        TransactItems: [
          this.credentialDelete(user.email, id),
          {
            Delete: {
              TableName: this.tables.users,
              Key: { id },
              ConditionExpression: '#type = :user',
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: { ':user': ROLE_USER },
            },
          },
        ],
      });
    } catch (error) {
      if (cancellationReasons(error)?.includes('ConditionalCheckFailed')) throw new AppError('NotFound', 'Account not found');
      throw error;
    }
    // The authorizer reads the user on every call, so the sessions are dead already; this tidies
    // up. Its links are left to expire: each names a user id that no longer exists.
    await this.sessions.revokeAllFor(id);
  }

  async countByType(type: Role) {
    if (type === ROLE_ADMIN) {
      const counter = await this.db.get({ TableName: this.tables.credentials, Key: { pk: ADMIN_COUNT_KEY } });
      return Number(counter?.count ?? 0);
    }
    let total = 0;
    await allPages(async (startKey) => {
      const page = await this.db.scan({
        TableName: this.tables.users,
        Select: 'COUNT',
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': type },
        ExclusiveStartKey: startKey,
      });
      total += page.count;
      return page;
    });
    return total;
  }

  async saveResetToken({ tokenHash, userId, expiresAt, stamp }: ResetToken) {
    await this.db.put({
      TableName: this.tables.credentials,
      Item: { pk: resetKey(tokenHash), userId, expiresAt, stamp, ttl: Math.ceil(expiresAt / 1000) },
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': 'pk' },
    });
  }

  async takeResetToken(tokenHash: string) {
    const Key = { pk: resetKey(tokenHash) };
    const item = await this.db.get({ TableName: this.tables.credentials, Key });
    if (!item) return null;
    try {
      // Conditional: of two takes at once, one finds the token gone.
      await this.db.delete({
        TableName: this.tables.credentials,
        Key,
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': 'pk' },
      });
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
    return { tokenHash, userId: String(item.userId), expiresAt: Number(item.expiresAt), stamp: String(item.stamp) };
  }

  async setPasswordHash(userId: string, passwordHash: string) {
    const user = await this.get(userId);
    if (!user) throw new AppError('NotFound', 'User not found');
    await this.db.update({
      TableName: this.tables.credentials,
      Key: { pk: credentialKey(user.email) },
      UpdateExpression: 'SET #hash = :hash',
      ConditionExpression: '#u = :id',
      ExpressionAttributeNames: { '#hash': 'passwordHash', '#u': 'userId' },
      ExpressionAttributeValues: { ':hash': passwordHash, ':id': userId },
    });
  }

  /** Deletes an e-mail's credential, only while it still belongs to the account `userId`. */
  private credentialDelete(email: string, userId: string) {
    return {
      Delete: {
        TableName: this.tables.credentials,
        Key: { pk: credentialKey(email) },
        ConditionExpression: '#u = :id',
        ExpressionAttributeNames: { '#u': 'userId' },
        ExpressionAttributeValues: { ':id': userId },
      },
    };
  }

  /** Changes the admin counter; a decrease must leave at least one admin. */
  private adminCountChange(delta: 1 | -1, keepOne = false) {
    return {
      Update: {
        TableName: this.tables.credentials,
        Key: { pk: ADMIN_COUNT_KEY },
        UpdateExpression: 'ADD #count :delta',
        ...(keepOne ? { ConditionExpression: '#count > :one' } : {}),
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':delta': delta, ...(keepOne ? { ':one': 1 } : {}) },
      },
    };
  }
}
