/**
 * The catalogue store in DynamoDB (server/catalogue/catalogue-service.ts defines it): reads scan
 * the model's table; a commit is one TransactWriteItems, each update and delete conditioned on the
 * updatedAt the service read. Items look like the ones AppSync's own resolvers write (`id`,
 * `__typename`, `createdAt`, `updatedAt`), so getX/listXs read them unchanged.
 */
import { randomUUID } from 'node:crypto';
import type { CatalogueStore, CatalogueWrite } from '../../../server/catalogue/catalogue-service';
import type { ModelRecord } from '../../../server/model/model-writes';
import { conditionFailed, validationError } from '../../../server/errors';
import { allPages, cancellationReasons, nextTimestamp, type DynamoPort, type Item } from './dynamo-port';

/** DynamoDB's limit on one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

const asRecord = (item: Item) => {
  const { __typename: _typename, ...fields } = item;
  return fields as ModelRecord;
};

export class DynamoCatalogueStore implements CatalogueStore {
  readonly maxWritesPerCommit = MAX_TRANSACTION_ITEMS;

  /** `tables` maps a model name to its table (e.g. Banner -> Banner-<apiId>-NONE). */
  constructor(
    private readonly db: DynamoPort,
    private readonly tables: Record<string, string>,
    private readonly now: () => number = Date.now,
  ) {}

  private tableFor(model: string): string {
    const table = this.tables[model];
    if (!table) throw new Error(`no table configured for model ${model}`);
    return table;
  }

  async all(model: string, where?: { field: string; value: string }) {
    const items = await allPages((startKey) =>
      this.db.scan({
        TableName: this.tableFor(model),
        ExclusiveStartKey: startKey,
        ...(where
          ? {
              FilterExpression: '#f = :v',
              ExpressionAttributeNames: { '#f': where.field },
              ExpressionAttributeValues: { ':v': where.value },
            }
          : {}),
      }),
    );
    return items.map(asRecord);
  }

  async get(model: string, id: string) {
    const item = id ? await this.db.get({ TableName: this.tableFor(model), Key: { id } }) : undefined;
    return item ? asRecord(item) : null;
  }

  async commit(writes: CatalogueWrite[]) {
    if (writes.length === 0) return [];
    if (writes.length > MAX_TRANSACTION_ITEMS) throw validationError(`One change can touch at most ${MAX_TRANSACTION_ITEMS} records`);
    const now = this.now();
    const results: ModelRecord[] = [];
    const operations = await Promise.all(
      writes.map(async (write, position) => {
        const TableName = this.tableFor(write.model);
        switch (write.op) {
          case 'create': {
            const stamp = new Date(now).toISOString();
            const item = { ...write.fields, id: write.id ?? randomUUID(), __typename: write.model, createdAt: stamp, updatedAt: stamp };
            results[position] = asRecord(item);
            return {
              Put: { TableName, Item: item, ConditionExpression: 'attribute_not_exists(#id)', ExpressionAttributeNames: { '#id': 'id' } },
            };
          }
          case 'update': {
            const current = await this.get(write.model, write.id);
            if (!current) throw conditionFailed();
            const updatedAt = nextTimestamp(now, write.expectUpdatedAt);
            results[position] = { ...current, ...write.fields, updatedAt };
            const names = Object.keys(write.fields);
            return {
              Update: {
                TableName,
                Key: { id: write.id },
                UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}, #updatedAt = :updatedAt`,
                ConditionExpression: '#updatedAt = :seen',
                ExpressionAttributeNames: { ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])), '#updatedAt': 'updatedAt' },
                ExpressionAttributeValues: {
                  ...Object.fromEntries(names.map((name, i) => [`:f${i}`, write.fields[name]])),
                  ':updatedAt': updatedAt,
                  ':seen': write.expectUpdatedAt,
                },
              },
            };
          }
          case 'delete': {
            const current = await this.get(write.model, write.id);
            if (!current) throw conditionFailed();
            results[position] = current;
            return {
              Delete: {
                TableName,
                Key: { id: write.id },
                ConditionExpression: '#updatedAt = :seen',
                ExpressionAttributeNames: { '#updatedAt': 'updatedAt' },
                ExpressionAttributeValues: { ':seen': write.expectUpdatedAt },
              },
            };
          }
        }
      }),
    );
    try {
      await this.db.transactWrite({ TransactItems: operations });
    } catch (error) {
      // Conflicts and throttling were retried (dynamo-retry.ts); only a failed condition is a stale edit.
      if (cancellationReasons(error)?.includes('ConditionalCheckFailed')) throw conditionFailed();
      throw error;
    }
    return results;
  }
}
