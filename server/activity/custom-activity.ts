/**
 * What a custom staff mutation leaves in the activity log: what to read before it runs (the old
 * values) and the entry made from its arguments, its answer and that reading. Each operation
 * declares its own (server/composition/feature.ts); the composition runs it on both backends, so
 * both log a change the same way. The helpers here word the entries alike.
 */
import { activityTargetName, activityValue, type FieldChange } from '../../shared/activity';
import type { AccountService } from '../accounts/account-service';
import { slowdownText, type LockoutRule } from '../accounts/throttle';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { ModelRecord } from '../model/model-writes';
import type { ActivityFacts } from './activity-log';

export interface ActivitySources {
  accounts: Pick<AccountService, 'getUser'>;
  catalogue: Pick<CatalogueService, 'records'>;
}

export interface CustomActivity {
  /** Read before the mutation runs. */
  before?: (args: Record<string, unknown>, sources: ActivitySources) => Promise<unknown>;
  facts: (args: Record<string, unknown>, result: unknown, before: unknown) => ActivityFacts | null;
}

const ACCOUNT_FIELDS = ['name', 'email'] as const;
/** The account fields an entry compares (never the password, never the role). */
export const accountFields = (user: unknown) => {
  const record = (user ?? null) as Record<string, unknown> | null;
  return record && Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, record[field]]));
};

/** An entry about an account. */
export const accountActivity = (action: string, user: unknown, changes: FieldChange[]): ActivityFacts => {
  const record = user as Record<string, unknown> | null;
  return { kind: 'account', action, targetId: (record?.id as string | undefined) ?? null, targetName: activityTargetName(record), changes };
};

/** Names (or descriptions) in display order, joined: how an order or a set reads in the log. */
export const inOrder = (records: unknown) =>
  activityValue(
    [...((records ?? []) as ModelRecord[])]
      .sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0))
      .map((record) => activityTargetName(record) ?? record.id),
  );

/** One change, or none when nothing changed. */
export const change = (field: string, before: string | null, after: string | null): FieldChange[] =>
  before === after ? [] : [{ field, before, after }];

/**
 * An account's sign-ins started waiting: its failures from all addresses together passed the free
 * ones (one entry per episode; AccountService says when). The shop did it, not an admin.
 */
export const signInsSlowedActivity = (user: unknown, rule: LockoutRule): ActivityFacts =>
  accountActivity('sign-ins slowed', user, [
    {
      field: 'failed sign-ins',
      before: null,
      after: slowdownText(rule),
    },
  ]);
