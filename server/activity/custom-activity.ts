/**
 * What each custom admin mutation leaves in the activity log: what to read before it runs (the
 * old values) and the entry made from its arguments, its answer and that reading. Run by the
 * handler table (server/operations/index.ts), so both backends log a change the same way.
 */
import { activityTargetName, activityValue, fieldChanges, type FieldChange } from '../../shared/activity';
import type { AccountService } from '../accounts/account-service';
import type { ActivityRecorder } from './activity-recorder';
import { waitText, type LockoutRule } from '../accounts/throttle';
import type { CatalogueService, ItemImportReport } from '../catalogue/catalogue-service';
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
const accountFields = (user: unknown) => {
  const record = (user ?? null) as Record<string, unknown> | null;
  return record && Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, record[field]]));
};

const account = (action: string, user: unknown, changes: FieldChange[]): ActivityFacts => {
  const record = user as Record<string, unknown> | null;
  return { kind: 'account', action, targetId: (record?.id as string | undefined) ?? null, targetName: activityTargetName(record), changes };
};

/** Names (or descriptions) in display order, joined: how an order or a set reads in the log. */
const inOrder = (records: unknown) =>
  activityValue(
    [...((records ?? []) as ModelRecord[])]
      .sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0))
      .map((record) => activityTargetName(record) ?? record.id),
  );

const change = (field: string, before: string | null, after: string | null): FieldChange[] =>
  before === after ? [] : [{ field, before, after }];

const count = (n: number) => (n ? String(n) : null);

export const CUSTOM_ACTIVITY: Record<string, CustomActivity> = {
  'Mutation.createAdmin': {
    facts: (_args, user) => account('create admin', user, fieldChanges(null, accountFields(user))),
  },
  'Mutation.updateAdmin': {
    before: (args, { accounts }) => accounts.getUser(String(args.id)),
    facts: (_args, user, before) => account('update admin', user, fieldChanges(accountFields(before), accountFields(user))),
  },
  'Mutation.deleteAdmin': {
    facts: (_args, user) => account('delete admin', user, fieldChanges(accountFields(user), null)),
  },
  'Mutation.createPasswordResetLink': {
    before: (args, { accounts }) => accounts.getUser(String(args.userId)),
    facts: (_args, _link, user) => account('password link', user, []),
  },
  'Mutation.confirmUserEmail': {
    facts: (_args, user) => account('confirm email', user, []),
  },
  'Mutation.replaceBanners': {
    before: (_args, { catalogue }) => catalogue.records('Banner'),
    facts: (_args, banners, before) => ({
      kind: 'banner',
      action: 'replace',
      targetId: null,
      targetName: `${(banners as unknown[]).length} banners`,
      changes: change('banners', inOrder(before), inOrder(banners)),
    }),
  },
  'Mutation.reorderCategories': {
    before: (_args, { catalogue }) => catalogue.records('Category'),
    facts: (_args, categories, before) => ({
      kind: 'category',
      action: 'reorder',
      targetId: null,
      targetName: 'Category order',
      changes: change('order', inOrder(before), inOrder(categories)),
    }),
  },
  'Mutation.reorderTags': {
    before: (args, { catalogue }) => catalogue.records('Tag', { field: 'categoryId', value: String(args.categoryId) }),
    facts: (args, tags, before) => ({
      kind: 'tag',
      action: 'reorder',
      targetId: String(args.categoryId),
      targetName: 'Tag order',
      changes: change('order', inOrder(before), inOrder(tags)),
    }),
  },
  'Mutation.deleteCategoryAndTags': {
    before: (args, { catalogue }) => catalogue.records('Tag', { field: 'categoryId', value: String(args.id) }),
    facts: (_args, category, tags) => {
      const record = category as ModelRecord;
      return {
        kind: 'category',
        action: 'delete',
        targetId: record.id,
        targetName: activityTargetName(record),
        changes: [
          ...fieldChanges({ name: record.name, type: record.type, visible: record.visible }, null),
          ...change('tags', inOrder(tags), null),
        ],
      };
    },
  },
  'Mutation.importItems': {
    facts: (args, result) => {
      const report = result as ItemImportReport;
      // A dry run writes nothing.
      if (!report.appliedRows.length) return null;
      const applied = new Set(report.appliedRows);
      const rows = args.rows as Array<{ row: number }>;
      const outcomes = rows.map((row, index) => (applied.has(row.row) ? report.outcomes[index] : null));
      const created = outcomes.filter((outcome) => outcome === 'create').length;
      const updated = outcomes.filter((outcome) => outcome === 'update').length;
      // A stock file from the till (decision 0296) also says what it left out and did not find.
      const stock = args.stockOnly === true;
      // One entry per chunk that wrote rows, named by its import and rows (decision 0306).
      const numbers = rows.map((row) => row.row);
      return {
        kind: 'import',
        action: `${report.applied ? 'apply' : 'apply in part'}${stock ? ' (stock file)' : ''}`,
        targetId: typeof args.importId === 'string' ? args.importId : null,
        targetName: `rows ${Math.min(...numbers)}-${Math.max(...numbers)} (${rows.length} rows)`,
        changes: [
          ...change('created', null, count(created)),
          ...change('updated', null, count(updated)),
          ...(stock ? change('left out', null, count(report.outcomes.filter((outcome) => outcome === 'error').length)) : []),
          ...(stock ? change('UPCs not found', null, count(report.unknownUpcs.length)) : []),
          ...change('not applied', null, report.failure),
        ],
      };
    },
  },
};

/**
 * An account's sign-ins started waiting: its failures from all addresses together passed the free
 * ones (one entry per episode; AccountService says when). The shop did it, not an admin.
 */
export const signInsSlowedActivity = (user: unknown, rule: LockoutRule): ActivityFacts =>
  account('sign-ins slowed', user, [
    {
      field: 'failed sign-ins',
      before: null,
      after: `${rule.freeFailures} from any addresses; each further try waits ${waitText(rule.firstDelayMs)}, doubling up to ${waitText(rule.maxDelayMs)}`,
    },
  ]);

/** Logs each account whose sign-ins start waiting; the local server and the cloud's accounts function both call it. */
export function logSlowedSignIns(accounts: Pick<AccountService, 'onSignInsSlowed'>, activity: ActivityRecorder): void {
  accounts.onSignInsSlowed((user, rule) => activity.recordByShop(signInsSlowedActivity(user, rule)));
}
