/**
 * The emulated cloud's ShopThrottle table, read straight from DynamoDB Local (`npm run test:cloud`
 * sets CLOUD_DYNAMO_ENDPOINT and CLOUD_THROTTLE_TABLE): the API never shows the throttle's counts;
 * and the Item table (CLOUD_ITEM_TABLE), where a test gives an item months of price history.
 * The AWS SDK comes from the emulation's install (tests/cloud-emulation), loaded when first used, so
 * the app's own type check and install need nothing of it.
 */
import { createRequire } from 'node:module';

interface AttributeValue {
  S?: string;
  N?: string;
  M?: Record<string, AttributeValue>;
  NULL?: boolean;
}
export interface ThrottleItem {
  key: string;
  state: Record<string, number> | null;
  version: number;
  ttl: number;
}

interface DynamoSdk {
  DynamoDBClient: new (config: Record<string, unknown>) => {
    send(command: unknown): Promise<{ Items?: Array<Record<string, AttributeValue>>; LastEvaluatedKey?: unknown }>;
  };
  ScanCommand: new (input: Record<string, unknown>) => unknown;
  UpdateItemCommand: new (input: Record<string, unknown>) => unknown;
  PutItemCommand: new (input: Record<string, unknown>) => unknown;
  DeleteItemCommand: new (input: Record<string, unknown>) => unknown;
}

let client: InstanceType<DynamoSdk['DynamoDBClient']> | undefined;
let sdk: DynamoSdk | undefined;

/** DynamoDB Local's client, for the tables no API shows (also tests/cloud/support/account-links.ts). */
export function dynamo() {
  const endpoint = process.env.CLOUD_DYNAMO_ENDPOINT;
  if (!endpoint) throw new Error('CLOUD_DYNAMO_ENDPOINT: run through npm run test:cloud');
  sdk ??= createRequire(new URL('../../cloud-emulation/package.json', import.meta.url))('@aws-sdk/client-dynamodb') as DynamoSdk;
  // DynamoDB Local (-sharedDb) accepts any credentials (tests/cloud-emulation/services.ts).
  client ??= new sdk.DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return { sdk, client };
}

const plain = (value: AttributeValue | undefined): unknown => {
  if (!value || value.NULL) return null;
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.M) return Object.fromEntries(Object.entries(value.M).map(([name, inner]) => [name, plain(inner)]));
  return null;
};

/** Every item of the throttle table (a test's own addresses keep its items apart from others'). */
export async function throttleItems(): Promise<ThrottleItem[]> {
  const {
    sdk: { ScanCommand },
    client: db,
  } = dynamo();
  const items: ThrottleItem[] = [];
  let startKey: unknown;
  do {
    const page = await db.send(
      new ScanCommand({ TableName: process.env.CLOUD_THROTTLE_TABLE, ConsistentRead: true, ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? [])
      items.push(Object.fromEntries(Object.entries(item).map(([name, value]) => [name, plain(value)])) as unknown as ThrottleItem);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * Gives an item a stored price history, as months of a running shop would have left it
 * (tests/cloud/sale-rule.test.ts): no API writes one (decision 0293). CLOUD_ITEM_TABLE names the table.
 */
export async function setPriceHistory(id: string, history: string[]): Promise<void> {
  const {
    sdk: { UpdateItemCommand },
    client: db,
  } = dynamo();
  await db.send(
    new UpdateItemCommand({
      TableName: process.env.CLOUD_ITEM_TABLE,
      Key: { id: { S: id } },
      UpdateExpression: 'SET #h = :h',
      ExpressionAttributeNames: { '#h': 'priceHistory' },
      ExpressionAttributeValues: { ':h': { L: history.map((entry) => ({ S: entry })) } },
      ConditionExpression: 'attribute_exists(id)',
    }),
  );
}

/**
 * Forgets the sign-up, e-mail confirmation and "Forgot password?" counts per address
 * (`signUp#<address>`, `confirmEmail#<address>`, `resetRequest#<address>`) that earlier tests left:
 * every test signs its customers up, confirms them and asks for links from the same loopback
 * address, and a test must not depend on how many the ones before it made (10 sign-ups in 6
 * minutes per address, server/accounts/account-service.ts).
 */
export async function forgetAddressLimits(): Promise<void> {
  const {
    sdk: { DeleteItemCommand },
    client: db,
  } = dynamo();
  for (const item of await throttleItems())
    if (['signUp#', 'confirmEmail#', 'resetRequest#'].some((prefix) => item.key.startsWith(prefix)))
      await db.send(new DeleteItemCommand({ TableName: process.env.CLOUD_THROTTLE_TABLE, Key: { key: { S: item.key } } }));
}
