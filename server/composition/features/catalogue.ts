/**
 * The catalogue's all-or-nothing staff changes (product §5-§8): banners replaced as a set, orders
 * of categories and tags, a category deleted with its tags, and item imports and the till's stock
 * file in chunks (decisions 0296 and 0306). Each leaves an activity entry.
 */
import type { ItemImportRow } from '../../../shared/item-import';
import { activityTargetName, fieldChanges } from '../../../shared/activity';
import { deadlineFromNow } from '../../../shared/work-deadline';
import { change, inOrder } from '../../activity/custom-activity';
import type { Feature } from '../feature';
import { CATALOGUE_FUNCTION } from '../lambdas';
import type { ModelRecord } from '../../model/model-writes';
import type { ItemImportReport } from '../../catalogue/catalogue-service';

const count = (n: number) => (n ? String(n) : null);

export const catalogueFeature: Feature = {
  name: 'catalogue',
  lambda: CATALOGUE_FUNCTION,
  operations: {
    'Mutation.replaceBanners': {
      callers: 'staff',
      run: ({ catalogue }, args) => catalogue.replaceBanners(args.images as string[], args.descriptions as unknown[] | null | undefined),
      activity: {
        before: (_args, { catalogue }) => catalogue.records('Banner'),
        facts: (_args, banners, before) => ({
          kind: 'banner',
          action: 'replace',
          targetId: null,
          targetName: `${(banners as unknown[]).length} banners`,
          changes: change('banners', inOrder(before), inOrder(banners)),
        }),
      },
    },
    'Mutation.reorderCategories': {
      callers: 'staff',
      run: ({ catalogue }, args) => catalogue.reorderCategories(args.ids as string[]),
      activity: {
        before: (_args, { catalogue }) => catalogue.records('Category'),
        facts: (_args, categories, before) => ({
          kind: 'category',
          action: 'reorder',
          targetId: null,
          targetName: 'Category order',
          changes: change('order', inOrder(before), inOrder(categories)),
        }),
      },
    },
    'Mutation.reorderTags': {
      callers: 'staff',
      run: ({ catalogue }, args) => catalogue.reorderTags(String(args.categoryId), args.ids as string[]),
      activity: {
        before: (args, { catalogue }) => catalogue.records('Tag', { field: 'categoryId', value: String(args.categoryId) }),
        facts: (args, tags, before) => ({
          kind: 'tag',
          action: 'reorder',
          targetId: String(args.categoryId),
          targetName: 'Tag order',
          changes: change('order', inOrder(before), inOrder(tags)),
        }),
      },
    },
    'Mutation.deleteCategoryAndTags': {
      callers: 'staff',
      run: ({ catalogue }, args) => catalogue.deleteCategoryAndTags(String(args.id)),
      activity: {
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
    },
    'Mutation.importItems': {
      callers: 'staff',
      run: ({ catalogue }, args, context) =>
        catalogue.importItems(
          {
            importId: args.importId as string,
            offset: args.offset as number,
            rows: args.rows as ItemImportRow[],
            apply: args.apply === true,
            stockOnly: args.stockOnly === true,
          },
          // A Lambda's remaining time; locally the same time from the request's start (decision 0307).
          context.remainingMs ?? deadlineFromNow(),
        ),
      activity: {
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
    },
  },
};
