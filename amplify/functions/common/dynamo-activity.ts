/**
 * The activity log in DynamoDB (server/activity/activity-log.ts defines it). One item per entry,
 * the entry as JSON, `ttl` a year on so DynamoDB deletes it by itself. Newest first through three
 * indexes sorted by `sortKey` (time, then id): the whole log (one constant partition: a shop's
 * staff write a few thousand entries a day at most), one person's, one kind's. A page of a person
 * and a kind queries the person's index and filters by kind.
 */
import type { ActivityEntry } from '../../../shared/activity';
import type { ActivityLog, ActivityPage, ActivityQuery } from '../../../server/activity/activity-log';
import { validationError } from '../../../server/errors';
import type { DynamoPort, Item } from './dynamo-port';

export const ACTIVITY_INDEXES = { all: 'activityByTime', actor: 'activityByActor', kind: 'activityByKind' } as const;
/** The partition key of the whole-log index: every entry carries it. */
export const ACTIVITY_LOG_PARTITION = 'shop';
/** The attributes a page's key may hold (the table's key and the indexes'). */
const KEY_ATTRIBUTES = new Set(['id', 'sortKey', 'log', 'actorId', 'kind']);

/** Index reads one page may take when filtering by person and kind. */
const MAX_READS_PER_PAGE = 10;

const encodeToken = (key: Item) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeToken(token: string): Item {
  try {
    const key = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (
      key &&
      typeof key === 'object' &&
      !Array.isArray(key) &&
      Object.entries(key).every(([name, value]) => KEY_ATTRIBUTES.has(name) && typeof value === 'string' && value.length <= 200)
    ) {
      return key as Item;
    }
  } catch {
    /* reported below */
  }
  throw validationError('Invalid nextToken');
}

export class DynamoActivityLog implements ActivityLog {
  constructor(
    private readonly db: DynamoPort,
    private readonly table: string,
  ) {}

  async add(entry: ActivityEntry, expiresAt: number): Promise<void> {
    await this.db.put({
      TableName: this.table,
      Item: {
        id: entry.id,
        log: ACTIVITY_LOG_PARTITION,
        sortKey: `${entry.at}#${entry.id}`,
        actorId: entry.actorId,
        kind: entry.kind,
        entry: JSON.stringify(entry),
        ttl: Math.ceil(expiresAt / 1000),
      },
      ConditionExpression: 'attribute_not_exists(id)',
    });
  }

  async list({ actorId, kind, limit, nextToken }: ActivityQuery): Promise<ActivityPage> {
    const [index, field, value] = actorId
      ? [ACTIVITY_INDEXES.actor, 'actorId', actorId]
      : kind
        ? [ACTIVITY_INDEXES.kind, 'kind', kind]
        : [ACTIVITY_INDEXES.all, 'log', ACTIVITY_LOG_PARTITION];
    const byKindToo = Boolean(actorId && kind);
    const entries: ActivityEntry[] = [];
    let startKey: Item | undefined = nextToken ? decodeToken(nextToken) : undefined;
    // With a filter, a page of the index may hold fewer matches than asked: read on until full,
    // or for a few reads at most (the next page goes on from there).
    let reads = 0;
    do {
      reads += 1;
      const page = await this.db
        .query({
          TableName: this.table,
          IndexName: index,
          KeyConditionExpression: '#k = :k',
          ExpressionAttributeNames: { '#k': field, ...(byKindToo ? { '#kind': 'kind' } : {}) },
          ExpressionAttributeValues: { ':k': value, ...(byKindToo ? { ':kind': kind } : {}) },
          ...(byKindToo ? { FilterExpression: '#kind = :kind' } : {}),
          ScanIndexForward: false,
          Limit: limit - entries.length,
          ExclusiveStartKey: startKey,
        })
        .catch((error: unknown) => {
          // A token of the right shape for another index: DynamoDB refuses the starting key.
          if (nextToken && error instanceof Error && error.name === 'ValidationException') throw validationError('Invalid nextToken');
          throw error;
        });
      entries.push(...page.items.map((item) => JSON.parse(String(item.entry)) as ActivityEntry));
      startKey = page.lastKey;
    } while (startKey && entries.length < limit && reads < MAX_READS_PER_PAGE);
    return { entries, nextToken: startKey ? encodeToken(startKey) : null };
  }
}
